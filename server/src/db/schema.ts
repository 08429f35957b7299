import { PAYMENT_KINDS, PAYMENT_PLANS } from '@puribox/contract/payments'
import { POLICY_KINDS } from '@puribox/contract/policies'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

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

/** A file in the storage port (photo original or derivative, later certificates). */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdAt: createdAt(),
})

/** One booth play. The primary key is the printed seal ID (canonical, 10 Crockford characters). */
export const seals = pgTable(
  'seals',
  {
    id: text('id').primaryKey(),
    machineId: text('machine_id')
      .notNull()
      .references(() => machines.id),
    shotAt: timestamp('shot_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /**
     * When the expiry job removed the seal's unsaved puris (decision 0014); null before, and again
     * when an owner leaves (their saved puris may have become unsaved).
     */
    sweptAt: timestamp('swept_at', { withTimezone: true }),
  },
  (t) => [
    index('seals_machine_idx').on(t.machineId),
    index('seals_expires_idx').on(t.expiresAt),
    // The expiry job's queue: only seals it has not swept, so its claim never scans the kept ones.
    index('seals_unswept_expires_idx').on(t.expiresAt).where(sql`${t.sweptAt} is null`),
    check('seals_id_format', sql`${t.id} ~ '^[0-9A-HJKMNP-TV-Z]{10}$'`),
  ],
)

export const puris = pgTable(
  'puris',
  {
    sealId: text('seal_id')
      .notNull()
      .references(() => seals.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    isRawPuri: boolean('is_raw_puri').notNull(),
    rawPuriImageNumber: integer('raw_puri_image_number'),
    isProofSample: boolean('is_proof_sample').notNull(),
    originalFileId: uuid('original_file_id')
      .notNull()
      .references(() => storedFiles.id),
    thumbnailFileId: uuid('thumbnail_file_id')
      .notNull()
      .references(() => storedFiles.id),
    qvgaFileId: uuid('qvga_file_id')
      .notNull()
      .references(() => storedFiles.id),
    mediumFileId: uuid('medium_file_id')
      .notNull()
      .references(() => storedFiles.id),
    previewFileId: uuid('preview_file_id')
      .notNull()
      .references(() => storedFiles.id),
  },
  (t) => [primaryKey({ columns: [t.sealId, t.number] })],
)

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
    official: boolean('official').notNull().default(false),
    protected: boolean('protected').notNull().default(false),
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
  ],
)

/**
 * A mail address being proved, for registration: the mail carries a 6-digit code and a link
 * (token). Only hashes are stored. The code or the link verifies it for the session that uses it;
 * registering consumes it. Wrong codes count: too many and it is dead.
 */
export const mailVerifications = pgTable(
  'mail_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailAddress: text('mail_address').notNull(),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** A member adding or changing their address: the account it is for. Null for a registration. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Hash of the session that proved the address (by code or link); only it may register. */
    verifiedSessionHash: text('verified_session_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_verifications_mail_idx').on(t.mailAddress),
    index('mail_verifications_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Fixed-window counters for rate limits (sign-in per account and per address, registration mail,
 * code guessing), in the database so every server process counts the same hits.
 */
export const throttleBuckets = pgTable('throttle_buckets', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
})

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
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
)

/* Policy agreement (privacy policy and data-transmission contract) */

/**
 * A published version of a policy. The latest per kind (by `published_at`) is the one members must
 * have agreed to; publishing a new version asks everyone again. Never deleted while agreed to.
 */
export const policyDocuments = pgTable(
  'policy_documents',
  {
    kind: text('kind', { enum: POLICY_KINDS }).notNull(),
    version: text('version').notNull(),
    /** The full text, a page of the site. */
    url: text('url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.version] }),
    index('policy_documents_latest_idx').on(t.kind, t.publishedAt),
    check('policy_documents_kind', sql`${t.kind} in ('furyu', 'puribox')`),
  ],
)

/**
 * That an account agreed to a version of a policy, and when. One row per version agreed: the history
 * is kept, never overwritten, and agreeing again to the same version keeps the first time.
 */
export const policyAgreements = pgTable(
  'policy_agreements',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POLICY_KINDS }).notNull(),
    version: text('version').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind, t.version] }),
    foreignKey({
      name: 'policy_agreements_document_fk',
      columns: [t.kind, t.version],
      foreignColumns: [policyDocuments.kind, policyDocuments.version],
    }),
  ],
)
// External sign-in: LINE, Twitter and carriers through the auth service (decision 0008).

const externalProviders = ['line', 'twitter', 'au', 'docomo', 'softbank'] as const

/**
 * A sign-in identity at the auth service, linked to one account: `subject` is the ID token's `sub`
 * for that `provider`. One identity per provider per account (switching LINE replaces it).
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    provider: text('provider', { enum: externalProviders }).notNull(),
    subject: text('subject').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    uniqueIndex('external_identities_account_provider_idx').on(t.accountId, t.provider),
  ],
)

/**
 * A sign-in, registration or link waiting for the auth service's answer. Keyed by the hash of the
 * OIDC `state`, bound to the browser's session, used once (deleted when the answer comes), short-lived.
 * Where to end (`onSuccess`, `onFailure`) is kept here, never sent to the auth service.
 */
export const externalAuthFlows = pgTable(
  'external_auth_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['LOGIN', 'REGISTER', 'LINK', 'SWITCH'] }).notNull(),
    provider: text('provider', { enum: externalProviders }).notNull(),
    /** The account that links (LINK, SWITCH); null for sign-in and registration. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    onSuccess: text('on_success').notNull(),
    onFailure: text('on_failure').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('external_auth_flows_expires_idx').on(t.expiresAt)],
)

/** Members who said no to the "link LINE" recommendation (`/sp/2/link/line/skip_recommendation`). */
export const lineRecommendationDeclines = pgTable('line_recommendation_declines', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  declinedAt: timestamp('declined_at', { withTimezone: true }).notNull(),
})

// Profile and leaving (issue 3) ------------------------------------------------------------------

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

/**
 * Files of the storage port to delete: written in the same transaction that drops the rows naming
 * them (an account deleted, a profile image replaced), emptied once the files are gone. A file whose
 * deletion failed stays listed, and the hourly housekeeping tries again. Keys are random: no row
 * here says whose the file was.
 */
export const storageDeletions = pgTable('storage_deletions', {
  storageKey: text('storage_key').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
})

/* Puri-getting penalties (issue 4) */

/**
 * Failed seal lookups (a well-formed ID that does not exist), counted per subject: `account:<id>`
 * for a member, `ip:<address>` for the client address (guests included). Two fixed windows from the
 * first failure: an hour (10 → YELLOW until `yellow_until`) and a day (30 → the account turns RED
 * in `accounts.puriget_penalty`). In the database so every server process counts the same lookups.
 */
export const purigetFailures = pgTable(
  'puriget_failures',
  {
    subject: text('subject').primaryKey(),
    /** Set for `account:` subjects only: the row goes with the account. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    hourFailures: integer('hour_failures').notNull(),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    dayFailures: integer('day_failures').notNull(),
    /** Lookups refused until then (YELLOW); null or past: not YELLOW. */
    yellowUntil: timestamp('yellow_until', { withTimezone: true }),
  },
  (t) => [
    index('puriget_failures_account_idx').on(t.accountId),
    index('puriget_failures_day_idx').on(t.dayStart),
    // Every server process reads the YELLOW ends once a second (decision 0012, "The board").
    index('puriget_failures_yellow_idx').on(t.yellowUntil).where(sql`${t.yellowUntil} is not null`),
  ],
)

// Saving (issue 4, decision 0011)

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

/**
 * A premium subscription at the payment gateway, as its notifications have moved it (decision 0019,
 * `modules/payments/subscription.ts`). Kept when the account is deleted (the account goes, the
 * record of money taken stays). `id` is PuriBox's reference at the gateway (merchant reference and
 * idempotency key); `gateway_ref` the gateway's, once it has answered.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    /** The plan it is billed under at the carrier, which decides how it is left (contract `PAYMENT_PLANS`). */
    plan: text('plan', { enum: PAYMENT_PLANS }).notNull(),
    /** The au trial: the first period is free. */
    trial: boolean('trial').notNull().default(false),
    /** The gateway's id of the subscription, which its notifications name; null until it answered. */
    gatewayRef: text('gateway_ref').unique(),
    /** The gateway's consent page, while PENDING: a second tap goes back to the same one. */
    consentUrl: text('consent_url'),
    /** The page of PuriBox to end on once the member is back from the gateway. */
    returnTo: text('return_to').notNull(),
    status: text('status', {
      enum: ['PENDING', 'DECLINED', 'ACTIVE', 'CANCELLED', 'GRACE', 'ENDED'],
    }).notNull(),
    /** Monthly price including tax, in yen, as agreed when the member subscribed. */
    priceYen: integer('price_yen').notNull(),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    lastSequence: integer('last_sequence').notNull().default(0),
    /** When the last payment was taken (the spec's `paymentAt`). */
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId, t.createdAt),
    // One consent at a time per account: a new one withdraws the last (decision 0020).
    uniqueIndex('subscriptions_one_pending_uq').on(t.accountId).where(sql`${t.status} = 'PENDING'`),
  ],
)

/**
 * Every verified notification from the payment gateway, by its event id: recorded in the
 * transaction that applies it, so that one delivered twice (or to two processes at once) is applied
 * once. `outcome` says what it did; `amount_yen` what a payment took.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
  type: text('type').notNull(),
  sequence: integer('sequence').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  amountYen: integer('amount_yen'),
  outcome: text('outcome', { enum: ['APPLIED', 'STALE', 'UNKNOWN_SUBSCRIPTION'] }).notNull(),
})
