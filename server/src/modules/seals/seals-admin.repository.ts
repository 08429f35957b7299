import type { SealHideReason } from '@puribox/contract/admin-seals'
import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machines, shops } from '../booth/booth.schema'
import type { ChangeContext } from '../change'
import type { EventBus } from '../events'
import { operators } from '../operators/operators.schema'
import { savedImages, sealRegistrations } from '../saving/saving.schema'
import { puris, sealHidings, seals } from './seals.schema'

/** A seal as the console shows it: the play, its machine and shop, its pictures, owners and hiding. */
export interface SealAdminRecord {
  sealId: string
  shotAt: Date
  expiresAt: Date
  machine: { id: string; name: string; shopId: string; shopName: string }
  puris: Array<{
    number: number
    isRawPuri: boolean
    rawPuriImageNumber: number | null
    isProofSample: boolean
  }>
  owners: Array<{ accountId: string; registeredAt: Date; pictures: Array<{ number: number; savedAt: Date }> }>
  hidden: {
    reason: SealHideReason
    note: string | null
    hiddenAt: Date
    hiddenBy: { operatorId: string; operatorMailAddress: string } | null
  } | null
}

/** Whether a seal is hidden, and why, as an event's `before` and `after` hold it. */
function hidingState(hiding: { reason: SealHideReason } | null) {
  return { hidden: hiding !== null, reason: hiding?.reason ?? null }
}

/**
 * What the operators' console reads and writes of seals (decision 0075). A seal is read with what
 * the booth and saving modules keep about it (its machine and shop, who saved which picture), in
 * joins; hiding and showing again are the seals module's own rows, each change one transaction with
 * its event, so the audit log records it with the change or not at all.
 */
export function createSealsAdminRepository(db: Database, events: Pick<EventBus, 'emit'>) {
  /** The seal's hiding under the seal's lock, in `tx`; null for a seal that is not there. */
  async function lockedHiding(tx: Database, sealId: string) {
    const [seal] = await tx.select({ id: seals.id }).from(seals).where(eq(seals.id, sealId)).for('update')
    if (!seal) return null
    const [hiding] = await tx.select().from(sealHidings).where(eq(sealHidings.sealId, sealId))
    return { hiding: hiding ?? null }
  }

  return {
    /** The seal with everything the console shows of it; null when there is no such seal. */
    async find(sealId: string): Promise<SealAdminRecord | null> {
      const [[seal], puriRows, owners, saved] = await Promise.all([
        db
          .select({
            sealId: seals.id,
            shotAt: seals.shotAt,
            expiresAt: seals.expiresAt,
            machineId: machines.id,
            machineName: machines.name,
            shopId: shops.id,
            shopName: shops.name,
            reason: sealHidings.reason,
            note: sealHidings.note,
            hiddenAt: sealHidings.hiddenAt,
            operatorId: operators.id,
            operatorMailAddress: operators.mailAddress,
          })
          .from(seals)
          .innerJoin(machines, eq(machines.id, seals.machineId))
          .innerJoin(shops, eq(shops.id, machines.shopId))
          .leftJoin(sealHidings, eq(sealHidings.sealId, seals.id))
          .leftJoin(operators, eq(operators.id, sealHidings.operatorId))
          .where(eq(seals.id, sealId)),
        db
          .select({
            number: puris.number,
            isRawPuri: puris.isRawPuri,
            rawPuriImageNumber: puris.rawPuriImageNumber,
            isProofSample: puris.isProofSample,
          })
          .from(puris)
          .where(eq(puris.sealId, sealId))
          .orderBy(asc(puris.number)),
        db
          .select({ accountId: sealRegistrations.accountId, registeredAt: sealRegistrations.registeredAt })
          .from(sealRegistrations)
          .where(eq(sealRegistrations.sealId, sealId))
          .orderBy(asc(sealRegistrations.registeredAt), asc(sealRegistrations.slot)),
        db
          .select({
            accountId: savedImages.accountId,
            number: savedImages.puriNumber,
            savedAt: savedImages.savedAt,
          })
          .from(savedImages)
          .where(eq(savedImages.sealId, sealId))
          .orderBy(asc(savedImages.puriNumber)),
      ])
      if (!seal) return null
      return {
        sealId: seal.sealId,
        shotAt: seal.shotAt,
        expiresAt: seal.expiresAt,
        machine: { id: seal.machineId, name: seal.machineName, shopId: seal.shopId, shopName: seal.shopName },
        puris: puriRows,
        owners: owners.map((owner) => ({
          ...owner,
          pictures: saved
            .filter((picture) => picture.accountId === owner.accountId)
            .map(({ number, savedAt }) => ({ number, savedAt })),
        })),
        hidden:
          seal.reason !== null && seal.hiddenAt !== null
            ? {
                reason: seal.reason,
                note: seal.note,
                hiddenAt: seal.hiddenAt,
                hiddenBy:
                  seal.operatorId !== null && seal.operatorMailAddress !== null
                    ? { operatorId: seal.operatorId, operatorMailAddress: seal.operatorMailAddress }
                    : null,
              }
            : null,
      }
    },

    /**
     * Hides the seal from members, or changes why it is hidden, in one transaction with its
     * `seals.hidden` event. UNCHANGED, writing nothing, when it is hidden already for the same reason
     * and note; null when there is no such seal.
     */
    async hide(
      change: ChangeContext,
      sealId: string,
      reason: SealHideReason,
    ): Promise<'HIDDEN' | 'UNCHANGED' | null> {
      return db.transaction(async (tx) => {
        const locked = await lockedHiding(tx, sealId)
        if (!locked) return null
        const { hiding } = locked
        if (hiding && hiding.reason === reason && hiding.note === change.reason) return 'UNCHANGED'
        const { actor } = change
        const fields = {
          reason,
          note: change.reason,
          operatorId: actor.kind === 'operator' ? actor.operatorId : null,
          hiddenAt: change.at,
        }
        await tx
          .insert(sealHidings)
          .values({ sealId, ...fields })
          .onConflictDoUpdate({ target: sealHidings.sealId, set: fields })
        await events.emit(tx, 'seals.hidden', {
          actor,
          at: change.at,
          target: { kind: 'seal', id: sealId },
          reason: change.reason,
          before: hidingState(hiding),
          after: hidingState({ reason }),
          payload: { sealId, reason },
        })
        return 'HIDDEN'
      })
    },

    /**
     * Shows a hidden seal to members again, in one transaction with its `seals.unhidden` event.
     * NOT_HIDDEN, writing nothing, when members see it already; null when there is no such seal.
     */
    async unhide(change: ChangeContext, sealId: string): Promise<'SHOWN' | 'NOT_HIDDEN' | null> {
      return db.transaction(async (tx) => {
        const locked = await lockedHiding(tx, sealId)
        if (!locked) return null
        const { hiding } = locked
        if (!hiding) return 'NOT_HIDDEN'
        await tx.delete(sealHidings).where(eq(sealHidings.sealId, sealId))
        await events.emit(tx, 'seals.unhidden', {
          actor: change.actor,
          at: change.at,
          target: { kind: 'seal', id: sealId },
          reason: change.reason,
          before: hidingState(hiding),
          after: hidingState(null),
          payload: { sealId },
        })
        return 'SHOWN'
      })
    },
  }
}

export type SealsAdminRepository = ReturnType<typeof createSealsAdminRepository>
