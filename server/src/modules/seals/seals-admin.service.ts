import {
  type AdminSeal,
  type AdminSealPictureSize,
  adminSealPictureUrl,
  type SealHide,
  type SealUnhide,
} from '@puribox/contract/admin-seals'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Storage } from '../../ports/storage'
import type { Actor } from '../actor'
import { seesPersonalData } from '../audit/audit.policy'
import { MASKED } from '../audit/personal-data'
import { can, type SealAction } from './seals.policy'
import type { PuriFileKind, SealsRepository } from './seals.repository'
import { parseSealId } from './seals.service'
import type { SealAdminRecord, SealsAdminRepository } from './seals-admin.repository'

const fileKind: Record<AdminSealPictureSize, PuriFileKind> = { thumb: 'thumbnail', medium: 'medium' }

/** The operator's note as kept: null when there is none. */
const noteOf = (body: { note?: string | undefined }) => body.note || null

/**
 * The console's side of seals (decision 0075): a seal by its ID as operators see it, its pictures
 * without the watermark, and hiding a reported seal from members. Every function takes the actor and
 * asks the policy first; the accounts that saved the seal read `***` to an operator who does not see
 * personal data.
 */
export function createSealsAdminService(deps: {
  admin: SealsAdminRepository
  files: Pick<SealsRepository, 'findPuriFile'>
  storage: Pick<Storage, 'get'>
  clock: Clock
  /** This process's members' lookups forget the seal: they read its hiding again at once. */
  forget(sealId: string): void
}) {
  const { admin, files, storage, clock } = deps

  function allow(actor: Actor, action: SealAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} seals`)
  }

  function present(actor: Actor, record: SealAdminRecord): AdminSeal {
    const personal = seesPersonalData(actor)
    return {
      sealId: record.sealId,
      shotAt: record.shotAt.toISOString(),
      expiresAt: record.expiresAt.toISOString(),
      expired: clock.now().getTime() >= record.expiresAt.getTime(),
      machine: record.machine,
      puris: record.puris.map((puri) => ({
        ...puri,
        thumbnailUrl: adminSealPictureUrl(record.sealId, puri.number, 'thumb'),
        mediumUrl: adminSealPictureUrl(record.sealId, puri.number, 'medium'),
      })),
      owners: record.owners.map((owner) => ({
        accountId: personal ? owner.accountId : MASKED,
        registeredAt: owner.registeredAt.toISOString(),
        pictures: owner.pictures.map((picture) => ({
          number: picture.number,
          savedAt: picture.savedAt.toISOString(),
        })),
      })),
      hidden: record.hidden && {
        reason: record.hidden.reason,
        note: record.hidden.note,
        hiddenAt: record.hidden.hiddenAt.toISOString(),
        hiddenBy: record.hidden.hiddenBy,
      },
    }
  }

  async function page(actor: Actor, sealId: string): Promise<AdminSeal> {
    const record = await admin.find(sealId)
    if (!record) throw notFound()
    return present(actor, record)
  }

  const notFound = () => new AppError('SEAL_NOT_FOUND', 'no seal with this ID')

  return {
    /** A seal as the console shows it, hidden or expired alike. */
    async seal(actor: Actor, input: string): Promise<AdminSeal> {
      allow(actor, 'read')
      return page(actor, parseSealId(input))
    },

    /** One picture of the seal in a console size (JPEG), hidden or not, as long as it is kept. */
    async picture(actor: Actor, input: string, number: number, size: AdminSealPictureSize): Promise<Buffer> {
      allow(actor, 'view-pictures')
      const sealId = parseSealId(input)
      const file = await files.findPuriFile(sealId, number, fileKind[size])
      if (!file) {
        if (!(await admin.find(sealId))) throw notFound()
        throw new AppError('NOT_FOUND', 'the seal has no picture with this number (any more)')
      }
      const data = await storage.get(file.storageKey)
      if (!data) throw new Error(`stored file missing: ${file.storageKey}`)
      return data
    },

    /** Hides the seal from members (or changes why), and forgets this process's copy of it. */
    async hide(actor: Actor, input: string, body: SealHide): Promise<AdminSeal> {
      allow(actor, 'hide')
      const sealId = parseSealId(input)
      const outcome = await admin.hide({ actor, at: clock.now(), reason: noteOf(body) }, sealId, body.reason)
      if (outcome === null) throw notFound()
      deps.forget(sealId)
      return page(actor, sealId)
    },

    /** Shows a hidden seal to members again; SEAL_NOT_HIDDEN when they see it already. */
    async unhide(actor: Actor, input: string, body: SealUnhide): Promise<AdminSeal> {
      allow(actor, 'unhide')
      const sealId = parseSealId(input)
      const outcome = await admin.unhide({ actor, at: clock.now(), reason: noteOf(body) }, sealId)
      if (outcome === null) throw notFound()
      if (outcome === 'NOT_HIDDEN') throw new AppError('SEAL_NOT_HIDDEN', 'members see this seal already')
      deps.forget(sealId)
      return page(actor, sealId)
    },
  }
}

export type SealsAdminService = ReturnType<typeof createSealsAdminService>
