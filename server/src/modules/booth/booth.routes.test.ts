import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildBoothMeta, buildBoothRequest, buildImage, createMachine } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { storedFiles } from '../files/files.schema'
import { puris, seals } from '../seals/seals.schema'

const HOUR = 60 * 60 * 1000

describe('POST /booth/v1/seals', () => {
  const ctx = useTestApp()
  const shotAt = new Date(TEST_NOW.getTime() - HOUR)

  async function push(key: string | null, body: { payload: Buffer; headers: Record<string, string> }) {
    return ctx().app.inject({
      method: 'POST',
      url: '/booth/v1/seals',
      headers: { ...body.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      payload: body.payload,
    })
  }

  async function nothingStored() {
    const [sealRows] = await ctx().db.select({ n: count() }).from(seals)
    const [fileRows] = await ctx().db.select({ n: count() }).from(storedFiles)
    expect(sealRows!.n).toBe(0)
    expect(fileRows!.n).toBe(0)
    expect(ctx().storage.keys()).toEqual([])
  }

  it('stores a play: 201 with a Crockford seal ID, originals and four derivatives per puri', async () => {
    const { key } = await createMachine(ctx().db)
    const response = await push(key, await buildBoothRequest({ meta: buildBoothMeta({}, shotAt) }))
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body.entity.sealId).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/)
    expect(body.entity.sealExpireDate).toBe('2026-11-27T11:00:00')
    // The play's own get address, from PUBLIC_URL (the tests' default: the local server).
    expect(body.entity.puriGetUrl).toBe(
      `http://localhost:3000/sp/puri/get?sealId=${body.entity.sealId}&from=qr`,
    )
    const [puriRows] = await ctx().db.select({ n: count() }).from(puris)
    expect(puriRows!.n).toBe(3)
    expect(ctx().storage.keys()).toHaveLength(3 * 5)
  })

  it('an unreadable multipart body (no boundary) is VALIDATION_FAILED, not a 500', async () => {
    const { key } = await createMachine(ctx().db)
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/booth/v1/seals',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
  })

  it('accepts PNG originals', async () => {
    const { key } = await createMachine(ctx().db)
    const meta = buildBoothMeta(
      { puris: [{ number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false }] },
      shotAt,
    )
    const response = await push(
      key,
      await buildBoothRequest({ meta, files: { 'puri-1': await buildImage({ format: 'png' }) } }),
    )
    expect(response.statusCode).toBe(201)
  })

  it('refuses a missing or wrong machine key with 401 and stores nothing', async () => {
    await createMachine(ctx().db)
    const body = await buildBoothRequest({ meta: buildBoothMeta({}, shotAt) })
    for (const key of [null, 'not-a-key-of-any-machine']) {
      const response = await push(key, body)
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toContain('Bearer')
      expect(response.json().error.code).toBe('MACHINE_KEY_INVALID')
    }
    await nothingStored()
  })

  it('refuses a renamed text file by its content, and stores nothing of the play', async () => {
    const { key } = await createMachine(ctx().db)
    const meta = buildBoothMeta({}, shotAt)
    const files = {
      'puri-1': await buildImage({ hue: 1 }),
      'puri-2': Buffer.from('this is not a picture, only a .jpg name'),
      'puri-3': await buildImage({ hue: 3 }),
    }
    const response = await push(key, await buildBoothRequest({ meta, files }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('IMAGE_INVALID')
    await nothingStored()
  })

  it('refuses a truncated JPEG', async () => {
    const { key } = await createMachine(ctx().db)
    const meta = buildBoothMeta(
      { puris: [{ number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false }] },
      shotAt,
    )
    const whole = await buildImage({ width: 600, height: 900, hue: 7 })
    const response = await push(
      key,
      await buildBoothRequest({ meta, files: { 'puri-1': whole.subarray(0, whole.length / 2) } }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('IMAGE_INVALID')
    await nothingStored()
  })

  it.each([
    ['broken JSON', '{"shotAt": '],
    ['no puris', JSON.stringify({ shotAt: TEST_NOW.toISOString(), puris: [] })],
    [
      'duplicate numbers',
      JSON.stringify(
        buildBoothMeta({
          puris: [1, 1].map((number) => ({
            number,
            isRawPuri: false,
            rawPuriImageNumber: null,
            isProofSample: false,
          })),
        }),
      ),
    ],
    ['no time zone', JSON.stringify({ ...buildBoothMeta(), shotAt: '2026-11-20T10:00:00' })],
    [
      'raw number naming no puri',
      JSON.stringify(
        buildBoothMeta(
          { puris: [{ number: 1, isRawPuri: true, rawPuriImageNumber: 7, isProofSample: false }] },
          shotAt,
        ),
      ),
    ],
    ['shot in the future', JSON.stringify(buildBoothMeta({}, new Date(TEST_NOW.getTime() + HOUR)))],
    [
      'shot so long ago it expired',
      JSON.stringify(buildBoothMeta({}, new Date(TEST_NOW.getTime() - 8 * 24 * HOUR))),
    ],
  ])('refuses bad meta (%s) with BOOTH_META_INVALID', async (_label, metaText) => {
    const { key } = await createMachine(ctx().db)
    const files = { 'puri-1': await buildImage(), 'puri-2': await buildImage(), 'puri-3': await buildImage() }
    const response = await push(key, await buildBoothRequest({ meta: null, metaText, files }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('BOOTH_META_INVALID')
    await nothingStored()
  })

  it('refuses a play whose images do not match its meta', async () => {
    const { key } = await createMachine(ctx().db)
    const meta = buildBoothMeta({}, shotAt)
    const missing = await push(
      key,
      await buildBoothRequest({
        meta,
        files: { 'puri-1': await buildImage(), 'puri-2': await buildImage() },
      }),
    )
    expect(missing.json().error.code).toBe('IMAGE_MISSING')
    const extra = await push(
      key,
      await buildBoothRequest({
        meta,
        files: {
          'puri-1': await buildImage(),
          'puri-2': await buildImage(),
          'puri-3': await buildImage(),
          'puri-4': await buildImage(),
        },
      }),
    )
    expect(extra.json().error.code).toBe('BOOTH_META_INVALID')
    const stray = await push(key, await buildBoothRequest({ meta, files: { photo: await buildImage() } }))
    expect(stray.json().error.code).toBe('BOOTH_META_INVALID')
    await nothingStored()
  })

  it('refuses a machineId that is not the key’s machine with 403', async () => {
    const { key } = await createMachine(ctx().db)
    const { machine: other } = await createMachine(ctx().db)
    const response = await push(
      key,
      await buildBoothRequest({ meta: buildBoothMeta({ machineId: other.id }, shotAt) }),
    )
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('MACHINE_MISMATCH')
  })

  it('refuses an image over the size limit with 413', async () => {
    const { key } = await createMachine(ctx().db)
    const meta = buildBoothMeta(
      { puris: [{ number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false }] },
      shotAt,
    )
    const huge = Buffer.concat([await buildImage(), Buffer.alloc(16 * 1024 * 1024)])
    const response = await push(key, await buildBoothRequest({ meta, files: { 'puri-1': huge } }))
    expect(response.statusCode).toBe(413)
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE')
    await nothingStored()
  })

  it('refuses more files than a play may have', async () => {
    const { key } = await createMachine(ctx().db)
    const files = Object.fromEntries(
      await Promise.all(Array.from({ length: 14 }, async (_, i) => [`puri-${i + 1}`, await buildImage()])),
    )
    const response = await push(key, await buildBoothRequest({ meta: buildBoothMeta({}, shotAt), files }))
    expect(response.statusCode).toBe(413)
    await nothingStored()
  })

  it('refuses a JSON body with 415', async () => {
    const { key } = await createMachine(ctx().db)
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/booth/v1/seals',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(buildBoothMeta({}, shotAt)),
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })
})
