import { z } from 'zod'
import { wrapped } from './wrapper'

/**
 * Coupons (decision 0044). A coupon is a campaign (what it gives, on what
 * conditions, where); a ticket is one member's copy of it, with its own validity and a short code
 * shown at the shop once it is used. A ticket is used once only.
 */

/** Where a coupon can be used: one shop, booths of some machine models, or every booth. */
export const COUPON_SCOPES = ['SHOP', 'MODELS', 'EVERY_BOOTH'] as const
export type CouponScope = (typeof COUPON_SCOPES)[number]

/**
 * Where a ticket stands at "now": USABLE within its validity and not used, NOT_YET_VALID before it,
 * USED once used (whenever), EXPIRED after its validity without being used.
 */
export const TICKET_STATES = ['USABLE', 'NOT_YET_VALID', 'USED', 'EXPIRED'] as const
export type TicketState = (typeof TICKET_STATES)[number]

/**
 * The characters of a ticket's code: digits and capitals without the ones people confuse (0 and O,
 * 1, I and L, S and 5, 8 and B, U and V), so that it reads aloud and copies by eye.
 */
export const TICKET_CODE_ALPHABET = '234679ACDEFGHJKMNPQRTWXYZ'
export const TICKET_CODE_LENGTH = 8

export const TICKET_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const couponShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefectureName: z.string(),
  address: z.string(),
})

export const couponModelSchema = z.object({ id: z.string(), name: z.string() })

export const couponTicketSchema = z.object({
  id: z.string().describe('The ticket (a UUID): what `use` names.'),
  couponId: z.string(),
  title: z.string(),
  benefit: z.string().describe('What the coupon gives, in a line (100 yen off a play, say).'),
  conditions: z.string().describe('The conditions of use, plain text; line breaks are \\n.'),
  scope: z.enum(COUPON_SCOPES),
  shop: couponShopSchema.nullable().describe('The shop, when `scope` is SHOP.'),
  models: z.array(couponModelSchema).describe('The machine models, when `scope` is MODELS (else empty).'),
  validFrom: z.string().describe('From when it can be used, YYYY-MM-DDTHH:mm:ss Japan time.'),
  validUntil: z.string().describe('Until when (excluded), YYYY-MM-DDTHH:mm:ss Japan time.'),
  usedAt: z.string().nullable().describe('When it was used, Japan time; null while unused.'),
  code: z
    .string()
    .nullable()
    .describe(
      'The code to show at the shop (8 characters of TICKET_CODE_ALPHABET); null until the ticket is used, so a picture of an unused ticket proves nothing.',
    ),
  state: z.enum(TICKET_STATES),
})
export type CouponTicket = z.infer<typeof couponTicketSchema>

export const couponTicketsSchema = z.object({ tickets: z.array(couponTicketSchema) })
export type CouponTickets = z.infer<typeof couponTicketsSchema>
export const couponTicketsResponse = wrapped(couponTicketsSchema)

/** `POST /sp/2/coupon/self/tickets/:id/use`: the ticket's id; anything but a UUID is NOT_FOUND. */
export const couponTicketParamsSchema = z.object({ id: z.string().max(64) })
export const couponTicketUseResponse = wrapped(couponTicketSchema)
