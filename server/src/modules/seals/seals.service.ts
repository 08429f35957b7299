import { freePuriNumber } from '@puribox/contract/puri-rules'
import { normalizeSealId } from '@puribox/contract/seal-id'
import { type SealSet, sealSetSchema } from '@puribox/contract/seals'
import { formatJst } from '@puribox/contract/time'
import { LRUCache } from 'lru-cache'
import { AppError } from '../../http/errors'
import { EncodedEntity } from '../../http/serializer'
import type { Images } from '../../ports/images'
import type { Storage } from '../../ports/storage'
import type { SealSetRecord, SealsRepository } from './seals.repository'

export function previewImageUrl(sealId: string, number: number): string {
  return `/sp/puri/thum.jpg?sealId=${sealId}&number=${number}`
}

/** Seal ID as typed → canonical ID, or a typed error (never a lookup of garbage). */
export function parseSealId(input: string): string {
  const sealId = normalizeSealId(input)
  if (!sealId) throw new AppError('SEAL_ID_MALFORMED', 'a seal ID is 10 characters of 0-9 and A-Z')
  return sealId
}

function assertNotExpired(expiresAt: Date, now: Date): void {
  if (now.getTime() >= expiresAt.getTime()) throw new AppError('SEAL_EXPIRED', 'the seal has expired')
}

/** What a guest sees of a seal: every puri as a watermarked preview, nothing to save. */
export function presentSealForGuest(record: SealSetRecord): SealSet {
  return {
    sealId: record.sealId,
    sealExpireDate: formatJst(record.expiresAt),
    machine: record.machine,
    isProof: record.puris.every((puri) => puri.isProofSample),
    puris: record.puris.map((puri) => ({
      number: puri.number,
      thumbnailUrl: previewImageUrl(record.sealId, puri.number),
      qvgaUrl: previewImageUrl(record.sealId, puri.number),
      available: ['PREVIEW'],
      rakugaki: { isRawPuri: puri.isRawPuri, rawPuriImageNumber: puri.rawPuriImageNumber },
      isProofSample: puri.isProofSample,
    })),
  }
}

/** A member's view: per puri what they may do (premium: save all; mini: save the free one, preview the rest). */
export function presentSealForMember(record: SealSetRecord, membership: 'MINI' | 'PREMIUM'): SealSet {
  const guest = presentSealForGuest(record)
  const free = freePuriNumber(guest.puris)
  return {
    ...guest,
    puris: guest.puris.map((puri) => ({
      ...puri,
      available: membership === 'PREMIUM' || puri.number === free ? ['SAVE'] : ['PREVIEW'],
    })),
  }
}

/** The seal's puris in the shape of the contract's puri rules. */
export function puriFlags(record: SealSetRecord) {
  return record.puris.map((puri) => ({
    number: puri.number,
    rakugaki: { isRawPuri: puri.isRawPuri },
    isProofSample: puri.isProofSample,
  }))
}

/** Who looks a seal up: the seam where puri-getting penalties (per account and per IP) apply. */
export interface SealCaller {
  role: 'GUEST' | 'MINI' | 'PREMIUM'
  accountId: string | null
  ip: string
}

/** For callers inside the server with no request (tests, jobs). */
const UNKNOWN_CALLER: SealCaller = { role: 'GUEST', accountId: null, ip: '' }

/**
 * A play never changes once ingested, and a whole booth crowd reads the same few seals at once: the
 * read keeps recent ones in memory, with their guest view already encoded as JSON. Bounded in
 * count, and short-lived so that a seal an operator removes disappears from every process within
 * the TTL. Unknown IDs are never cached.
 */
export const SEAL_CACHE = { max: 5000, ttlMs: 60_000 } as const

export function createSealService(deps: { repo: SealsRepository; storage: Storage; images: Images }) {
  const { repo, storage, images } = deps
  interface CachedSeal {
    record: SealSetRecord
    guestView: EncodedEntity<SealSet>
  }
  const cache = new LRUCache<string, CachedSeal>({ max: SEAL_CACHE.max, ttl: SEAL_CACHE.ttlMs })
  const findSealSet = async (sealId: string) => {
    const cached = cache.get(sealId)
    if (cached) return cached
    const record = await repo.findSealSet(sealId)
    if (!record) return null
    const entry = { record, guestView: EncodedEntity.of(sealSetSchema, presentSealForGuest(record)) }
    cache.set(sealId, entry)
    return entry
  }
  /**
   * THE seal lookup by a typed ID: the seal view and saving both go through here. Throws
   * SEAL_ID_MALFORMED, SEAL_NOT_FOUND or SEAL_EXPIRED. Puri-getting penalties hook in here: a
   * check of `caller` before, and a failure count when it throws.
   */
  const lookUpSeal = async (input: string, _caller: SealCaller, now: Date): Promise<CachedSeal> => {
    const sealId = parseSealId(input)
    const found = await findSealSet(sealId)
    if (!found) throw new AppError('SEAL_NOT_FOUND', 'no seal with this ID')
    assertNotExpired(found.record.expiresAt, now)
    return found
  }
  return {
    lookUpSeal,

    /** A guest's view of a seal, encoded once per cache fill. */
    async getSealSet(
      input: string,
      now: Date,
      caller: SealCaller = UNKNOWN_CALLER,
    ): Promise<EncodedEntity<SealSet>> {
      return (await lookUpSeal(input, caller, now)).guestView
    },

    /** A member's view of a seal: per puri whether they may save it. */
    async getMemberSealSet(
      input: string,
      now: Date,
      caller: SealCaller & { role: 'MINI' | 'PREMIUM' },
    ): Promise<SealSet> {
      return presentSealForMember((await lookUpSeal(input, caller, now)).record, caller.role)
    },

    /** The watermarked preview of one puri (optionally letterboxed to a square), while the seal lives. */
    async previewImage(
      input: string,
      number: number,
      options: { padding: boolean; now: Date },
    ): Promise<Buffer> {
      const sealId = parseSealId(input)
      const file = await repo.findPuriFile(sealId, number, 'preview')
      if (!file) throw new AppError('SEAL_NOT_FOUND', 'no such seal or picture')
      assertNotExpired(file.expiresAt, options.now)
      const data = await storage.get(file.storageKey)
      if (!data) throw new Error(`stored file missing: ${file.storageKey}`)
      return options.padding ? images.padToSquare(data) : data
    },
  }
}

export type SealService = ReturnType<typeof createSealService>
