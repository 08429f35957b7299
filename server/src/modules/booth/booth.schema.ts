import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/**
 * A shop where booths stand. The prefecture is its JIS code (1-47, north to south) and its
 * name; the address is what follows the city. The position is where the shop is (WGS 84 degrees),
 * or null while it is not known: such a shop is found by prefecture, city and keyword, never as
 * near anyone (decision 0042).
 */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefectureCode: smallint('prefecture_code').notNull(),
    prefectureName: text('prefecture_name').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    /** As the shop words it ("10:00 to 24:00" in Japanese), shown as it is; empty when not known. */
    openingHours: text('opening_hours').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shops_prefecture_city_idx').on(t.prefectureCode, t.city),
    check('shops_prefecture_code_check', sql`${t.prefectureCode} between 1 and 47`),
    check('shops_position_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
)

export const machines = pgTable(
  'machines',
  {
    id: text('id').primaryKey(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    /** The model it is (null for a machine registered before its model was listed). */
    modelId: text('model_id').references(() => machineModels.id),
    name: text('name').notNull(),
    seriesId: text('series_id').notNull(),
    version: text('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('machines_shop_idx').on(t.shopId), index('machines_model_idx').on(t.modelId)],
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
 * them. The name is the product name as the maker writes it; `nameKana` is how it
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
