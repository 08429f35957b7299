import { type PaymentKind, PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import { dateTimeParts } from '../../lib/date-time-parts'
import { t } from './i18n'

/** The monthly price including tax, as the pages write it. */
export function monthlyPrice(priceYen: number = PREMIUM_PRICE_YEN): string {
  return t('payment.price', { price: priceYen })
}

/** A wire date-time ("2026-12-24T10:00:00", Japan time) as its day in Japanese; null when malformed. */
export function fullDate(wire: string | null | undefined): string | null {
  const parts = wire ? dateTimeParts(wire) : null
  return parts && t('common.date', parts)
}

export type CarrierKind = Exclude<PaymentKind, 'CREDIT'>

export function isCarrier(kind: PaymentKind): kind is CarrierKind {
  return kind !== 'CREDIT'
}
