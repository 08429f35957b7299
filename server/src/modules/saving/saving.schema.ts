import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { accounts } from '../accounts/accounts.schema'
import { puris, seals } from '../seals/seals.schema'

/**
 * A member saved a seal (registered it to their account). At most SEAL_MAX_OWNERS accounts per
 * seal; one row per (seal, account), so a re-save changes nothing.
 */
export const sealRegistrations = pgTable(
  'seal_registrations',
  {
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    /**
     * The owner's place among the seal's SEAL_MAX_OWNERS (1…max): unique per seal, so that one
     * statement without a lock can never give a seal more owners than places (decision 0011).
     */
    slot: smallint('slot').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sealId, t.accountId] }),
    uniqueIndex('seal_registrations_slot_uq').on(t.sealId, t.slot),
    index('seal_registrations_account_idx').on(t.accountId, t.registeredAt),
  ],
)

/**
 * A puri saved to a member: `id` is the spec's imageId. The files are the seal's stored puri files
 * (never copied); a mini member's other puris of the seal are unsaved (no row) until the seal expires.
 */
export const savedImages = pgTable(
  'saved_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    sealId: text('seal_id').notNull(),
    puriNumber: integer('puri_number').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('saved_images_owner_puri_uq').on(t.accountId, t.sealId, t.puriNumber),
    index('saved_images_account_saved_idx').on(t.accountId, t.savedAt),
    // Saved by an owner of the seal: goes with the registration (and so with the account or the
    // seal). One check per saved puri instead of one for the account and one for the seal.
    foreignKey({
      name: 'saved_images_registration_fk',
      columns: [t.sealId, t.accountId],
      foreignColumns: [sealRegistrations.sealId, sealRegistrations.accountId],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.sealId, t.puriNumber], foreignColumns: [puris.sealId, puris.number] }),
  ],
)
