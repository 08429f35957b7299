import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * Sessions live in the database so any server process can answer any request. The cookie holds a
 * random 256-bit id; only its SHA-256 is stored. Guests get one only when something must be
 * remembered (native-app flag, time travel).
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    nativeApp: boolean('native_app').notNull().default(false),
    timeTravelTo: timestamp('time_travel_to', { withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The phone or computer and browser it was signed in on (iPhone and Safari), for the member's list
     * of their sessions; null for a guest's, or when the browser did not say. Not the User-Agent:
     * only this label is kept.
     */
    device: text('device'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
)
