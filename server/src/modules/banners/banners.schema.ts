import { BANNER_SPACES } from '@puribox/contract/banners'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/**
 * A banner of a banner space, shown from `publish_at` until `publish_until` (open-ended when null)
 * unless withdrawn. When several could be shown at once in a space, the first in the space's order
 * wins (`position`, which operators set), then the highest priority, then the latest published.
 * `html` is stored sanitised (and sanitised again when served, decision 0040).
 */
export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: text('space_id', { enum: BANNER_SPACES }).notNull(),
    html: text('html').notNull(),
    priorityLevel: integer('priority_level').notNull().default(0),
    /** The banner's place in its space's order, lowest first; a new banner goes before the others. */
    position: integer('position').notNull().default(0),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    publishUntil: timestamp('publish_until', { withTimezone: true }),
    /** Set when an operator withdrew the banner: no space shows it again. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banners_space_idx').on(t.spaceId, t.publishAt),
    check(
      'banners_space',
      sql`${t.spaceId} in ('maintenance_lead', 'questionnaire_lead', 'company_information', 'product_information', 'photos_banner')`,
    ),
    check('banners_priority', sql`${t.priorityLevel} between 0 and 9`),
    check('banners_window', sql`${t.publishUntil} is null or ${t.publishUntil} > ${t.publishAt}`),
  ],
)
