import { hasPremiumFeatures, type MemberMembership } from '@puribox/contract/membership'
import { freePuriNumber } from '@puribox/contract/puri-rules'
import { normalizeSealId } from '@puribox/contract/seal-id'
import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { type SealSet, sealSetSchema } from '@puribox/contract/seals'
import { formatJst } from '@puribox/contract/time'
import { LRUCache } from 'lru-cache'
import type { MemberCaller, PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import { EncodedEntity } from '../../http/serializer'
import type { Images } from '../../ports/images'
import type { Storage } from '../../ports/storage'
import type { GuestKey } from '../penalties/guest-keys'
import { type PenaltyService, purigetStanding } from '../penalties/penalties.service'
import type { LookupSourceCounter } from './lookup-sources'
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

/** A seal operators hid after a report (decision 0075) is nobody's to see or save. */
function assertNotHidden(record: SealSetRecord): void {
  if (record.hidden) throw new AppError('SEAL_HIDDEN', 'operators have hidden this seal')
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
export function presentSealForMember(record: SealSetRecord, membership: MemberMembership): SealSet {
  const guest = presentSealForGuest(record)
  const free = freePuriNumber(guest.puris)
  return {
    ...guest,
    puris: guest.puris.map((puri) => ({
      ...puri,
      available: hasPremiumFeatures(membership) || puri.number === free ? ['SAVE'] : ['PREVIEW'],
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

/**
 * A play never changes once ingested, and a whole booth crowd reads the same few seals at once: the
 * read keeps recent ones in memory, with their guest view already encoded as JSON. Bounded in
 * count, and short-lived so that a seal an operator hides or removes disappears from every other
 * process within the TTL (this process forgets it at once). Unknown IDs are never cached. A cached
 * seal of 6 puris takes about 9 KB of heap: 2,000 (18 MB) hold every seal one process is asked for
 * in a minute even at 30 new seals a second, and a seal's friends save it within moments of each
 * other.
 */
export const SEAL_CACHE = { max: 2000, ttlMs: 60_000 } as const

export function createSealService(deps: {
  repo: Pick<SealsRepository, 'findSealSet' | 'findPuriFile'>
  storage: Storage
  images: Images
  penalties: Pick<PenaltyService, 'assertMayGetPuri' | 'recordLookupFailure'>
  /** Counts the found lookups that say where they came from (decision 0043). */
  lookupSources: Pick<LookupSourceCounter, 'count'>
}) {
  const { repo, storage, images, penalties, lookupSources } = deps
  interface CachedSeal {
    record: SealSetRecord
    guestView: EncodedEntity<SealSet>
  }
  const cache = new LRUCache<string, CachedSeal>({ max: SEAL_CACHE.max, ttl: SEAL_CACHE.ttlMs })
  // A read in progress is shared: members who tap the same new seal at once wait for one read.
  const reading = new Map<string, Promise<CachedSeal | null>>()
  // Counts `forget`s: a read begun before one may have read the seal as it was, and is not kept.
  let forgotten = 0
  const read = async (sealId: string) => {
    const startedAfter = forgotten
    const record = await repo.findSealSet(sealId)
    if (!record) return null
    const entry = { record, guestView: EncodedEntity.of(sealSetSchema, presentSealForGuest(record)) }
    if (forgotten === startedAfter) cache.set(sealId, entry)
    return entry
  }
  const findSealSet = (sealId: string): Promise<CachedSeal | null> => {
    const cached = cache.get(sealId)
    if (cached) return Promise.resolve(cached)
    let pending = reading.get(sealId)
    if (!pending) {
      const started = read(sealId).finally(() => {
        if (reading.get(sealId) === started) reading.delete(sealId)
      })
      pending = started
      reading.set(sealId, started)
    }
    return pending
  }
  /**
   * THE seal lookup by a typed ID: the seal view and saving both go through here. Throws
   * SEAL_ID_MALFORMED, SEAL_NOT_FOUND, SEAL_HIDDEN or SEAL_EXPIRED. For a person (`caller`), a
   * malformed ID is refused before anything (a typo, not counted); then the puri-getting penalty is
   * checked, and an unknown ID counts as a failure towards YELLOW and RED (once per ID), the
   * SEAL_NOT_FOUND saying how many tries are left. Hidden and expired seals do not count: the ID was
   * right. `caller` null is the server itself (tests, jobs, a member's own seal): no penalty
   * applies. `guestKey` tells a guest's browser from the others on its address (decision 0034). A
   * lookup that finds a live seal and names its `source` (the request's `from`) is counted for the
   * statistics (decision 0043).
   */
  const lookUpSeal = async (
    input: string,
    caller: PersonCaller | null,
    now: Date,
    guestKey: GuestKey | null = null,
    source: SealLookupSource | null = null,
  ): Promise<CachedSeal> => {
    const sealId = parseSealId(input)
    const accountId = caller?.kind === 'member' ? caller.accountId : null
    const otherSite = caller?.kind === 'guest' && caller.otherSite
    // Another site's lookup carries no browser key: the browser keeps its cookie from other sites'
    // requests, and one given to it there would be a third-party cookie it throws away.
    const guest = caller?.kind === 'guest' && !otherSite ? guestKey : null
    if (caller) {
      const held = guest?.held ?? null
      await penalties.assertMayGetPuri({ accountId, guestKey: held, ip: caller.ip, otherSite, now })
    }
    const found = await findSealSet(sealId)
    if (!found) {
      if (!caller) throw new AppError('SEAL_NOT_FOUND', 'no seal with this ID')
      const failure = { accountId, guestKey: guest?.orNew() ?? null, ip: caller.ip, otherSite, now }
      const outcome = await penalties.recordLookupFailure(failure, sealId)
      throw new AppError('SEAL_NOT_FOUND', 'no seal with this ID', {}, { penalty: purigetStanding(outcome) })
    }
    assertNotHidden(found.record)
    assertNotExpired(found.record.expiresAt, now)
    if (source) lookupSources.count(source)
    return found
  }
  return {
    lookUpSeal,

    /**
     * Drops this process's copy of a seal, and lets a read under way finish without keeping what it
     * read: operators just hid it or showed it again, so the next lookup here reads it as it is now.
     */
    forget(sealId: string): void {
      forgotten++
      cache.delete(sealId)
      reading.delete(sealId)
    },

    /**
     * Starts reading a seal not in the cache, answering nothing: a route calls it while the session
     * is still being looked up, so that the lookup that follows finds the seal read or under way
     * instead of waiting for a read of its own. Nothing is decided here (no penalty is checked and no
     * failure counted: the lookup does both); a malformed ID is left to the lookup.
     */
    warm(input: string): void {
      const sealId = normalizeSealId(input)
      if (sealId) findSealSet(sealId).catch(() => {})
    },

    /** A guest's view of a seal, encoded once per cache fill. */
    async getSealSet(
      input: string,
      now: Date,
      caller: PersonCaller | null = null,
      guestKey: GuestKey | null = null,
      source: SealLookupSource | null = null,
    ): Promise<EncodedEntity<SealSet>> {
      return (await lookUpSeal(input, caller, now, guestKey, source)).guestView
    },

    /** A member's view of a seal: per puri whether they may save it. */
    async getMemberSealSet(
      input: string,
      now: Date,
      caller: MemberCaller,
      source: SealLookupSource | null = null,
    ): Promise<SealSet> {
      const { record } = await lookUpSeal(input, caller, now, null, source)
      return presentSealForMember(record, caller.membership)
    },

    /**
     * The watermarked preview of one puri (optionally letterboxed to a square), while the seal lives.
     * The seal comes through `lookUpSeal`, so a person's preview is a puri getting like the seal view:
     * refused under YELLOW and RED, and an unknown seal counts as a failure (the route would otherwise
     * tell a guesser which IDs exist). A known seal without that picture is a plain NOT_FOUND, not
     * counted: the ID was right. On a cached seal this reads no row.
     */
    async previewImage(
      input: string,
      number: number,
      options: { padding: boolean; now: Date; caller: PersonCaller | null; guestKey?: GuestKey | null },
    ): Promise<Buffer> {
      const { record } = await lookUpSeal(input, options.caller, options.now, options.guestKey ?? null)
      const puri = record.puris.find((candidate) => candidate.number === number)
      if (!puri) throw new AppError('NOT_FOUND', 'the seal has no picture with this number')
      const data = await storage.get(puri.previewStorageKey)
      if (!data) throw new Error(`stored file missing: ${puri.previewStorageKey}`)
      return options.padding ? images.padToSquare(data) : data
    },
  }
}

export type SealService = ReturnType<typeof createSealService>
