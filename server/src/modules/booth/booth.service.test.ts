import { SEAL_ID_ALPHABET } from '@puribox/contract/seal-id'
import { describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { createSharpImages } from '../../ports/images'
import { createMemoryStorage } from '../../ports/storage'
import { buildBoothMeta, buildImage } from '../../test/factories'
import type { NewPlay } from '../seals/seals.schema'
import type { BoothRepository } from './booth.repository'
import { createBoothService, generateSealId } from './booth.service'

describe('generateSealId', () => {
  it('draws 10 Crockford characters, differently each time', () => {
    const ids = new Set(Array.from({ length: 2000 }, generateSealId))
    expect(ids.size).toBe(2000)
    for (const id of ids) {
      expect(id).toHaveLength(10)
      for (const c of id) expect(SEAL_ID_ALPHABET).toContain(c)
    }
  })
})

describe('ingestPlay', () => {
  const now = new Date('2026-11-20T03:00:00Z')

  it('draws another seal ID when the first is taken', async () => {
    const tried: string[] = []
    const repo: Pick<BoothRepository, 'machineIdForKeyHash'> = { machineIdForKeyHash: async () => 'm-1' }
    const plays = {
      insertPlay: async (play: NewPlay) => {
        tried.push(play.sealId)
        return tried.length > 2
      },
    }
    const ids = ['AAAAAAAAAA', 'BBBBBBBBBB', 'CCCCCCCCCC']
    const service = createBoothService({
      repo,
      plays,
      storage: createMemoryStorage(),
      images: createSharpImages(),
      clock: fixedClock(now),
      sealTtlDays: 7,
      publicUrl: 'https://puribox.test',
      newSealId: () => ids.shift()!,
    })
    const meta = buildBoothMeta(
      { puris: [{ number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false }] },
      now,
    )
    const result = await service.ingestPlay({
      machineId: 'm-1',
      meta,
      images: new Map([[1, await buildImage()]]),
    })
    expect(tried).toEqual(['AAAAAAAAAA', 'BBBBBBBBBB', 'CCCCCCCCCC'])
    expect(result.sealId).toBe('CCCCCCCCCC')
    // The address printed as a QR code names the seal that was written, not one that was taken.
    expect(result.puriGetUrl).toBe('https://puribox.test/sp/puri/get?sealId=CCCCCCCCCC&from=qr')
  })

  it('removes the files it stored when the database write fails', async () => {
    const storage = createMemoryStorage()
    const repo: Pick<BoothRepository, 'machineIdForKeyHash'> = { machineIdForKeyHash: async () => 'm-1' }
    const plays = {
      insertPlay: async () => {
        throw new Error('database is down')
      },
    }
    const service = createBoothService({
      repo,
      plays,
      storage,
      images: createSharpImages(),
      clock: fixedClock(now),
      sealTtlDays: 7,
      publicUrl: 'https://puribox.test',
    })
    const meta = buildBoothMeta(
      { puris: [{ number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false }] },
      now,
    )
    await expect(
      service.ingestPlay({ machineId: 'm-1', meta, images: new Map([[1, await buildImage()]]) }),
    ).rejects.toThrow('database is down')
    expect(storage.keys()).toEqual([])
  })
})
