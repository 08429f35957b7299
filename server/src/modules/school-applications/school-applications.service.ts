import { JHS_REJECT_REASONS, type JhsRejectReason } from '@puribox/contract/admin-applications'
import {
  CERTIFICATE_SLOTS,
  type CertificateFormat,
  type CertificateUpload,
  certificateFileName,
  certificateFormatOf,
  type Grade,
  JHS_FREE_PAGE,
  JHS_LIMITS,
  type JhsApplication,
  type JhsApplyBody,
  type JhsState,
  jhsProfileProblem,
  normalizeJhsName,
  normalizeMailAddress,
} from '@puribox/contract/jhs-free'
import { links } from '@puribox/contract/pages'
import { formatJst } from '@puribox/contract/time'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import type { GuestCaller, MemberCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Images } from '../../ports/images'
import type { Mailer } from '../../ports/mail'
import type { Storage } from '../../ports/storage'
import type { Actor } from '../actor'
import type { FileDeletions } from '../files/file-deletions'
import { newStorageKey } from '../files/storage-keys'
import { approvedMail, rejectedMail, rejectReasonText, submittedMail } from './school-applications.mail'
import { type ApplicationAction, can } from './school-applications.policy'
import type {
  ApplicationRow,
  SchoolApplicationsRepository,
  UploadRow,
} from './school-applications.repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EXTENSION: Record<CertificateFormat, 'jpg' | 'png' | 'heic'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
}
/** How each certificate format is decoded (HEIC is one kind of HEIF). */
const DECODED_AS: Record<CertificateFormat, 'jpeg' | 'png' | 'heif'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/heic': 'heif',
}
/**
 * Twice a 48-megapixel phone photo: more than any photo within 10 MB needs, and a bound on the
 * memory one decode takes (checked from the header, before any pixel is decoded).
 */
const CERTIFICATE_MAX_PIXELS = 100_000_000
/** An upload not sent with an application and untouched this long is abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000
/** The certificate pictures of a reviewed application are kept this long after the review, then deleted: they are a pupil's identity documents. */
export const KEPT_AFTER_REVIEW_MS = 30 * 24 * 60 * 60 * 1000

/** How approval makes the account junior-high premium (the accounts' service, decision 0047). */
export interface SchoolPremiumGrant {
  schoolPremiumEnd(grade: Grade, on: Date): Date
  grantSchoolPremium(
    tx: Database,
    grant: { accountId: string; until: Date; now: Date; actor: Actor },
  ): Promise<void>
}

export function presentUpload(row: UploadRow): CertificateUpload {
  return {
    id: row.id,
    slot: row.slot,
    fileName: row.fileName,
    byteSize: row.byteSize,
    offset: row.received,
    state: row.storageKey ? 'COMPLETE' : 'UPLOADING',
    contentType: row.contentType,
    createdAt: formatJst(row.createdAt),
  }
}

export function presentApplication(row: ApplicationRow): JhsApplication {
  return {
    id: row.id,
    state: row.state,
    familyName: row.familyName,
    givenName: row.givenName,
    grade: row.grade,
    submittedAt: formatJst(row.submittedAt),
    reviewedAt: row.reviewedAt ? formatJst(row.reviewedAt) : null,
    rejectReason: row.rejectReason,
    premiumUntil: row.premiumUntil ? formatJst(row.premiumUntil) : null,
  }
}

/**
 * The junior-high free premium application (decision 0048): resumable certificate uploads checked
 * by content and stored privately, the application with its rules, and the review.
 */
export function createSchoolApplicationsService(deps: {
  repo: SchoolApplicationsRepository
  storage: Storage
  images: Images
  mailer: Mailer
  fileDeletions: FileDeletions
  grant: SchoolPremiumGrant
  /** Runs once an approval has committed (the payments module stops a paid renewal); may fail. */
  afterApproval?: () => Promise<unknown>
  publicUrl: string
}) {
  const { repo, storage, images, mailer, fileDeletions, grant, publicUrl } = deps
  const afterApproval = deps.afterApproval ?? (async () => undefined)
  const statusUrl = `${publicUrl}${JHS_FREE_PAGE}#/lp`

  async function ownUpload(caller: MemberCaller, id: string): Promise<UploadRow> {
    const row = UUID.test(id) ? await repo.findUpload(caller.accountId, id) : null
    if (!row) throw new AppError('NOT_FOUND', 'no such upload of yours')
    return row
  }

  /**
   * The whole file decoded, every pixel of it, once the last chunk is in: its first bytes are only
   * the format it claims. A picture cut short, damaged, or a picture's first bytes glued to
   * something else (a web page behind a HEIC header) is refused, and so is one whose header
   * announces more pixels than a phone's photo before any are decoded.
   *
   * A HEIC is stored as sent, not converted to JPEG: the operator reviews the applicant's own file,
   * the stored size is the size uploaded, and the applicant's screen already shows a HEIC by its name.
   */
  async function wholeFormat(data: Buffer): Promise<CertificateFormat> {
    const format = certificateFormatOf(data.subarray(0, 12))
    if (format === null) {
      throw new AppError('CERTIFICATE_NOT_AN_IMAGE', 'the file is not a JPEG, PNG or HEIC picture')
    }
    const decoded = await images.decodeWhole(data, DECODED_AS[format], {
      maxPixels: CERTIFICATE_MAX_PIXELS,
    })
    if (decoded === 'TOO_MANY_PIXELS') {
      throw new AppError('CERTIFICATE_TOO_LARGE', 'a certificate picture is 100 million pixels at most')
    }
    if (decoded === 'UNREADABLE') {
      throw new AppError('CERTIFICATE_UNREADABLE', 'the picture does not decode to its last pixel')
    }
    return format
  }

  /** The last chunk arrived: decode the whole file and store it, or drop the upload. */
  async function complete(row: UploadRow, now: Date): Promise<UploadRow> {
    const data = await repo.bytesOf(row.id)
    let format: CertificateFormat
    try {
      if (data.length !== row.byteSize) {
        throw new AppError('CERTIFICATE_UNREADABLE', 'the stored bytes are not the size announced')
      }
      format = await wholeFormat(data)
    } catch (error) {
      // Nothing of a refused picture stays (its chunks included): the slot takes a new one.
      const dropped = (await repo.removeUpload(row.accountId, row.id, now)) ?? []
      await fileDeletions.deleteFiles(dropped)
      throw error
    }
    const storageKey = newStorageKey('certificates', EXTENSION[format])
    await storage.put(storageKey, data)
    try {
      return await repo.completeUpload(row.id, { storageKey, contentType: format }, now)
    } catch (error) {
      await storage.delete(storageKey).catch(() => undefined)
      throw error
    }
  }

  async function mailApplicant(row: ApplicationRow, mail: 'approved' | 'rejected' | 'submitted') {
    const applicant = {
      to: row.mailAddress,
      familyName: row.familyName,
      givenName: row.givenName,
      statusUrl,
    }
    if (mail === 'submitted') {
      await mailer.send(submittedMail({ ...applicant, inquiryUrl: `${publicUrl}${links.inquiry}` }))
    } else if (mail === 'approved') {
      await mailer.send(approvedMail({ ...applicant, until: row.premiumUntil! }))
    } else {
      await mailer.send(rejectedMail({ ...applicant, reason: row.rejectReason ?? '' }))
    }
  }

  function allow(actor: Actor, action: ApplicationAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} junior-high applications`)
  }

  async function applicationOrThrow(id: string): Promise<ApplicationRow> {
    const found = UUID.test(id) ? await repo.findApplication(id) : null
    if (!found) throw new AppError('JHS_APPLICATION_NOT_FOUND', 'no such application')
    return found
  }

  function reviewedBy(actor: Actor, note: string | undefined) {
    const kept = note?.trim() || null
    return {
      reviewer: { reviewerId: actor.kind === 'operator' ? actor.operatorId : null, note: kept },
      change: (now: Date) => ({ actor, at: now, reason: kept }),
    }
  }

  async function approve(
    actor: Actor,
    found: ApplicationRow,
    now: Date,
    note?: string,
  ): Promise<JhsApplication> {
    if (found.state !== 'SUBMITTED') throw new AppError('JHS_APPLICATION_NOT_SUBMITTED', 'reviewed already')
    const premiumUntil = grant.schoolPremiumEnd(found.grade as Grade, found.submittedAt)
    if (premiumUntil <= now) {
      throw new AppError('JHS_PREMIUM_PERIOD_OVER', 'the third school year of the grade given is over')
    }
    const by = reviewedBy(actor, note)
    const row = await repo.review(
      found.id,
      { state: 'APPROVED', premiumUntil },
      by.reviewer,
      by.change(now),
      (tx, application) =>
        grant.grantSchoolPremium(tx, { accountId: application.accountId, until: premiumUntil, now, actor }),
    )
    if (!row) throw new AppError('JHS_APPLICATION_NOT_SUBMITTED', 'reviewed already')
    // The hourly job of the payments module tries again if the gateway does not answer now.
    await afterApproval().catch(() => undefined)
    await mailApplicant(row, 'approved')
    return presentApplication(row)
  }

  async function reject(
    actor: Actor,
    found: ApplicationRow,
    input: { reason: JhsRejectReason; note?: string | undefined },
    now: Date,
  ): Promise<JhsApplication> {
    const by = reviewedBy(actor, input.note)
    const row = await repo.review(
      found.id,
      { state: 'REJECTED', rejectReasonCode: input.reason, rejectReason: rejectReasonText(input.reason) },
      by.reviewer,
      by.change(now),
    )
    if (!row) throw new AppError('JHS_APPLICATION_NOT_SUBMITTED', 'reviewed already')
    await mailApplicant(row, 'rejected')
    return presentApplication(row)
  }

  return {
    async state(caller: MemberCaller | GuestCaller, now: Date): Promise<JhsState> {
      if (caller.kind === 'guest') {
        return { application: null, canApply: false, blocker: 'GUEST', isPremium: false, uploads: [] }
      }
      const [latest, uploads] = await Promise.all([
        repo.latestApplication(caller.accountId),
        repo.pendingUploads(caller.accountId),
      ])
      const running =
        (caller.membership as string) === 'JHS_PREMIUM' ||
        (latest?.state === 'APPROVED' && latest.premiumUntil !== null && latest.premiumUntil > now)
      const blocker = latest?.state === 'SUBMITTED' ? 'PENDING' : running ? 'ALREADY_JHS_PREMIUM' : null
      return {
        application: latest ? presentApplication(latest) : null,
        canApply: blocker === null,
        blocker,
        isPremium: caller.membership === 'PREMIUM',
        uploads: uploads.map(presentUpload),
      }
    },

    async startUpload(
      caller: MemberCaller,
      input: { slot: UploadRow['slot']; byteSize: number; fileName: string },
      now: Date,
    ): Promise<CertificateUpload> {
      if (input.byteSize > JHS_LIMITS.certificateMaxBytes) {
        throw new AppError('CERTIFICATE_TOO_LARGE', 'a certificate picture is 10 MB at most')
      }
      const fileName = certificateFileName(input.fileName)
      const { upload, dropped } = await repo.startUpload(
        { accountId: caller.accountId, slot: input.slot, byteSize: input.byteSize, fileName },
        now,
      )
      await fileDeletions.deleteFiles(dropped)
      return presentUpload(upload)
    },

    async upload(caller: MemberCaller, id: string): Promise<CertificateUpload> {
      return presentUpload(await ownUpload(caller, id))
    },

    async appendChunk(
      caller: MemberCaller,
      id: string,
      offset: number,
      chunk: Buffer,
      now: Date,
    ): Promise<CertificateUpload> {
      if (chunk.length > JHS_LIMITS.chunkMaxBytes) {
        throw new AppError('CERTIFICATE_TOO_LARGE', 'a chunk is 512 KB at most')
      }
      const row = await ownUpload(caller, id)
      if (chunk.length === 0) {
        throw new AppError('UPLOAD_OFFSET_MISMATCH', `send bytes from offset ${row.received}`)
      }
      // Refuse a file that does not start like a picture before the rest of it is sent.
      if (offset === 0 && certificateFormatOf(chunk.subarray(0, 12)) === null) {
        const dropped = (await repo.removeUpload(caller.accountId, id, now)) ?? []
        await fileDeletions.deleteFiles(dropped)
        throw new AppError(
          'CERTIFICATE_NOT_AN_IMAGE',
          'the file does not start like a JPEG, PNG or HEIC picture',
        )
      }
      const result = await repo.appendChunk(caller.accountId, id, offset, chunk, now)
      if (result === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'no such upload of yours')
      if (result === 'TOO_LARGE') throw new AppError('CERTIFICATE_TOO_LARGE', 'more bytes than announced')
      if (result === 'OFFSET_MISMATCH') {
        throw new AppError('UPLOAD_OFFSET_MISMATCH', `the upload is at offset ${row.received}`)
      }
      if (result.received < result.byteSize) return presentUpload(result)
      return presentUpload(await complete(result, now))
    },

    async removeUpload(caller: MemberCaller, id: string, now: Date): Promise<{ removed: boolean }> {
      const dropped = UUID.test(id) ? await repo.removeUpload(caller.accountId, id, now) : null
      if (dropped === null) return { removed: false }
      await fileDeletions.deleteFiles(dropped)
      return { removed: true }
    },

    /** The caller's own complete picture, for them alone. */
    async uploadFile(caller: MemberCaller, id: string): Promise<{ data: Buffer; contentType: string }> {
      const row = await ownUpload(caller, id)
      const data = row.storageKey ? await storage.get(row.storageKey) : null
      if (!data || !row.contentType) throw new AppError('NOT_FOUND', 'the picture is not complete')
      return { data, contentType: row.contentType }
    },

    async apply(caller: MemberCaller, body: JhsApplyBody, now: Date): Promise<JhsApplication> {
      const familyName = normalizeJhsName(body.familyName)
      const givenName = normalizeJhsName(body.givenName)
      if (!familyName || !givenName) throw new AppError('JHS_NAME_INVALID', 'a name is empty or too long')
      const mailAddress = normalizeMailAddress(body.mailAddress)
      if (!mailAddress) throw new AppError('MAIL_ADDRESS_INVALID', 'not a mail address')
      const birth = { year: body.birthYear, month: body.birthMonth, day: body.birthDay }
      const problem = jhsProfileProblem(birth, body.grade, now)
      if (problem?.problem === 'NO_SUCH_DATE') throw new AppError('JHS_BIRTH_DATE_INVALID', 'no such day')
      if (problem?.problem === 'NOT_JUNIOR_HIGH_AGE') {
        throw new AppError('JHS_NOT_JUNIOR_HIGH_AGE', 'not of junior-high age today')
      }
      if (problem?.problem === 'GRADE_MISMATCH') {
        throw new AppError('JHS_GRADE_MISMATCH', `born then, the grade today is ${problem.expected}`)
      }
      const current = await this.state(caller, now)
      if (current.blocker === 'PENDING') throw new AppError('JHS_APPLICATION_PENDING', 'one waits for review')
      if (current.blocker === 'ALREADY_JHS_PREMIUM') {
        throw new AppError('JHS_ALREADY_PREMIUM', 'your junior-high premium runs')
      }
      for (const slot of CERTIFICATE_SLOTS) {
        if (!UUID.test(body.certificates[slot])) throw new AppError('CERTIFICATE_MISSING', `no ${slot}`)
      }
      const pad = (value: number, width: number) => String(value).padStart(width, '0')
      let result: Awaited<ReturnType<SchoolApplicationsRepository['apply']>>
      try {
        result = await repo.apply(
          {
            accountId: caller.accountId,
            familyName,
            givenName,
            birthDate: `${pad(birth.year, 4)}-${pad(birth.month, 2)}-${pad(birth.day, 2)}`,
            mailAddress,
            grade: body.grade,
            kindDocument: body.kindDocument,
            submittedAt: now,
          },
          body.certificates,
        )
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('JHS_APPLICATION_PENDING', 'one waits for review')
        throw error
      }
      if (result === 'CERTIFICATE_MISSING') {
        throw new AppError('CERTIFICATE_MISSING', 'a certificate is not a complete upload of yours')
      }
      await mailApplicant(result, 'submitted')
      return presentApplication(result)
    },

    /**
     * Approves: the account becomes junior-high premium until the end of the third school year of
     * the grade given on the day it was sent, in the same transaction, whoever reviews and however
     * late. Refused (JHS_PREMIUM_PERIOD_OVER) when that end has passed: the mail would promise a
     * premium that is over. Reviewed already: JHS_APPLICATION_NOT_SUBMITTED.
     */
    async approveApplication(
      actor: Actor,
      id: string,
      now: Date,
      input: { note?: string | undefined } = {},
    ): Promise<JhsApplication> {
      allow(actor, 'review')
      return approve(actor, await applicationOrThrow(id), now, input.note)
    },

    /**
     * Rejects for a reason of the fixed list: the applicant is mailed PuriBox's sentence for it,
     * never the operator's note; they may then apply again.
     */
    async rejectApplication(
      actor: Actor,
      id: string,
      input: { reason: JhsRejectReason; note?: string | undefined },
      now: Date,
    ): Promise<JhsApplication> {
      allow(actor, 'review')
      return reject(actor, await applicationOrThrow(id), input, now)
    },

    /**
     * The debug page: the caller reviews their own waiting application (only with time travel on,
     * which the route checks). A reason that is no code of the list is kept as the note, the reason
     * being OTHER.
     */
    async reviewOwn(
      caller: MemberCaller,
      decision: 'APPROVE' | 'REJECT',
      reason: string | undefined,
      now: Date,
    ): Promise<JhsApplication> {
      const latest = await repo.latestApplication(caller.accountId)
      if (latest?.state !== 'SUBMITTED') throw new AppError('NOT_FOUND', 'no application waits for review')
      if (!can(caller, 'review-own', latest)) throw new AppError('FORBIDDEN', 'not your application')
      if (decision === 'APPROVE') return approve(caller, latest, now)
      const code = JHS_REJECT_REASONS.find((known) => known === reason?.trim()) ?? 'OTHER'
      return reject(caller, latest, { reason: code, note: code === reason?.trim() ? undefined : reason }, now)
    },

    /** Housekeeping: abandoned uploads, and the pictures of applications reviewed 30 days ago. */
    async cleanUp(now: Date): Promise<{ abandoned: number; reviewed: number }> {
      const abandoned = await repo.dropAbandonedUploads(new Date(now.getTime() - ABANDONED_AFTER_MS), now)
      const reviewed = await repo.dropReviewedCertificates(
        new Date(now.getTime() - KEPT_AFTER_REVIEW_MS),
        now,
      )
      await fileDeletions.deleteFiles([...abandoned, ...reviewed])
      return { abandoned: abandoned.length, reviewed: reviewed.length }
    },
  }
}

export type SchoolApplicationsService = ReturnType<typeof createSchoolApplicationsService>
