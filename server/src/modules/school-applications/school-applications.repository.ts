import type { JhsRejectReason } from '@puribox/contract/admin-applications'
import type { CertificateFormat, CertificateSlot, KindDocument } from '@puribox/contract/jhs-free'
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { ChangeContext } from '../change'
import type { EventBus, EventEnvelope } from '../events'
import type { Executor } from '../files/file-deletions'
import { certificateUploadChunks, certificateUploads, schoolApplications } from './school-applications.schema'

export type ApplicationRow = typeof schoolApplications.$inferSelect
export type UploadRow = typeof certificateUploads.$inferSelect

export interface NewApplication {
  accountId: string
  familyName: string
  givenName: string
  birthDate: string
  mailAddress: string
  grade: number
  kindDocument: KindDocument
  submittedAt: Date
}

/** Why a chunk was not taken. */
export type ChunkRefusal = 'NOT_FOUND' | 'OFFSET_MISMATCH' | 'TOO_LARGE'

class CertificateMissing extends Error {}

/** What applications need of the files module: dropped pictures listed for deletion, in their transaction. */
export interface ApplicationFiles {
  list(tx: Executor, storageKeys: string[], now: Date): Promise<void>
}

/** What a review decides: approved with the premium's end, or rejected for a reason (and the sentence the applicant reads). */
export type ReviewOutcome =
  | { state: 'APPROVED'; premiumUntil: Date }
  | { state: 'REJECTED'; rejectReasonCode: JhsRejectReason; rejectReason: string }

/** Who reviewed, and their note (never mailed): an operator's id, or null for a tester's own review. */
export interface Reviewer {
  reviewerId: string | null
  note: string | null
}

/**
 * The only writer of `school_applications`, `certificate_uploads` and `certificate_upload_chunks`
 * (decision 0048). Every change that drops a stored picture lists it for deletion in its own
 * transaction and answers its key, to delete from the storage port once committed.
 */
export function createSchoolApplicationsRepository(
  db: Database,
  deps: { files: ApplicationFiles; events: Pick<EventBus, 'emit'> },
) {
  /** Removes uploads (their chunks go with them) and lists their stored pictures for deletion. */
  async function dropUploads(tx: Executor, rows: readonly UploadRow[], now: Date): Promise<string[]> {
    if (rows.length === 0) return []
    const keys = rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []))
    await deps.files.list(tx, keys, now)
    await tx.delete(certificateUploads).where(
      inArray(
        certificateUploads.id,
        rows.map((row) => row.id),
      ),
    )
    return keys
  }

  return {
    /** An account deleted: its uploads and applications go, their pictures listed for deletion. */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      const uploads = await tx
        .select()
        .from(certificateUploads)
        .where(eq(certificateUploads.accountId, event.payload.accountId))
      const storageKeys = await dropUploads(tx, uploads, event.at)
      await tx.delete(schoolApplications).where(eq(schoolApplications.accountId, event.payload.accountId))
      event.payload.dropFiles(storageKeys)
    },

    async latestApplication(accountId: string): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(schoolApplications)
        .where(eq(schoolApplications.accountId, accountId))
        .orderBy(desc(schoolApplications.submittedAt))
        .limit(1)
      return row ?? null
    },

    async findApplication(id: string): Promise<ApplicationRow | null> {
      const [row] = await db.select().from(schoolApplications).where(eq(schoolApplications.id, id)).limit(1)
      return row ?? null
    },

    /** The account's uploads not sent with an application, oldest first. */
    async pendingUploads(accountId: string): Promise<UploadRow[]> {
      return db
        .select()
        .from(certificateUploads)
        .where(and(eq(certificateUploads.accountId, accountId), isNull(certificateUploads.applicationId)))
        .orderBy(asc(certificateUploads.createdAt))
    },

    async findUpload(accountId: string, id: string): Promise<UploadRow | null> {
      const [row] = await db
        .select()
        .from(certificateUploads)
        .where(and(eq(certificateUploads.id, id), eq(certificateUploads.accountId, accountId)))
        .limit(1)
      return row ?? null
    },

    /**
     * A new upload for a slot; the account's earlier uploads of that slot not sent with an
     * application go (one picture per slot in the next application).
     */
    async startUpload(
      input: { accountId: string; slot: CertificateSlot; fileName: string; byteSize: number },
      now: Date,
    ): Promise<{ upload: UploadRow; dropped: string[] }> {
      return db.transaction(async (tx) => {
        const earlier = await tx
          .select()
          .from(certificateUploads)
          .where(
            and(
              eq(certificateUploads.accountId, input.accountId),
              eq(certificateUploads.slot, input.slot),
              isNull(certificateUploads.applicationId),
            ),
          )
        const dropped = await dropUploads(tx, earlier, now)
        const [upload] = await tx
          .insert(certificateUploads)
          .values({ ...input, createdAt: now, updatedAt: now })
          .returning()
        return { upload: upload!, dropped }
      })
    },

    /**
     * Adds a chunk at `offset`, only if that is where the upload has got to (one conditional update:
     * a chunk sent twice, or by two tabs at once, is taken once) and it does not go past the size.
     */
    async appendChunk(
      accountId: string,
      id: string,
      offset: number,
      data: Buffer,
      now: Date,
    ): Promise<UploadRow | ChunkRefusal> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(certificateUploads)
          .set({ received: sql`${certificateUploads.received} + ${data.length}`, updatedAt: now })
          .where(
            and(
              eq(certificateUploads.id, id),
              eq(certificateUploads.accountId, accountId),
              eq(certificateUploads.received, offset),
              isNull(certificateUploads.storageKey),
              sql`${certificateUploads.received} + ${data.length} <= ${certificateUploads.byteSize}`,
            ),
          )
          .returning()
        if (row) {
          await tx.insert(certificateUploadChunks).values({ uploadId: id, offset, data })
          return row
        }
        const [current] = await tx
          .select()
          .from(certificateUploads)
          .where(and(eq(certificateUploads.id, id), eq(certificateUploads.accountId, accountId)))
          .limit(1)
        if (!current) return 'NOT_FOUND'
        if (current.received === offset && current.storageKey === null) return 'TOO_LARGE'
        return 'OFFSET_MISMATCH'
      })
    },

    /** Every byte of an upload so far, in order. */
    async bytesOf(id: string): Promise<Buffer> {
      const rows = await db
        .select({ data: certificateUploadChunks.data })
        .from(certificateUploadChunks)
        .where(eq(certificateUploadChunks.uploadId, id))
        .orderBy(asc(certificateUploadChunks.offset))
      return Buffer.concat(rows.map((row) => row.data))
    },

    /** The whole picture is stored: the upload says where and what, and its chunks go. */
    async completeUpload(
      id: string,
      stored: { storageKey: string; contentType: CertificateFormat },
      now: Date,
    ): Promise<UploadRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(certificateUploads)
          .set({ ...stored, updatedAt: now })
          .where(eq(certificateUploads.id, id))
          .returning()
        await tx.delete(certificateUploadChunks).where(eq(certificateUploadChunks.uploadId, id))
        return row!
      })
    },

    /** Removes an upload not sent with an application; null when there is none such. */
    async removeUpload(accountId: string, id: string, now: Date): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(certificateUploads)
          .where(
            and(
              eq(certificateUploads.id, id),
              eq(certificateUploads.accountId, accountId),
              isNull(certificateUploads.applicationId),
            ),
          )
        if (rows.length === 0) return null
        return dropUploads(tx, rows, now)
      })
    },

    /**
     * Stores the application and attaches the four uploads to it, in one transaction. Answers
     * 'PENDING' when one waits for review already (the partial unique index), 'CERTIFICATE_MISSING'
     * when an upload is not a complete one of the account's for its slot, not yet sent.
     */
    async apply(
      input: NewApplication,
      certificates: Readonly<Record<CertificateSlot, string>>,
    ): Promise<ApplicationRow | 'CERTIFICATE_MISSING'> {
      return db
        .transaction(async (tx) => {
          const [application] = await tx.insert(schoolApplications).values(input).returning()
          let attached = 0
          for (const [slot, uploadId] of Object.entries(certificates)) {
            const rows = await tx
              .update(certificateUploads)
              .set({ applicationId: application!.id, updatedAt: input.submittedAt })
              .where(
                and(
                  eq(certificateUploads.id, uploadId),
                  eq(certificateUploads.accountId, input.accountId),
                  eq(certificateUploads.slot, slot as CertificateSlot),
                  isNull(certificateUploads.applicationId),
                  isNotNull(certificateUploads.storageKey),
                ),
              )
              .returning({ id: certificateUploads.id })
            attached += rows.length
          }
          // Throwing undoes the application: nothing of a refused one is kept.
          if (attached !== Object.keys(certificates).length) throw new CertificateMissing()
          return application!
        })
        .catch((error: unknown) => {
          if (error instanceof CertificateMissing) return 'CERTIFICATE_MISSING' as const
          throw error
        })
    },

    /**
     * Reviews a SUBMITTED application (one conditional update: reviewing twice changes nothing),
     * runs `alsoInTransaction` (the grant) and emits `school-application.approved` or `.rejected`,
     * all in one transaction; the change's reason is the reviewer's note. Null when it is not
     * SUBMITTED.
     */
    async review(
      id: string,
      outcome: ReviewOutcome,
      reviewer: Reviewer,
      change: ChangeContext,
      alsoInTransaction: (tx: Database, application: ApplicationRow) => Promise<void> = async () => {},
    ): Promise<ApplicationRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(schoolApplications)
          .set({
            ...outcome,
            reviewerId: reviewer.reviewerId,
            reviewNote: reviewer.note,
            reviewedAt: change.at,
          })
          .where(and(eq(schoolApplications.id, id), eq(schoolApplications.state, 'SUBMITTED')))
          .returning()
        if (!row) return null
        await alsoInTransaction(tx, row)
        const target = { kind: 'school-application', id }
        const before = { state: 'SUBMITTED' }
        if (outcome.state === 'APPROVED') {
          await deps.events.emit(tx, 'school-application.approved', {
            ...change,
            target,
            before,
            after: { state: 'APPROVED', premiumUntil: outcome.premiumUntil.toISOString() },
            payload: { applicationId: id, accountId: row.accountId, premiumUntil: outcome.premiumUntil },
          })
        } else {
          await deps.events.emit(tx, 'school-application.rejected', {
            ...change,
            target,
            before,
            after: { state: 'REJECTED', rejectReasonCode: outcome.rejectReasonCode },
            payload: { applicationId: id, accountId: row.accountId, reason: outcome.rejectReasonCode },
          })
        }
        return row
      })
    },

    /** Housekeeping: uploads not sent with an application and untouched since `before`. */
    async dropAbandonedUploads(before: Date, now: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(certificateUploads)
          .where(and(isNull(certificateUploads.applicationId), lt(certificateUploads.updatedAt, before)))
          .limit(200)
        return dropUploads(tx, rows, now)
      })
    },

    /** Housekeeping: the pictures of applications reviewed before `before` go; the application stays. */
    async dropReviewedCertificates(before: Date, now: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        const applications = await tx
          .select({ id: schoolApplications.id })
          .from(schoolApplications)
          .where(and(lt(schoolApplications.reviewedAt, before), isNull(schoolApplications.filesDeletedAt)))
          .limit(200)
        if (applications.length === 0) return []
        const ids = applications.map((row) => row.id)
        const uploads = await tx
          .select()
          .from(certificateUploads)
          .where(inArray(certificateUploads.applicationId, ids))
        const keys = await dropUploads(tx, uploads, now)
        await tx
          .update(schoolApplications)
          .set({ filesDeletedAt: now })
          .where(inArray(schoolApplications.id, ids))
        return keys
      })
    },

    /** The uploads sent with an application, by slot (the console's page lists them). */
    async uploadsOf(applicationId: string): Promise<UploadRow[]> {
      return db
        .select()
        .from(certificateUploads)
        .where(eq(certificateUploads.applicationId, applicationId))
        .orderBy(asc(certificateUploads.slot))
    },
  }
}

export type SchoolApplicationsRepository = ReturnType<typeof createSchoolApplicationsRepository>
