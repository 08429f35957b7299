import { boolean, date, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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

/**
 * A machine model: what a booth of this kind does. Every machine standing in a shop is one of
 * them (issue 16). The name is the product name as the maker writes it; `nameKana` is how it
 * reads, for search. `sampleCount` pictures are served from storage under the model's id.
 */
export const machineModels = pgTable('machine_models', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  nameKana: text('name_kana').notNull(),
  seriesId: text('series_id').notNull(),
  seriesName: text('series_name').notNull(),
  version: text('version').notNull(),
  releasedOn: date('released_on', { mode: 'string' }).notNull(),
  description: text('description').notNull(),
  /** The booth also keeps the pictures before doodling (raw puri), which premium members save. */
  supportsRawPuri: boolean('supports_raw_puri').notNull(),
  /** Plays on it can be kept here (the booth pushes them with a seal ID). */
  supportsIdFederation: boolean('supports_id_federation').notNull(),
  shots: smallint('shots').notNull(),
  sampleCount: smallint('sample_count').notNull(),
  createdAt: createdAt(),
})
