import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Fixed-window counters for rate limits (sign-in per account and per address, registration mail,
 * code guessing), in the database so every server process counts the same hits.
 */
export const throttleBuckets = pgTable('throttle_buckets', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
})
