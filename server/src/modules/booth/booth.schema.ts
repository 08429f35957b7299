import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

export const shops = pgTable('shops', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  prefectureName: text('prefecture_name').notNull(),
  address: text('address').notNull(),
  createdAt: createdAt(),
})

export const machines = pgTable(
  'machines',
  {
    id: text('id').primaryKey(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    seriesId: text('series_id').notNull(),
    version: text('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('machines_shop_idx').on(t.shopId)],
)

/** A booth authenticates with a bearer key; only its SHA-256 is kept. */
export const machineKeys = pgTable(
  'machine_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    machineId: text('machine_id')
      .notNull()
      .references(() => machines.id),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('machine_keys_machine_idx').on(t.machineId)],
)
