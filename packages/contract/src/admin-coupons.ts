import { z } from 'zod'
import {
  AUDITED,
  instantInputSchema,
  instantSchema,
  lines,
  oneLine,
  pageSizeSchema,
  reasonSchema,
} from './admin-content'
import { CASE_HANDLERS } from './admin-inquiries'
import { COUPON_SCOPES, couponModelSchema, couponShopSchema } from './coupons'
import { MACHINE_MODEL_ID } from './machines'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * Coupons in the operators' console (decision 0079). Editors write a coupon as a draft — what it
 * gives, on what conditions, where (one shop, some machine models, every booth), its campaign's
 * window, how long a ticket of it lasts and who gets it — change it while it is a draft, publish it,
 * and withdraw it. Members get their tickets when they open their coupons page (decision 0044):
 * nothing is handed out at publication, so a member who signs up or becomes premium during the
 * campaign gets theirs the same way. Support and admins give a ticket of an individual coupon to
 * one member, as a person's case. Every operator reads. Times are ISO 8601 instants (UTC), as an
 * operator's screen converts them.
 */

/**
 * Who gets a coupon's tickets, each member once unless said otherwise, while the coupon is
 * published and its window is open:
 * - `EVERY_MEMBER`: every member;
 * - `PREMIUM`: members with premium (paid or the junior-high free premium) when they get it;
 * - `FREE`: members without premium when they get it;
 * - `SIGN_UP`: those who registered during the window, lasting from their registration;
 * - `PREMIUM_MONTHLY`: members with premium, once each Japan calendar month, until the month's end;
 * - `INDIVIDUAL`: only the members an operator gives it to, one by one.
 */
export const COUPON_GRANTS = [
  'EVERY_MEMBER',
  'PREMIUM',
  'FREE',
  'SIGN_UP',
  'PREMIUM_MONTHLY',
  'INDIVIDUAL',
] as const
export type CouponGrant = (typeof COUPON_GRANTS)[number]

/**
 * Where a coupon is, from its publication and its window at "now":
 * - `draft`: not published; members never get it, and editors may change it;
 * - `scheduled`: published, its window not open yet;
 * - `published`: published and its window open: members get their tickets;
 * - `ended`: its window closed; tickets given stay valid until their own end;
 * - `withdrawn`: an editor stopped it; nobody gets a ticket of it any more, tickets given stay.
 */
export const COUPON_STATES = ['draft', 'scheduled', 'published', 'ended', 'withdrawn'] as const
export type CouponState = (typeof COUPON_STATES)[number]

export const COUPON_ADMIN_LIMITS = {
  titleMax: 60,
  benefitMax: 60,
  conditionsMax: 1000,
  /** A ticket lasts from 1 day to about a year. */
  validDaysMax: 366,
  modelsMax: 50,
  /** Why a ticket was given to one member: said every time, kept in the audit log. */
  giveReasonMax: 500,
} as const

const couponFields = {
  title: oneLine(COUPON_ADMIN_LIMITS.titleMax),
  benefit: oneLine(COUPON_ADMIN_LIMITS.benefitMax).describe(
    'What it gives, in a line (such as 100 yen off one play).',
  ),
  conditions: lines(COUPON_ADMIN_LIMITS.conditionsMax).describe('Plain text; line breaks are \\n.'),
  grant: z.enum(COUPON_GRANTS),
  validDays: z
    .number()
    .int()
    .min(1)
    .max(COUPON_ADMIN_LIMITS.validDaysMax)
    .describe(
      'How many days a ticket lasts from when the member gets it (from their registration for SIGN_UP); never past `endsAt`. Not read for PREMIUM_MONTHLY, whose tickets last to the month’s end.',
    ),
  scope: z.enum(COUPON_SCOPES),
  shopId: z.uuid().nullable().describe('The shop, exactly when `scope` is SHOP.'),
  modelIds: z
    .array(z.string().regex(MACHINE_MODEL_ID))
    .max(COUPON_ADMIN_LIMITS.modelsMax)
    .describe('The machine models, exactly when `scope` is MODELS (else empty).'),
  startsAt: instantInputSchema.describe('When the campaign opens: members get tickets from then on.'),
  endsAt: instantInputSchema
    .nullable()
    .describe('When it closes (a time to come, after `startsAt`); null: open-ended.'),
}

/** A coupon as an editor writes it, whole: its draft made, or changed. */
export const couponWriteSchema = z.object({ ...couponFields, reason: reasonSchema })
export type CouponWrite = z.infer<typeof couponWriteSchema>

export const couponStepSchema = z.object({ reason: reasonSchema })
export type CouponStep = z.infer<typeof couponStepSchema>

export const couponListQuerySchema = z.object({
  state: z.enum(COUPON_STATES).optional().describe('Only the coupons in this state now.'),
  after: z
    .uuid()
    .optional()
    .describe('`next` of the previous page: the page after it. Absent: the first page.'),
  limit: pageSizeSchema,
})
export type CouponListQuery = z.infer<typeof couponListQuerySchema>

export const adminCouponSchema = z.object({
  id: z.string(),
  state: z.enum(COUPON_STATES),
  title: z.string(),
  benefit: z.string(),
  conditions: z.string(),
  grant: z.enum(COUPON_GRANTS),
  validDays: z.number().int(),
  scope: z.enum(COUPON_SCOPES),
  shop: couponShopSchema.nullable().describe('The shop, when `scope` is SHOP.'),
  models: z.array(couponModelSchema).describe('The machine models, when `scope` is MODELS (else empty).'),
  startsAt: instantSchema,
  endsAt: instantSchema.nullable(),
  publishedAt: instantSchema.nullable().describe('Null while it is a draft.'),
  withdrawnAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
})
export type AdminCoupon = z.infer<typeof adminCouponSchema>

export const adminCouponDetailSchema = adminCouponSchema.extend({
  tickets: z
    .object({
      given: z.number().int().describe('Tickets members hold (an account deleted takes its own).'),
      used: z.number().int().describe('Of them, those used at a shop.'),
    })
    .describe('How many tickets members got, and used.'),
})
export type AdminCouponDetail = z.infer<typeof adminCouponDetailSchema>

export const adminCouponPageSchema = z.object({
  coupons: z.array(adminCouponSchema).describe('The newest written first.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminCouponPage = z.infer<typeof adminCouponPageSchema>

export const couponParamsSchema = z.object({ couponId: z.uuid() })
export const couponRecipientParamsSchema = couponParamsSchema.extend({ accountId: z.uuid() })

/** A member's ticket of the coupon, as the console shows it (its code never: that is the member's). */
export const adminCouponTicketSchema = z.object({
  id: z.string(),
  grantedAt: instantSchema,
  validFrom: instantSchema,
  validUntil: instantSchema.describe('Excluded.'),
  usedAt: instantSchema.nullable(),
})
export type AdminCouponTicket = z.infer<typeof adminCouponTicketSchema>

/**
 * Whom a ticket would go to, shown before giving it: enough to tell it is the right person, no
 * more. The mail address keeps its first character and its domain (`t***@example.com`).
 */
export const adminCouponRecipientSchema = z.object({
  accountId: z.string(),
  mailAddressHint: z
    .string()
    .nullable()
    .describe('The mail address masked but its first character and domain; null without one.'),
  membership: z.enum(['MINI', 'PREMIUM', 'JHS_PREMIUM']).describe('As of now.'),
  registeredAt: instantSchema,
  ticket: adminCouponTicketSchema
    .nullable()
    .describe('The ticket of this coupon the member holds; null: none.'),
})
export type AdminCouponRecipient = z.infer<typeof adminCouponRecipientSchema>

export const couponGiveSchema = z.object({
  accountId: z.uuid().describe("The member's account id."),
  reason: oneLine(COUPON_ADMIN_LIMITS.giveReasonMax).describe(
    'Why this member gets it (an inquiry’s reference number, an apology): required, kept in the audit log. Write no personal data here.',
  ),
})
export type CouponGive = z.infer<typeof couponGiveSchema>

const COUPONS = '/admin/api/coupons'

const WINDOW =
  'VALIDATION_FAILED when the scope and the shop or models disagree, a shop or model is unknown, or the window closes before it opens or has closed already.'

/**
 * The console's routes for coupons. Every operator reads; editors and admins write, publish and
 * withdraw; support and admins give a ticket to one member (`coupons.policy.ts` decides the same
 * again in the service).
 */
export const adminCouponsApi = {
  adminCoupons: route({
    method: 'GET',
    path: COUPONS,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page of coupons, the newest written first, of one state or all.',
    query: couponListQuerySchema,
    response: wrapped(adminCouponPageSchema),
  }),
  adminCoupon: route({
    method: 'GET',
    path: `${COUPONS}/:couponId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'One coupon in whatever state, with how many tickets members got and used.',
    errors: ['COUPON_NOT_FOUND'],
    params: couponParamsSchema,
    response: wrapped(adminCouponDetailSchema),
  }),
  adminCouponCreate: route({
    method: 'POST',
    path: COUPONS,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Writes a coupon as a draft, which no member gets.',
    description: `${WINDOW} ${AUDITED}`,
    body: couponWriteSchema,
    response: wrapped(adminCouponDetailSchema),
  }),
  adminCouponChange: route({
    method: 'PUT',
    path: `${COUPONS}/:couponId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes a draft coupon, whole.',
    description: `COUPON_STATE_CONFLICT once it is published: members may hold tickets of it. ${WINDOW} ${AUDITED}`,
    errors: ['COUPON_NOT_FOUND', 'COUPON_STATE_CONFLICT'],
    params: couponParamsSchema,
    body: couponWriteSchema,
    response: wrapped(adminCouponDetailSchema),
  }),
  adminCouponPublish: route({
    method: 'POST',
    path: `${COUPONS}/:couponId/publish`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Publishes a draft coupon: from its window’s start the members it targets get their tickets.',
    description: `COUPON_STATE_CONFLICT unless it is a draft; VALIDATION_FAILED when its window has closed. ${AUDITED}`,
    errors: ['COUPON_NOT_FOUND', 'COUPON_STATE_CONFLICT'],
    params: couponParamsSchema,
    body: couponStepSchema,
    response: wrapped(adminCouponDetailSchema),
  }),
  adminCouponWithdraw: route({
    method: 'POST',
    path: `${COUPONS}/:couponId/withdraw`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Withdraws a scheduled or published coupon: nobody gets a ticket of it any more.',
    description: `Tickets members hold stay valid until their own end: the shops honour them. Final: a withdrawn coupon is not published again. COUPON_STATE_CONFLICT for a draft, an ended or a withdrawn coupon. ${AUDITED}`,
    errors: ['COUPON_NOT_FOUND', 'COUPON_STATE_CONFLICT'],
    params: couponParamsSchema,
    body: couponStepSchema,
    response: wrapped(adminCouponDetailSchema),
  }),
  adminCouponRecipient: route({
    method: 'GET',
    path: `${COUPONS}/:couponId/recipients/:accountId`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Whom a ticket of the coupon would go to, masked, and the ticket they hold of it.',
    errors: ['COUPON_NOT_FOUND', 'MEMBER_NOT_FOUND'],
    params: couponRecipientParamsSchema,
    response: wrapped(adminCouponRecipientSchema),
  }),
  adminCouponGive: route({
    method: 'POST',
    path: `${COUPONS}/:couponId/tickets`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Gives one member a ticket of an individual coupon, with the reason.',
    description: `The ticket lasts \`validDays\` from now (from the window's start if it has not opened), never past \`endsAt\`. COUPON_NOT_GIVABLE for a coupon members get by themselves (every grant but INDIVIDUAL); COUPON_STATE_CONFLICT unless it is scheduled or published; COUPON_ALREADY_GIVEN when the member holds a ticket of it. ${AUDITED}`,
    errors: [
      'COUPON_NOT_FOUND',
      'MEMBER_NOT_FOUND',
      'COUPON_STATE_CONFLICT',
      'COUPON_NOT_GIVABLE',
      'COUPON_ALREADY_GIVEN',
    ],
    params: couponParamsSchema,
    body: couponGiveSchema,
    response: wrapped(adminCouponRecipientSchema),
  }),
}
