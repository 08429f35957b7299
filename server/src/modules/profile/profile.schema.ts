import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/** A member's profile image: a square JPEG in the storage port, served only to its owner. */
export const profileImages = pgTable(
  'profile_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('profile_images_account_idx').on(t.accountId)],
)

/** One row per member who has set something; a member without one has the default profile. */
export const profiles = pgTable(
  'profiles',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null: no nickname; the pages show the default nickname of their locale file instead. */
    nickname: text('nickname'),
    birthday: date('birthday', { mode: 'string' }),
    gender: text('gender', { enum: ['FEMALE', 'MALE', 'OTHER'] }),
    prefectureName: text('prefecture_name'),
    imageId: uuid('image_id').references(() => profileImages.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('profiles_birthday_range', sql`${t.birthday} >= '1900-01-01'`)],
)
