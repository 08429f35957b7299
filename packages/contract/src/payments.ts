/** How a premium member pays (decision 0019): a credit card, or the bill of their carrier. */
export const PAYMENT_KINDS = ['CREDIT', 'AU', 'DOCOMO', 'SOFTBANK'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

/** Premium's monthly price including tax, in yen. */
export const PREMIUM_PRICE_YEN = 330
