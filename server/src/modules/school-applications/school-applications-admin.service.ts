import {
  type AdminApplication,
  type AdminApplicationPage,
  type AdminApplicationSummary,
  type ApplicationApprove,
  type ApplicationListQuery,
  type ApplicationReject,
  applicationCursor,
  parseApplicationCursor,
} from '@puribox/contract/admin-applications'
import { CERTIFICATE_SLOTS, type CertificateSlot, type Grade } from '@puribox/contract/jhs-free'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Storage } from '../../ports/storage'
import type { Actor } from '../actor'
import { seesPersonalData } from '../audit/audit.policy'
import { maskPersonalTexts } from '../audit/personal-data'
import { type ApplicationAction, can } from './school-applications.policy'
import type { ApplicationRow, SchoolApplicationsRepository } from './school-applications.repository'
import type { SchoolApplicationsService } from './school-applications.service'
import type { SchoolApplicationsAdminRepository } from './school-applications-admin.repository'

/** A certificate picture as the console's route sends it. */
export interface CertificateFile {
  data: Buffer
  contentType: string
}

/**
 * Support's side of junior-high applications (decision 0073): the queue, an application's page, its
 * certificate pictures (each opening audited) and the review, which the module's service does. Every
 * function takes the actor and asks the policy first; what the actor may not see of the applicant
 * reads `***` (a viewer).
 */
export function createSchoolApplicationsAdminService(deps: {
  admin: SchoolApplicationsAdminRepository
  repo: Pick<SchoolApplicationsRepository, 'uploadsOf'>
  review: Pick<SchoolApplicationsService, 'approveApplication' | 'rejectApplication'>
  storage: Pick<Storage, 'get'>
  clock: Clock
  /** When the junior-high premium of a pupil in `grade` on `on` ends (the accounts' rule). */
  schoolPremiumEnd(grade: Grade, on: Date): Date
}) {
  const { admin, repo, review, storage, clock } = deps

  function allow(actor: Actor, action: ApplicationAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} junior-high applications`)
  }

  function asSeenBy<T>(actor: Actor, value: T): T {
    return seesPersonalData(actor) ? value : maskPersonalTexts(value, 'school-application')
  }

  function presentSummary(row: ApplicationRow): AdminApplicationSummary {
    return {
      id: row.id,
      state: row.state,
      accountId: row.accountId,
      familyName: row.familyName,
      givenName: row.givenName,
      grade: row.grade,
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      premiumEndsAt: (
        row.premiumUntil ?? deps.schoolPremiumEnd(row.grade as Grade, row.submittedAt)
      ).toISOString(),
      certificatesDeleted: row.filesDeletedAt !== null,
    }
  }

  async function page(actor: Actor, id: string): Promise<AdminApplication> {
    const found = await admin.find(id)
    if (!found) throw new AppError('JHS_APPLICATION_NOT_FOUND', 'no such application')
    const { application: row } = found
    const uploads = row.filesDeletedAt ? [] : await repo.uploadsOf(row.id)
    return asSeenBy(actor, {
      ...presentSummary(row),
      birthday: row.birthDate,
      mailAddress: row.mailAddress,
      kindDocument: row.kindDocument,
      rejectReason: row.rejectReasonCode,
      rejectReasonText: row.state === 'REJECTED' ? row.rejectReason : null,
      note: row.reviewNote,
      reviewer: found.reviewer,
      certificates: CERTIFICATE_SLOTS.flatMap((slot) => {
        const upload = uploads.find((candidate) => candidate.slot === slot)
        return upload?.contentType
          ? [{ slot, contentType: upload.contentType, byteSize: upload.byteSize }]
          : []
      }),
    })
  }

  return {
    async list(actor: Actor, query: ApplicationListQuery): Promise<AdminApplicationPage> {
      allow(actor, 'read')
      const after = query.after ? parseApplicationCursor(query.after) : null
      if (query.after && !after) throw new AppError('VALIDATION_FAILED', 'after is not a page of this list')
      const [rows, counts] = await Promise.all([
        admin.list({ state: query.state, after: after ?? undefined, limit: query.limit }),
        admin.counts(),
      ])
      const shown = rows.slice(0, query.limit)
      const last = shown.at(-1)
      return {
        applications: shown.map((row) => asSeenBy(actor, presentSummary(row))),
        counts,
        next:
          rows.length > query.limit && last
            ? applicationCursor({
                reviewed: last.state !== 'SUBMITTED',
                submittedAt: last.submittedAt,
                id: last.id,
              })
            : null,
      }
    },

    async application(actor: Actor, id: string): Promise<AdminApplication> {
      allow(actor, 'read')
      return page(actor, id)
    },

    /**
     * One of the application's pictures, as the applicant sent it, for support and admin alone;
     * the opening is recorded before the picture leaves. The storage port reads a file whole, and a
     * certificate is 10 MB at most.
     */
    async certificate(actor: Actor, id: string, slot: CertificateSlot): Promise<CertificateFile> {
      allow(actor, 'view-certificate')
      const found = await admin.find(id)
      if (!found) throw new AppError('JHS_APPLICATION_NOT_FOUND', 'no such application')
      const deleted = () =>
        new AppError('JHS_CERTIFICATE_DELETED', 'the pictures were deleted after the review')
      if (found.application.filesDeletedAt) throw deleted()
      const upload = (await repo.uploadsOf(id)).find((candidate) => candidate.slot === slot)
      const data = upload?.storageKey ? await storage.get(upload.storageKey) : null
      if (!upload?.contentType || !data) throw deleted()
      await admin.certificateViewed(id, slot, { actor, at: clock.now(), reason: null })
      return { data, contentType: upload.contentType }
    },

    async approve(actor: Actor, id: string, input: ApplicationApprove): Promise<AdminApplication> {
      await review.approveApplication(actor, id, clock.now(), input)
      return page(actor, id)
    },

    async reject(actor: Actor, id: string, input: ApplicationReject): Promise<AdminApplication> {
      await review.rejectApplication(actor, id, input, clock.now())
      return page(actor, id)
    },
  }
}

export type SchoolApplicationsAdminService = ReturnType<typeof createSchoolApplicationsAdminService>
