import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailAddress: text('mail_address').unique(),
    /**
     * Until when the account is PREMIUM (decision 0020): the latest end among what its
     * subscriptions give, written in the transaction that changes them. MINI when null or past, so
     * premium ends by itself, and time travel (the request's now) moves it.
     */
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    /**
     * Until when the account has the junior-high free premium (decision 0047): set when a school
     * certificate application is approved, to 1 April 00:00 JST after the pupil's third school year.
     * Like `premium_until`, an end and never a status: it lapses by itself and time travel moves it.
     */
    schoolPremiumUntil: timestamp('school_premium_until', { withTimezone: true }),
    official: boolean('official').notNull().default(false),
    /** Not read: the account status's `protected` is a password being set (decision 0066). */
    protected: boolean('protected').notNull().default(false),
    /** The au or docomo line may take the carrier's add-on plan, as its latest sign-in said (decision 0066). */
    canAddOn: boolean('can_add_on').notNull().default(false),
    snsPenalty: text('sns_penalty', { enum: ['WARNING', 'ACCESSCONTROL', 'SUSPENSION'] }),
    purigetPenalty: text('puriget_penalty', { enum: ['RED', 'YELLOW', 'GREEN'] })
      .notNull()
      .default('GREEN'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    /** scrypt (see accounts/passwords.ts); null for accounts that sign in only through LINE, Twitter or a carrier. */
    passwordHash: text('password_hash'),
  },
  (t) => [
    // Every server process reads the RED accounts once a second (decision 0012, "The board").
    index('accounts_puriget_red_idx').on(t.id).where(sql`${t.purigetPenalty} = 'RED'`),
    // The console finds a member by mail address whatever its case.
    index('accounts_mail_address_lower_idx').on(sql`lower(${t.mailAddress})`),
  ],
)

export type AccountRow = typeof accounts.$inferSelect

export type PurigetPenalty = AccountRow['purigetPenalty']
