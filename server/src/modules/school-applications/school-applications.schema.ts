import { JHS_REJECT_REASONS } from '@puribox/contract/admin-applications'
import {
  APPLICATION_STATES,
  CERTIFICATE_FORMATS,
  CERTIFICATE_SLOTS,
  KIND_DOCUMENTS,
} from '@puribox/contract/jhs-free'
import { sql } from 'drizzle-orm'
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { accounts } from '../accounts/accounts.schema'
import { operators } from '../operators/operators.schema'

/** Raw bytes (PostgreSQL bytea): pg answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * A junior-high free premium application (decision 0048): SUBMITTED until an operator approves it
 * (premium until `premium_until`) or rejects it with a reason; then the person may apply again. At
 * most one SUBMITTED per account (the partial unique index), so a double tap sends one.
 * `files_deleted_at`: when its certificate pictures were deleted (30 days after the review).
 */
export const schoolApplications = pgTable(
  'school_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    familyName: text('family_name').notNull(),
    givenName: text('given_name').notNull(),
    birthDate: date('birth_date').notNull(),
    mailAddress: text('mail_address').notNull(),
    grade: integer('grade').notNull(),
    kindDocument: text('kind_document', { enum: KIND_DOCUMENTS }).notNull(),
    state: text('state', { enum: APPLICATION_STATES }).notNull().default('SUBMITTED'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When REJECTED: the sentence the applicant was told (PuriBox's text for the reason code). */
    rejectReason: text('reject_reason'),
    /** When REJECTED from the console: the reason picked from the fixed list (decision 0073). */
    rejectReasonCode: text('reject_reason_code', { enum: JHS_REJECT_REASONS }),
    /** The reviewing operator's note: for operators only, never mailed nor shown to the applicant. */
    reviewNote: text('review_note'),
    /** The operator who reviewed it; null before the review, or for a tester's own review. */
    reviewerId: uuid('reviewer_id').references(() => operators.id, { onDelete: 'set null' }),
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('school_applications_grade', sql`${t.grade} between 1 and 3`),
    check('school_applications_state', sql`${t.state} in ('SUBMITTED', 'APPROVED', 'REJECTED')`),
    check('school_applications_reviewed', sql`(${t.state} = 'SUBMITTED') = (${t.reviewedAt} is null)`),
    uniqueIndex('school_applications_one_waiting').on(t.accountId).where(sql`${t.state} = 'SUBMITTED'`),
    index('school_applications_account').on(t.accountId, t.submittedAt),
    // The console's queue: waiting ones first, each by the time sent.
    index('school_applications_queue').on(sql`(${t.state} <> 'SUBMITTED')`, t.submittedAt, t.id),
  ],
)

/**
 * One certificate picture being uploaded or uploaded: `received` bytes of `byte_size` so far (the
 * offset the next chunk must start at). Once complete it is checked by content, stored in the
 * storage port under `storage_key` ('certificates' area) and `content_type` is set. Not yet sent
 * with an application while `application_id` is null; such an upload untouched for a day is
 * abandoned and removed by the hourly housekeeping.
 */
export const certificateUploads = pgTable(
  'certificate_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => schoolApplications.id, { onDelete: 'set null' }),
    slot: text('slot', { enum: CERTIFICATE_SLOTS }).notNull(),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    received: integer('received').notNull().default(0),
    contentType: text('content_type', { enum: CERTIFICATE_FORMATS }),
    storageKey: text('storage_key').unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('certificate_uploads_received', sql`${t.received} between 0 and ${t.byteSize}`),
    check('certificate_uploads_complete', sql`(${t.storageKey} is null) = (${t.contentType} is null)`),
    index('certificate_uploads_account').on(t.accountId),
    index('certificate_uploads_application').on(t.applicationId),
  ],
)

/** The bytes of an upload not complete yet, one row per chunk at its offset; gone once complete. */
export const certificateUploadChunks = pgTable(
  'certificate_upload_chunks',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => certificateUploads.id, { onDelete: 'cascade' }),
    offset: integer('offset').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.offset] })],
)
