import { COUPON_GRANTS } from '@puribox/contract/admin-coupons'
import { COUPON_SCOPES } from '@puribox/contract/coupons'
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'
import { machineModels, shops } from '../booth/booth.schema'

/**
 * Who gets a coupon's tickets (decisions 0044, 0079; the contract's COUPON_GRANTS says each):
 * everyone, premium or free members once, those who registered during its campaign, premium members
 * once a Japan month, or only the members it is given to one by one (an operator, the demo seed).
 */
export type CouponGrant = (typeof COUPON_GRANTS)[number]

/**
 * A coupon: a campaign, what it gives and where. Once published, its tickets are granted from
 * `starts_at` until `ends_at` (open-ended when null), and no ticket of it is valid after `ends_at`.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** What it gives, in a line. */
    benefit: text('benefit').notNull(),
    /** The conditions of use, plain text. */
    conditions: text('conditions').notNull(),
    grant: text('grant', { enum: COUPON_GRANTS }).notNull(),
    /** A SIGN_UP ticket lasts this many days from the member's registration, an INDIVIDUAL one from its grant. */
    validDays: integer('valid_days').notNull(),
    scope: text('scope', { enum: COUPON_SCOPES }).notNull(),
    /** The shop, when the scope is SHOP. */
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /**
     * When an editor published it; null while it is a draft, which nobody gets. A coupon written
     * outside the console (the demo seed, and every coupon there was before the console) is
     * published as it is written.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /** When an editor withdrew it: nobody gets a ticket of it from then on; tickets given stay. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_grant',
      sql`${t.grant} in ('EVERY_MEMBER', 'PREMIUM', 'FREE', 'SIGN_UP', 'PREMIUM_MONTHLY', 'INDIVIDUAL')`,
    ),
    check('coupons_scope', sql`${t.scope} in ('SHOP', 'MODELS', 'EVERY_BOOTH')`),
    check('coupons_shop', sql`(${t.scope} = 'SHOP') = (${t.shopId} is not null)`),
    check('coupons_valid_days', sql`${t.validDays} between 1 and 366`),
    check('coupons_window', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('coupons_withdrawn', sql`${t.withdrawnAt} is null or ${t.publishedAt} is not null`),
    // The console lists coupons newest written first, a page at a time.
    index('coupons_created_idx').on(t.createdAt, t.id),
  ],
)

/** The machine models a coupon of scope MODELS applies to. */
export const couponModels = pgTable(
  'coupon_models',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    modelId: text('model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.modelId] })],
)

/**
 * A member's ticket of a coupon: one per account, coupon and period (`''` for a coupon given once,
 * the Japan month `YYYY-MM` for a monthly one), so a grant made twice, or by two requests at once,
 * makes one. `used_at` is set once, by a conditional update.
 */
export const couponTickets = pgTable(
  'coupon_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    period: text('period').notNull().default(''),
    /** Shown at the shop once used: 8 characters of TICKET_CODE_ALPHABET, unique. */
    code: text('code').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    unique('coupon_tickets_once').on(t.accountId, t.couponId, t.period),
    unique('coupon_tickets_code').on(t.code),
    index('coupon_tickets_coupon_idx').on(t.couponId),
    check('coupon_tickets_validity', sql`${t.validUntil} > ${t.validFrom}`),
  ],
)
