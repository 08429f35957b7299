import { describe, expect, it } from 'vitest'
import { createSharpImages } from '../../ports/images'
import { createMemoryStorage } from '../../ports/storage'
import { buildMemberCaller } from '../../test/callers'
import type { SealSetRecord, SealsRepository } from './seals.repository'
import { createSealService } from './seals.service'

const record: SealSetRecord = {
  sealId: 'ABCDE12345',
  expiresAt: new Date('2026-11-27T03:00:00Z'),
  hidden: false,
  machine: { id: 'm-1', name: 'テスト機', seriesId: 'test', version: '1.0' },
  puris: [
    {
      number: 1,
      isRawPuri: false,
      rawPuriImageNumber: null,
      isProofSample: false,
      previewStorageKey: 'puris/0f1e2d3c-preview.jpg',
    },
  ],
}

/** Penalties are tested in their own module; here they never refuse. */
const GREEN = { penalty: 'GREEN', yellowUntil: null, triesLeft: 9, stopsWith: 'YELLOW' } as const
const penalties = {
  assertMayGetPuri: async () => {},
  recordLookupFailure: async () => GREEN,
}

type SealReads = Pick<SealsRepository, 'findSealSet' | 'findPuriFile'>

function countingRepo(known: SealSetRecord[]) {
  const calls: string[] = []
  const repo: SealReads = {
    findSealSet: async (sealId) => {
      calls.push(sealId)
      return known.find((r) => r.sealId === sealId) ?? null
    },
    findPuriFile: async () => {
      throw new Error('the seal service reads files from the seal it has, not by a query of their own')
    },
  }
  return { repo, calls, known }
}

/** The seal service over `repo`, with memory storage and penalties that never refuse unless given. */
function serviceOver(repo: SealReads, overrides: Partial<Parameters<typeof createSealService>[0]> = {}) {
  return createSealService({
    repo,
    storage: createMemoryStorage(),
    images: createSharpImages(),
    penalties,
    lookupSources: { count: () => {} },
    ...overrides,
  })
}

describe('seal read cache', () => {
  const now = new Date('2026-11-20T03:00:00Z')

  it('reads a seal from the database once, then from memory, still checking expiry at each read', async () => {
    const { repo, calls } = countingRepo([record])
    const service = serviceOver(repo)
    await service.getSealSet('abcde-12345', now)
    await service.getSealSet('ABCDE12345', now)
    expect(calls).toEqual(['ABCDE12345'])
    await expect(service.getSealSet('ABCDE12345', new Date('2026-11-28T00:00:00Z'))).rejects.toMatchObject({
      code: 'SEAL_EXPIRED',
    })
  })

  it('never caches an unknown ID: a seal that arrives later is found', async () => {
    const { repo, calls, known } = countingRepo([])
    const service = serviceOver(repo)
    await expect(service.getSealSet('ABCDE12345', now)).rejects.toMatchObject({ code: 'SEAL_NOT_FOUND' })
    known.push(record)
    expect((await service.getSealSet('ABCDE12345', now)).value.sealId).toBe('ABCDE12345')
    expect(calls).toHaveLength(2)
  })

  it('serves a preview from the cached seal: no read of its own, NOT_FOUND for a number the seal lacks', async () => {
    const { repo, calls } = countingRepo([record])
    const storage = createMemoryStorage()
    const picture = Buffer.from('preview bytes')
    await storage.put('puris/0f1e2d3c-preview.jpg', picture)
    const service = serviceOver(repo, { storage })
    const options = { padding: false, now, caller: null }
    expect(await service.previewImage('abcde-12345', 1, options)).toEqual(picture)
    expect(await service.previewImage('ABCDE12345', 1, options)).toEqual(picture)
    await expect(service.previewImage('ABCDE12345', 2, options)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(calls).toEqual(['ABCDE12345'])
  })

  it('shares one read among lookups of the same new seal that arrive while it runs', async () => {
    const { repo, calls } = countingRepo([record])
    const service = serviceOver(repo)
    const views = await Promise.all([
      service.getSealSet('ABCDE12345', now),
      service.getSealSet('abcde-12345', now),
      service.getSealSet('ABCDE12345', now),
    ])
    expect(views.map((view) => view.value.sealId)).toEqual(['ABCDE12345', 'ABCDE12345', 'ABCDE12345'])
    expect(calls).toEqual(['ABCDE12345'])
  })

  it('warm starts the read that the lookup then joins, and leaves unknown and malformed IDs to the lookup', async () => {
    const { repo, calls } = countingRepo([record])
    const failures: string[] = []
    const service = serviceOver(repo, {
      penalties: {
        ...penalties,
        recordLookupFailure: async (person, sealId) => {
          failures.push(`${person.accountId ?? person.ip} ${sealId}`)
          return GREEN
        },
      },
    })
    service.warm('abcde-12345')
    expect(calls).toEqual(['ABCDE12345'])
    expect((await service.getSealSet('ABCDE12345', now)).value.sealId).toBe('ABCDE12345')
    expect(calls).toEqual(['ABCDE12345'])

    service.warm('not a seal')
    service.warm('ZZZZZ99999')
    await new Promise((resolve) => setImmediate(resolve))
    expect(calls).toEqual(['ABCDE12345', 'ZZZZZ99999'])
    // Warming decided nothing: the member's own lookup is what counts the unknown ID.
    expect(failures).toEqual([])
    const caller = buildMemberCaller({ accountId: 'a-1' })
    await expect(service.getSealSet('zzzzz-99999', now, caller)).rejects.toMatchObject({
      code: 'SEAL_NOT_FOUND',
      details: { penalty: { triesLeft: 9, stopsWith: 'YELLOW', pausedUntil: null } },
    })
    expect(failures).toEqual(['a-1 ZZZZZ99999'])
  })

  it('refuses a hidden seal to everyone with SEAL_HIDDEN, counting no failure', async () => {
    const { repo } = countingRepo([{ ...record, hidden: true }])
    const failures: string[] = []
    const service = serviceOver(repo, {
      penalties: {
        ...penalties,
        recordLookupFailure: async (_person, sealId) => {
          failures.push(sealId)
          return GREEN
        },
      },
    })
    const member = buildMemberCaller()
    await expect(service.getSealSet('ABCDE12345', now)).rejects.toMatchObject({ code: 'SEAL_HIDDEN' })
    await expect(service.getMemberSealSet('ABCDE12345', now, member)).rejects.toMatchObject({
      code: 'SEAL_HIDDEN',
    })
    await expect(
      service.previewImage('ABCDE12345', 1, { padding: false, now, caller: null }),
    ).rejects.toMatchObject({ code: 'SEAL_HIDDEN' })
    expect(failures).toEqual([])
  })

  it('reads a seal again once told to forget it, and keeps nothing of a read begun before', async () => {
    const { repo, calls, known } = countingRepo([record])
    const service = serviceOver(repo)
    await service.getSealSet('ABCDE12345', now)
    known[0] = { ...record, hidden: true }
    service.forget('ABCDE12345')
    // Hidden now; shown again while that read is under way: what it read is not kept.
    const under = service.getSealSet('ABCDE12345', now).catch((error: unknown) => error)
    known[0] = record
    service.forget('ABCDE12345')
    expect(await under).toMatchObject({ code: 'SEAL_HIDDEN' })
    expect((await service.getSealSet('ABCDE12345', now)).value.sealId).toBe('ABCDE12345')
    expect(calls).toEqual(['ABCDE12345', 'ABCDE12345', 'ABCDE12345'])
  })
})
