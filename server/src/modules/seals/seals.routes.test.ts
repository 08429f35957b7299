import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'

const DAY = 24 * 60 * 60 * 1000

describe('GET /sp/2/seals/:id', () => {
  const ctx = useTestApp()

  it('answers the seal set with the spec fields, machine and puris in order', async () => {
    const { sealId } = await createSeal(ctx())
    const response = await ctx().app.inject({ url: `/sp/2/seals/${sealId}` })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.error).toBeNull()
    expect(body.clock).toBeNull()
    expect(body.entity).toMatchObject({
      sealId,
      sealExpireDate: '2026-11-27T11:00:00',
      isProof: false,
      machine: { name: 'テスト機', seriesId: 'test', version: '1.0' },
    })
    expect(body.entity.puris.map((p: { number: number }) => p.number)).toEqual([1, 2, 3])
    expect(body.entity.puris[2]).toEqual({
      number: 3,
      thumbnailUrl: `/sp/puri/thum.jpg?sealId=${sealId}&number=3`,
      qvgaUrl: `/sp/puri/thum.jpg?sealId=${sealId}&number=3`,
      available: ['PREVIEW'],
      rakugaki: { isRawPuri: true, rawPuriImageNumber: 1 },
      isProofSample: false,
    })
  })

  it('finds the seal however a person types the ID', async () => {
    const { sealId } = await createSeal(ctx())
    const fullWidth = [...sealId.toLowerCase()]
      .map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
      .join('')
    const variants = [
      sealId.toLowerCase(),
      `${sealId.slice(0, 5)}-${sealId.slice(5)}`,
      ` ${sealId.slice(0, 5)} ${sealId.slice(5)} `,
      fullWidth,
      sealId.replace(/0/g, 'O').replace(/1/g, 'l'),
    ]
    for (const variant of variants) {
      const response = await ctx().app.inject({ url: `/sp/2/seals/${encodeURIComponent(variant)}` })
      expect(response.statusCode, variant).toBe(200)
      expect(response.json().entity.sealId).toBe(sealId)
    }
  })

  it.each([
    ['abc', 'too short'],
    ['ABCDE-12345-X', 'too long'],
    ['ABCDE1234U', 'U is not Crockford'],
    ['<script>alert', 'markup'],
    ["'; drop table seals; --", 'SQL'],
  ])('refuses a malformed ID (%s: %s) with SEAL_ID_MALFORMED', async (input) => {
    const response = await ctx().app.inject({ url: `/sp/2/seals/${encodeURIComponent(input)}` })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      entity: null,
      error: { code: 'SEAL_ID_MALFORMED', message: expect.any(String) },
      clock: null,
    })
  })

  it('answers SEAL_NOT_FOUND for a well-formed unknown ID', async () => {
    const response = await ctx().app.inject({ url: '/sp/2/seals/ABCDE12345' })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('SEAL_NOT_FOUND')
  })

  it('answers SEAL_EXPIRED once the seal lifetime is over, to the second', async () => {
    const { sealId } = await createSeal(ctx())
    ctx().clock.advance(7 * DAY - 60 * 60 * 1000 - 1000)
    expect((await ctx().app.inject({ url: `/sp/2/seals/${sealId}` })).statusCode).toBe(200)
    ctx().clock.advance(1000)
    const response = await ctx().app.inject({ url: `/sp/2/seals/${sealId}` })
    expect(response.statusCode).toBe(410)
    expect(response.json().error.code).toBe('SEAL_EXPIRED')
  })

  it('answers each of many lookups at once with its own seal (they share one read)', async () => {
    const known = []
    for (let i = 0; i < 4; i++) known.push(await createSeal(ctx()))
    const ids = [
      known[0]!.sealId,
      'ZZZZZ00001',
      known[1]!.sealId,
      known[2]!.sealId,
      'ZZZZZ00002',
      known[3]!.sealId,
    ]
    const answers = await Promise.all(ids.map((id) => ctx().app.inject({ url: `/sp/2/seals/${id}` })))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 200, 200, 404, 200])
    answers.forEach((answer, i) => {
      if (answer.statusCode === 200) {
        expect(answer.json().entity.sealId).toBe(ids[i])
        expect(answer.json().entity.puris.map((p: { number: number }) => p.number)).toEqual([1, 2, 3])
      } else expect(answer.json().error.code).toBe('SEAL_NOT_FOUND')
    })
  })

  it('marks a play made only of proof samples as a proof', async () => {
    const { sealId } = await createSeal(ctx(), {
      meta: { puris: [{ number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: true }] },
    })
    const body = (await ctx().app.inject({ url: `/sp/2/seals/${sealId}` })).json()
    expect(body.entity.isProof).toBe(true)
  })
})

describe('GET /sp/puri/thum.jpg', () => {
  const ctx = useTestApp()

  it('serves the watermarked QVGA preview, privately cached', async () => {
    const { sealId } = await createSeal(ctx())
    const response = await ctx().app.inject({
      url: `/sp/puri/thum.jpg?sealId=${sealId.toLowerCase()}&number=2`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/jpeg')
    expect(response.headers['cache-control']).toContain('private')
    const meta = await sharp(response.rawPayload).metadata()
    expect(meta.format).toBe('jpeg')
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(320)
  })

  it('letterboxes to a square with padding=1', async () => {
    const { sealId } = await createSeal(ctx())
    const response = await ctx().app.inject({ url: `/sp/puri/thum.jpg?sealId=${sealId}&number=1&padding=1` })
    const meta = await sharp(response.rawPayload).metadata()
    expect(meta.width).toBe(meta.height)
  })

  it('refuses unknown seals, unknown pictures, bad numbers and expired seals with the wrapper', async () => {
    const { sealId } = await createSeal(ctx())
    const unknownSeal = await ctx().app.inject({ url: '/sp/puri/thum.jpg?sealId=ZZZZZ00000&number=1' })
    expect(unknownSeal.statusCode).toBe(404)
    expect(unknownSeal.json().error.code).toBe('SEAL_NOT_FOUND')
    const malformed = await ctx().app.inject({ url: '/sp/puri/thum.jpg?sealId=nope&number=1' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe('SEAL_ID_MALFORMED')
    // The seal exists, the picture does not: a plain "not found", not the seal's.
    const unknown = await ctx().app.inject({ url: `/sp/puri/thum.jpg?sealId=${sealId}&number=9` })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('NOT_FOUND')
    const badNumber = await ctx().app.inject({ url: `/sp/puri/thum.jpg?sealId=${sealId}&number=abc` })
    expect(badNumber.statusCode).toBe(400)
    expect(badNumber.json().error.code).toBe('VALIDATION_FAILED')
    ctx().clock.advance(8 * DAY)
    const expired = await ctx().app.inject({ url: `/sp/puri/thum.jpg?sealId=${sealId}&number=1` })
    expect(expired.statusCode).toBe(410)
  })
})
