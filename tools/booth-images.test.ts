import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { BoothError, planPlay, playMeta, pushPlay } from './booth-client'
import { generatePuriImage } from './booth-images'

describe('generatePuriImage', () => {
  it('makes a real JPEG of the requested size', async () => {
    const image = await generatePuriImage({ number: 3, width: 400, height: 600 })
    expect([...image.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    const meta = await sharp(image).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 600, channels: 3 })
  })

  it('honours landscape and odd sizes too', async () => {
    const image = await generatePuriImage({ number: 1, width: 301, height: 199, grain: false })
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 301, height: 199 })
  })

  it('draws different pictures for different numbers, for raw ones and for other seeds', async () => {
    const size = { width: 200, height: 300 }
    const [one, two, rawOne, otherSeed, oneAgain] = await Promise.all([
      generatePuriImage({ number: 1, seed: 5, ...size }),
      generatePuriImage({ number: 2, seed: 5, ...size }),
      generatePuriImage({ number: 1, seed: 5, raw: true, ...size }),
      generatePuriImage({ number: 1, seed: 6, ...size }),
      generatePuriImage({ number: 1, seed: 5, ...size }),
    ])
    expect(one.equals(two)).toBe(false)
    expect(one.equals(rawOne)).toBe(false)
    expect(one.equals(otherSeed)).toBe(false)
    expect(one.equals(oneAgain)).toBe(true)
    // not just different bytes: different pixels
    const [a, b] = await Promise.all(
      [one, two].map((jpeg) => sharp(jpeg).resize(20, 30, { fit: 'fill' }).raw().toBuffer()),
    )
    let difference = 0
    for (let i = 0; i < a!.length; i++) difference += Math.abs(a![i]! - b![i]!)
    expect(difference / a!.length).toBeGreaterThan(4)
  })

  it('refuses nonsense sizes', async () => {
    await expect(generatePuriImage({ number: 1, width: 0, height: 10 })).rejects.toThrow(RangeError)
  })
})

describe('planPlay and playMeta', () => {
  it('numbers doodled puris first and points each raw one at its doodled puri', () => {
    const meta = playMeta({ regular: 4, raw: 2 }, new Date('2026-11-20T03:00:00Z'))
    expect(meta.shotAt).toBe('2026-11-20T03:00:00.000Z')
    expect(meta.puris.map((p) => [p.number, p.isRawPuri, p.rawPuriImageNumber])).toEqual([
      [1, false, null],
      [2, false, null],
      [3, false, null],
      [4, false, null],
      [5, true, 1],
      [6, true, 2],
    ])
  })

  it('defaults to 4 doodled + 2 raw, and marks proof samples', () => {
    expect(planPlay()).toEqual(planPlay({ regular: 4, raw: 2 }))
    expect(planPlay({ count: 3, proof: true }).map((p) => [p.number, p.isRawPuri, p.isProofSample])).toEqual([
      [1, false, true],
      [2, false, true],
      [3, true, true],
    ])
  })

  it('refuses more raw pictures than doodled ones', () => {
    expect(() => planPlay({ count: 4, raw: 3 })).toThrow(RangeError)
    expect(() => planPlay({ count: 0 })).toThrow(RangeError)
  })
})

describe('pushPlay', () => {
  let server: Server | undefined
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  /** A stand-in for PuriBox that records what the booth sent and answers `answer`. */
  async function fakePuriBox(answer: { status: number; body: unknown }) {
    const seen: { headers: Record<string, unknown>; form?: FormData; path?: string } = { headers: {} }
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      seen.path = req.url
      seen.headers = req.headers
      seen.form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: Buffer.concat(chunks),
      }).formData()
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer.body))
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen }
  }

  it('sends meta and one puri-<n> JPEG per puri with the bearer key, and reads the seal', async () => {
    const { url, seen } = await fakePuriBox({
      status: 201,
      body: {
        entity: {
          sealId: 'ABCDE12345',
          sealExpireDate: '2026-11-27T12:00:00',
          puriGetUrl: 'https://puribox.test/sp/puri/get?sealId=ABCDE12345&from=qr',
        },
        error: null,
        clock: null,
      },
    })
    const result = await pushPlay({ url, key: 'test-key-123', count: 3, raw: 1, width: 120, height: 180 })
    expect(result).toMatchObject({
      status: 201,
      sealId: 'ABCDE12345',
      formattedSealId: 'ABCDE-12345',
      sealExpireDate: '2026-11-27T12:00:00',
      previewUrl: `${url}/web/preview?sealId=ABCDE12345`,
      // As the server answers it: its PUBLIC_URL, not the address the booth pushed to.
      puriGetUrl: 'https://puribox.test/sp/puri/get?sealId=ABCDE12345&from=qr',
    })
    expect(seen.path).toBe('/booth/v1/seals')
    expect(seen.headers.authorization).toBe('Bearer test-key-123')
    const meta = JSON.parse(String(seen.form!.get('meta')))
    expect(meta.puris).toEqual([
      { number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false },
      { number: 2, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false },
      { number: 3, isRawPuri: true, rawPuriImageNumber: 1, isProofSample: false },
    ])
    expect(Number.isNaN(Date.parse(meta.shotAt))).toBe(false)
    for (const n of [1, 2, 3]) {
      const file = seen.form!.get(`puri-${n}`) as File
      expect(file.name).toBe(`puri-${n}.jpg`)
      expect(file.type).toBe('image/jpeg')
      const info = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
      expect(info).toMatchObject({ format: 'jpeg', width: 120, height: 180 })
    }
  })

  it('turns an error answer into a BoothError with the API code', async () => {
    const { url } = await fakePuriBox({
      status: 401,
      body: { entity: null, error: { code: 'MACHINE_KEY_INVALID', message: 'nope' }, clock: null },
    })
    const push = pushPlay({ url, key: 'wrong-key-123', count: 1, width: 40, height: 60 })
    await expect(push).rejects.toBeInstanceOf(BoothError)
    await expect(push).rejects.toMatchObject({ status: 401, code: 'MACHINE_KEY_INVALID' })
  })

  it('says when the server cannot be reached', async () => {
    const { url } = await fakePuriBox({ status: 500, body: null })
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    await expect(pushPlay({ url, count: 1, width: 40, height: 60 })).rejects.toMatchObject({
      status: 0,
      code: 'SERVER_UNREACHABLE',
    })
  })
})
