import { AD_AGE_TARGETS, AD_LINK_TYPES, AD_MEDIA_TYPES, AD_REACTION_KINDS } from '@puribox/contract/ads'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * A place on the site where ads show. `placement` names the spot of the web app that shows the
 * space (`topPage`: the static data file tells the web which space that is), so an operator can move
 * a spot to another space without a release. The top page's space is created by the migration.
 */
export const adSpaces = pgTable('ad_spaces', {
  id: text('id').primaryKey(),
  placement: text('placement').unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
})

/**
 * An ad (the product's ad item), shown in its space from `starts_at` until `ends_at` (never ending when
 * null) to the memberships it is for and the age it targets, highest `priority` first. An operator's
 * draft has no `starts_at` yet (members never see it); a withdrawn ad (`withdrawn_at`) is shown to no
 * one again, and its counts stay.
 */
export const advertisements = pgTable(
  'advertisements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    spaceId: text('space_id')
      .notNull()
      .references(() => adSpaces.id),
    /** The advertiser's id for the conversions of this ad: one ad each. */
    conversionId: text('conversion_id').notNull().unique(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    linkUrl: text('link_url').notNull(),
    linkType: text('link_type', { enum: AD_LINK_TYPES }).notNull(),
    mediaUrl: text('media_url'),
    mediaType: text('media_type', { enum: AD_MEDIA_TYPES }).notNull(),
    forGuests: boolean('for_guests').notNull(),
    forMini: boolean('for_mini').notNull(),
    forPremium: boolean('for_premium').notNull(),
    ageTarget: text('age_target', { enum: AD_AGE_TARGETS }).notNull().default('ALL'),
    priority: integer('priority').notNull().default(0),
    /** Null while it is a draft; set when an operator publishes it now or for a time to come. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('advertisements_space_idx').on(t.spaceId, t.priority),
    check('advertisements_link_type', sql`${t.linkType} in ('INTERNAL', 'EXTERNAL')`),
    check('advertisements_media_type', sql`${t.mediaType} in ('IMAGE', 'TEXT')`),
    check('advertisements_age_target', sql`${t.ageTarget} in ('ALL', 'OVER_25', 'UNDER_25')`),
    check('advertisements_window', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
)

/**
 * Who reacted to an ad on a day (Japan time): the row that makes a reaction count once per viewer,
 * ad, kind and day. `viewer` is the member's account id, or `g:` and a guest's viewer id (decision
 * 0041). Only today's and yesterday's rows are needed; housekeeping drops older ones, and the counts
 * stay in `ad_reaction_counts`.
 */
export const adReactions = pgTable(
  'ad_reactions',
  {
    adId: integer('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AD_REACTION_KINDS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.kind, t.day, t.viewer] }),
    index('ad_reactions_account_idx').on(t.accountId),
    index('ad_reactions_day_idx').on(t.day),
    check('ad_reactions_kind', sql`${t.kind} in ('IMPRESSION', 'CLICK')`),
  ],
)

/** How many viewers saw or tapped an ad on a day (Japan time): what the advertiser is told. */
export const adReactionCounts = pgTable(
  'ad_reaction_counts',
  {
    adId: integer('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AD_REACTION_KINDS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.kind, t.day] }),
    check('ad_reaction_counts_kind', sql`${t.kind} in ('IMPRESSION', 'CLICK')`),
  ],
)
