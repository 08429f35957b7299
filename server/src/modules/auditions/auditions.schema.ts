import { GUARDIAN_RELATIONS } from '@puribox/contract/audition-consent-rules'
import { AUDITION_CHECK_STATES, type AuditionSent } from '@puribox/contract/auditions'
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'

/**
 * An audition (decision 0049): a casting call PuriBox runs with a partner for members whose age on
 * "now" is between `min_age` and `max_age` (both included), taking applications from `opens_at`
 * until `closes_at`. Its id is the audition's id at the identity verifier.
 */
export const auditions = pgTable(
  'auditions',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    organizer: text('organizer').notNull(),
    /** Plain text. */
    description: text('description').notNull(),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('auditions_id', sql`${t.id} ~ '^[a-z0-9][a-z0-9-]{0,63}$'`),
    check('auditions_ages', sql`${t.minAge} between 0 and 120 and ${t.maxAge} between ${t.minAge} and 120`),
    check('auditions_window', sql`${t.closesAt} > ${t.opensAt}`),
  ],
)

/**
 * A member's identity check for an audition: one session at the verifier. PENDING until the
 * verifier's outcome is read (server to server), then final: the state changes once, by a
 * conditional update. At most one PENDING check per member and audition, so two taps at once make
 * one.
 */
export const auditionChecks = pgTable(
  'audition_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    auditionId: text('audition_id')
      .notNull()
      .references(() => auditions.id, { onDelete: 'cascade' }),
    verifierSessionId: text('verifier_session_id').notNull(),
    /** The verifier's page for the member: answered again to a second tap while PENDING. */
    verifierUrl: text('verifier_url').notNull(),
    state: text('state', { enum: AUDITION_CHECK_STATES }).notNull().default('PENDING'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the verifier's session ends (it is EXPIRED there after that). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('audition_checks_session').on(t.verifierSessionId),
    uniqueIndex('audition_checks_one_pending')
      .on(t.accountId, t.auditionId)
      .where(sql`${t.state} = 'PENDING'`),
    index('audition_checks_account_idx').on(t.accountId, t.auditionId, t.startedAt),
    check(
      'audition_checks_state',
      sql`${t.state} in ('PENDING', 'VERIFIED', 'REJECTED', 'ABANDONED', 'EXPIRED')`,
    ),
    check('audition_checks_completed', sql`(${t.state} = 'PENDING') = (${t.completedAt} is null)`),
  ],
)

/** What a consent request row stores as its state; EXPIRED is a PENDING row past `expires_at`. */
export const CONSENT_ROW_STATES = ['PENDING', 'AGREED', 'DECLINED', 'REPLACED'] as const

/**
 * A minor member's request for a guardian's consent to one audition (decision 0060): the guardian's
 * name, relation and address as the member typed them, and the hash of the one-time token of the
 * link mailed to that address. A newer request of the same member and audition REPLACES a PENDING
 * one; the guardian's answer (AGREED or DECLINED) is kept once, by a conditional update. At most
 * one PENDING and one AGREED request per member and audition.
 */
export const auditionGuardianConsents = pgTable(
  'audition_guardian_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    auditionId: text('audition_id')
      .notNull()
      .references(() => auditions.id, { onDelete: 'cascade' }),
    /** Shown in the mail and on the member's page so that the family can match them; not unique. */
    referenceNumber: text('reference_number').notNull(),
    guardianName: text('guardian_name').notNull(),
    relation: text('relation', { enum: GUARDIAN_RELATIONS }).notNull(),
    mailAddress: text('mail_address').notNull(),
    /** SHA-256 (base64url) of the link's token; the token itself is only ever in the mail. */
    tokenHash: text('token_hash').notNull(),
    state: text('state', { enum: CONSENT_ROW_STATES }).notNull().default('PENDING'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('audition_guardian_consents_token').on(t.tokenHash),
    uniqueIndex('audition_guardian_consents_one_pending')
      .on(t.accountId, t.auditionId)
      .where(sql`${t.state} = 'PENDING'`),
    uniqueIndex('audition_guardian_consents_one_agreed')
      .on(t.accountId, t.auditionId)
      .where(sql`${t.state} = 'AGREED'`),
    index('audition_guardian_consents_account_idx').on(t.accountId, t.auditionId, t.requestedAt),
    check(
      'audition_guardian_consents_state',
      sql`${t.state} in ('PENDING', 'AGREED', 'DECLINED', 'REPLACED')`,
    ),
    check(
      'audition_guardian_consents_relation',
      sql`${t.relation} in ('FATHER', 'MOTHER', 'OTHER_GUARDIAN')`,
    ),
    check(
      'audition_guardian_consents_answered',
      sql`(${t.state} in ('AGREED', 'DECLINED')) = (${t.answeredAt} is not null)`,
    ),
  ],
)

/**
 * An application sent to the organiser (decision 0060): written once, in the transaction that
 * keeps a check's VERIFIED outcome, with exactly the fields that went (`sent`), so the member's
 * page shows what the organiser has, not what the profile says today.
 */
export const auditionApplications = pgTable(
  'audition_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    auditionId: text('audition_id')
      .notNull()
      .references(() => auditions.id, { onDelete: 'cascade' }),
    checkId: uuid('check_id')
      .notNull()
      .references(() => auditionChecks.id, { onDelete: 'cascade' }),
    referenceNumber: text('reference_number').notNull(),
    sent: jsonb('sent').$type<AuditionSent>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('audition_applications_check').on(t.checkId),
    uniqueIndex('audition_applications_member').on(t.accountId, t.auditionId),
    uniqueIndex('audition_applications_reference').on(t.referenceNumber),
  ],
)
