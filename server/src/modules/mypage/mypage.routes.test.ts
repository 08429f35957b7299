import { brotliDecompressSync } from 'node:zlib'
import { EARLY_ANSWERS_ID } from '@puribox/contract/first-screen'
import { savedImageUrl } from '@puribox/contract/mypage'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { buildMemberCaller } from '../../test/callers'
import { buildImage, createMember } from '../../test/factories'
import { type TestContext, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import { createMypageRepository, type MypageRepository } from './mypage.repository'
import { createMypageService } from './mypage.service'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const MINUTE = 60 * 1000
const DAY = 24 * 60 * MINUTE
const ONE_PURI = {
  puris: [{ number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false }],
}

async function save(ctx: TestContext, sealId: string, cookie: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/sp/2/seals/${sealId}/registrations`,
    headers: { ...XHR, cookie },
  })
  if (response.statusCode !== 200) throw new Error(`save: ${response.body}`)
}

function get(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers })
}

/** Entry name → content of a ZIP, read (and CRC-checked) by yauzl. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      const entries = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            expect(entry.compressionMethod, entry.fileName).toBe(0)
            entries.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

describe('GET /sp/2/mypage/plays', () => {
  const ctx = useTestApp()

  it("lists the member's plays newest first, 10 a page, and never another member's", async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    const other = await createMember(ctx().db, ctx().clock)
    const sealIds: string[] = []
    for (let i = 0; i < 12; i++) {
      const { sealId } = await createSeal(ctx(), { meta: ONE_PURI })
      await save(ctx(), sealId, cookie)
      sealIds.push(sealId)
      ctx().clock.advance(MINUTE)
    }
    const othersSeal = await createSeal(ctx(), { meta: ONE_PURI })
    await save(ctx(), othersSeal.sealId, other.cookie)
    ctx().clock.advance(MINUTE)
    // The other member also saves one of the member's seals: still one play each, their own.
    await save(ctx(), sealIds[0]!, other.cookie)

    const first = (await get(ctx(), '/sp/2/mypage/plays', { cookie })).json().entity
    expect(first).toMatchObject({ totalCount: 12, currentPage: 1, totalPage: 2 })
    expect(first.items.map((play: { sealId: string }) => play.sealId)).toEqual(
      [...sealIds].reverse().slice(0, 10),
    )
    const second = (await get(ctx(), '/sp/2/mypage/plays?page=2', { cookie })).json().entity
    expect(second).toMatchObject({ totalCount: 12, currentPage: 2, totalPage: 2 })
    expect(second.items.map((play: { sealId: string }) => play.sealId)).toEqual([sealIds[1], sealIds[0]])
    const past = (await get(ctx(), '/sp/2/mypage/plays?page=3', { cookie })).json().entity
    expect(past).toEqual({ totalCount: 12, currentPage: 3, totalPage: 2, items: [] })

    const theirs = (await get(ctx(), '/sp/2/mypage/plays', { cookie: other.cookie })).json().entity
    expect(theirs.totalCount).toBe(2)
    expect(theirs.items.map((play: { sealId: string }) => play.sealId)).toEqual([
      sealIds[0],
      othersSeal.sealId,
    ])
    const mineOfShared = second.items[1].images[0].imageId
    expect(JSON.stringify(theirs)).not.toContain(mineOfShared)
  })

  it('a play: machine, Japan-time dates, saved pictures by number with their URLs, unsaved ones, ZIP', async () => {
    const { sealId, machineId } = await createSeal(ctx())
    const mini = await createMember(ctx().db, ctx().clock)
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    await save(ctx(), sealId, mini.cookie)
    await save(ctx(), sealId, premium.cookie)

    const [miniPlay] = (await get(ctx(), '/sp/2/mypage/plays', { cookie: mini.cookie })).json().entity.items
    const imageId = miniPlay.images[0].imageId
    expect(miniPlay).toEqual({
      sealId,
      // createSeal shoots an hour before TEST_NOW (2026-11-20T03:00Z).
      shotAt: '2026-11-20T11:00:00',
      machine: { id: machineId, name: 'テスト機', seriesId: 'test', version: '1.0' },
      registeredAt: '2026-11-20T12:00:00',
      sealExpireDate: '2026-11-27T11:00:00',
      images: [
        {
          imageId,
          puriNumber: 1,
          rawPuri: false,
          savedAt: '2026-11-20T12:00:00',
          thumbnailUrl: `/sp/2/mypage/image/${imageId}_thumb.jpg`,
          qvgaUrl: `/sp/2/mypage/image/${imageId}_qvga.jpg`,
          mediumUrl: `/sp/2/mypage/image/${imageId}_medium.jpg`,
          originalUrl: `/sp/2/mypage/image/${imageId}.jpg`,
        },
      ],
      unsavedCount: 2,
      // The two left unsaved, by number, as the previews the unsaved-one route serves their owner.
      unsavedPuris: [
        { puriNumber: 2, rawPuri: false, previewUrl: `/sp/2/images/unsaved/${sealId}-2` },
        { puriNumber: 3, rawPuri: true, previewUrl: `/sp/2/images/unsaved/${sealId}-3` },
      ],
      zipUrl: `/sp/2/mypage/plays/${sealId}/zip`,
    })
    const preview = await get(ctx(), miniPlay.unsavedPuris[1].previewUrl, { cookie: mini.cookie })
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toBe('image/jpeg')
    // Another member gets nothing of them.
    expect(
      (await get(ctx(), miniPlay.unsavedPuris[1].previewUrl, { cookie: premium.cookie })).statusCode,
    ).toBe(404)

    const [premiumPlay] = (await get(ctx(), '/sp/2/mypage/plays', { cookie: premium.cookie })).json().entity
      .items
    expect(premiumPlay.images.map((image: { puriNumber: number; rawPuri: boolean }) => image)).toMatchObject([
      { puriNumber: 1, rawPuri: false },
      { puriNumber: 2, rawPuri: false },
      { puriNumber: 3, rawPuri: true },
    ])
    expect(premiumPlay.unsavedCount).toBe(0)
    expect(premiumPlay.unsavedPuris).toEqual([])
    // The free member gets the watermarked preview of an unsaved picture, never the picture itself.
    const original = await get(ctx(), premiumPlay.images[2].originalUrl, { cookie: premium.cookie })
    expect(original.statusCode).toBe(200)
    expect(preview.rawPayload.equals(original.rawPayload)).toBe(false)
    const previewSize = await sharp(preview.rawPayload).metadata()
    const originalSize = await sharp(original.rawPayload).metadata()
    expect(previewSize.width).toBeLessThan(originalSize.width)

    // After expiry the unsaved pictures are gone: nothing left to save.
    ctx().clock.advance(8 * DAY)
    const [expired] = (await get(ctx(), '/sp/2/mypage/plays', { cookie: mini.cookie })).json().entity.items
    expect(expired.unsavedCount).toBe(0)
    expect(expired.unsavedPuris).toEqual([])
    expect(expired.images).toHaveLength(1)
  })

  it('a page takes two queries, however many plays it shows', async () => {
    const { account, cookie } = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    for (let i = 0; i < 3; i++) {
      await save(ctx(), (await createSeal(ctx())).sealId, cookie)
      ctx().clock.advance(MINUTE)
    }
    const repo = createMypageRepository(ctx().db)
    let calls = 0
    const counting = new Proxy(repo, {
      get: (target, key: keyof MypageRepository) => {
        const method = target[key]
        return (...args: unknown[]) => {
          calls++
          return (method as (...a: unknown[]) => unknown)(...args)
        }
      },
    })
    const service = createMypageService({ repo: counting, storage: ctx().storage, images: {} as never })
    const caller = buildMemberCaller({ accountId: account.id, membership: 'PREMIUM' })
    const page = await service.listPlays(caller, 1, ctx().clock.now())
    expect(page.items).toHaveLength(3)
    expect(page.items.flatMap((play) => play.images)).toHaveLength(9)
    expect(calls).toBe(2)
  })

  it('guests are refused; a bad page is a validation error', async () => {
    expect((await get(ctx(), '/sp/2/mypage/plays')).statusCode).toBe(401)
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const bad = await get(ctx(), '/sp/2/mypage/plays?page=0', { cookie })
    expect(bad.statusCode).toBe(400)
    const empty = await get(ctx(), '/sp/2/mypage/plays', { cookie })
    expect(empty.json().entity).toEqual({ totalCount: 0, currentPage: 1, totalPage: 0, items: [] })
  })
})

/** The answers embedded in a page (decision 0018), parsed as the browser parses them. */
function earlyAnswers(html: string): Record<string, unknown> {
  const start = html.indexOf(`<script type="application/json" id="${EARLY_ANSWERS_ID}">`)
  if (start < 0) return {}
  const body = html.slice(html.indexOf('>', start) + 1, html.indexOf('</script>', start))
  return JSON.parse(body)
}

describe('GET /sp/2/mypage/ (the page)', () => {
  const ctx = useTestApp()
  const HTML = { accept: 'text/html' }

  it("announces the first row of the member's newest play in the page's head, compressed as accepted", async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    await save(ctx(), (await createSeal(ctx())).sealId, cookie)
    ctx().clock.advance(MINUTE)
    await save(ctx(), (await createSeal(ctx())).sealId, cookie)
    const plays = (await get(ctx(), '/sp/2/mypage/plays?page=1', { cookie })).json().entity
    const firstRow = plays.items[0].images
      .slice(0, 3)
      .map((image: { thumbnailUrl: string }) => image.thumbnailUrl)
    expect(firstRow).toHaveLength(3)

    const page = await get(ctx(), '/sp/2/mypage/', { ...HTML, cookie })
    expect(page.statusCode).toBe(200)
    const head = page.body.slice(0, page.body.indexOf('</head>'))
    const preloaded = [
      ...head.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g),
    ]
    expect(preloaded.map((match) => match[1])).toEqual(firstRow)
    // The first answers come in the page, as their routes answer them; the page is the member's alone.
    expect(earlyAnswers(page.body)).toEqual({
      plays: (await get(ctx(), '/sp/2/mypage/plays?page=1', { cookie })).json(),
      account: (await get(ctx(), '/sp/2/account/self', { cookie })).json(),
    })
    expect(page.headers['cache-control']).toBe('private, no-store')

    const brotli = await get(ctx(), '/sp/2/mypage/', { ...HTML, cookie, 'accept-encoding': 'br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page.body)
  })

  it('announces no picture for a guest or a member with nothing saved, and embeds nothing for a guest', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    for (const headers of [HTML, { ...HTML, cookie }]) {
      const page = await get(ctx(), '/sp/2/mypage/', headers)
      expect(page.statusCode).toBe(200)
      expect(page.body).not.toContain('rel="preload" as="image"')
    }
    const guest = await get(ctx(), '/sp/2/mypage/', HTML)
    expect(guest.body).not.toContain(EARLY_ANSWERS_ID)
    expect(guest.headers['cache-control']).toBe('no-cache')
    const member = await get(ctx(), '/sp/2/mypage/', { ...HTML, cookie })
    expect(earlyAnswers(member.body).plays).toMatchObject({ entity: { totalCount: 0, items: [] } })
  })

  it('embeds a machine name that would end the script element as harmless escapes', async () => {
    const { cookie } = await createMember(ctx().db, ctx().clock)
    const { sealId } = await createSeal(ctx())
    await save(ctx(), sealId, cookie)
    const hostile = '</script><script>alert(1)</script><!-- & \u2028'
    await ctx().db.execute(sql`update machines set name = ${hostile}`)
    const page = await get(ctx(), '/sp/2/mypage/', { ...HTML, cookie })
    const tag = `id="${EARLY_ANSWERS_ID}">`
    const json = page.body.slice(page.body.indexOf(tag) + tag.length)
    expect(json.slice(0, json.indexOf('</script>'))).not.toMatch(/[<>&\u2028]/)
    expect(earlyAnswers(page.body).plays).toMatchObject({
      entity: { items: [{ machine: { name: hostile } }] },
    })
  })
})

describe('GET /sp/2/mypage/image/:file', () => {
  const ctx = useTestApp()

  async function savedPicture() {
    const { sealId } = await createSeal(ctx())
    const owner = await createMember(ctx().db, ctx().clock)
    await save(ctx(), sealId, owner.cookie)
    const plays = (await get(ctx(), '/sp/2/mypage/plays', { cookie: owner.cookie })).json().entity
    return { sealId, owner, imageId: plays.items[0].images[0].imageId as string }
  }

  it('serves each size to the owner as JPEG, kept by no cache, with a strong ETag', async () => {
    const { owner, imageId } = await savedPicture()
    const widths = { thumb: 300, qvga: 213, medium: 300, original: 300 } as const
    const etags = new Set<string>()
    for (const size of ['thumb', 'qvga', 'medium', 'original'] as const) {
      const response = await get(ctx(), savedImageUrl(imageId, size), { cookie: owner.cookie })
      expect(response.statusCode, size).toBe(200)
      expect(response.headers['content-type']).toBe('image/jpeg')
      expect(response.headers['cache-control']).toBe('private, no-store')
      const etag = response.headers.etag as string
      expect(etag).toMatch(/^"[^"]+"$/)
      etags.add(etag)
      const meta = await sharp(response.rawPayload).metadata()
      expect({ format: meta.format, width: meta.width }, size).toEqual({
        format: 'jpeg',
        width: widths[size],
      })
    }
    expect(etags.size).toBe(4)
    const original = await get(ctx(), savedImageUrl(imageId, 'original'), { cookie: owner.cookie })
    expect(original.rawPayload.equals(await buildImage({ hue: 1 }))).toBe(true)
  })

  it('If-None-Match with the ETag → 304 without a body; another tag → the picture', async () => {
    const { owner, imageId } = await savedPicture()
    const url = savedImageUrl(imageId, 'thumb')
    const first = await get(ctx(), url, { cookie: owner.cookie })
    const etag = first.headers.etag as string
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(ctx(), url, { cookie: owner.cookie, 'if-none-match': ifNoneMatch })
      expect(again.statusCode, ifNoneMatch).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['cache-control']).toBe('private, no-store')
    }
    const changed = await get(ctx(), url, { cookie: owner.cookie, 'if-none-match': '"not-it"' })
    expect(changed.statusCode).toBe(200)
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it('WebP when Accept has image/webp: encoded once, kept in storage, then read; JPEG otherwise; Vary: Accept', async () => {
    const { owner, imageId } = await savedPicture()
    const url = savedImageUrl(imageId, 'medium')
    const accept = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'
    const jpeg = await get(ctx(), url, { cookie: owner.cookie, accept: 'image/*' })
    const webp = await get(ctx(), url, { cookie: owner.cookie, accept })
    expect(jpeg.headers['content-type']).toBe('image/jpeg')
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(jpeg.headers.vary).toBe('Accept')
    expect(webp.headers.vary).toBe('Accept')
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp')
    expect(webp.headers.etag).not.toBe(jpeg.headers.etag)
    // A JPEG's tag does not answer 304 for the WebP.
    const crossed = await get(ctx(), url, {
      cookie: owner.cookie,
      accept,
      'if-none-match': jpeg.headers.etag!,
    })
    expect(crossed.statusCode).toBe(200)

    const kept = ctx()
      .storage.keys()
      .filter((key) => key.endsWith('.webp'))
    expect(kept).toHaveLength(1)
    // The second request reads what is kept (a marker put there proves no second encoding).
    await ctx().storage.put(kept[0]!, Buffer.from('kept-webp'))
    const second = await get(ctx(), url, { cookie: owner.cookie, accept })
    expect(second.body).toBe('kept-webp')

    // The original stays the JPEG (what "save to phone" keeps), and does not vary.
    const original = await get(ctx(), savedImageUrl(imageId, 'original'), { cookie: owner.cookie, accept })
    expect(original.headers['content-type']).toBe('image/jpeg')
    expect(original.headers.vary).toBeUndefined()
  })

  it('only to the owner: another member, an unknown id and forged names get the same 404; a guest 401', async () => {
    const { sealId, imageId } = await savedPicture()
    const other = await createMember(ctx().db, ctx().clock)
    await save(ctx(), sealId, other.cookie)
    const url = savedImageUrl(imageId, 'thumb')

    const theirs = await get(ctx(), url, { cookie: other.cookie })
    const unknown = await get(ctx(), savedImageUrl('0b5f1c9e-7a2d-4c1e-9f3a-2b6d8e4c7a10', 'thumb'), {
      cookie: other.cookie,
    })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().error.code).toBe('NOT_FOUND')
    expect(theirs.body).toBe(unknown.body)
    expect(theirs.headers.etag).toBeUndefined()
    // Not even a 304 for a guessed tag.
    const guessed = await get(ctx(), url, { cookie: other.cookie, 'if-none-match': '*' })
    expect(guessed.statusCode).toBe(404)

    const forged = [
      `${imageId.toUpperCase()}_thumb.jpg`,
      `${imageId}_large.jpg`,
      `${imageId}.png`,
      `${imageId}_thumb.jpg.webp`,
      `${imageId}`,
      `x${imageId}.jpg`,
      '..%2F..%2Fetc%2Fpasswd',
      `..%2F${imageId}.jpg`,
      `%2e%2e%2f${imageId}_thumb.jpg`,
      `${imageId}%00.jpg`,
      `${imageId}_thumb.jpg%20`,
    ]
    for (const file of forged) {
      const response = await get(ctx(), `/sp/2/mypage/image/${file}`, { cookie: other.cookie })
      expect(response.statusCode, file).toBe(404)
      expect(response.body, file).toBe(unknown.body)
    }

    const guest = await get(ctx(), url)
    expect(guest.statusCode).toBe(401)
    expect(guest.json().error.code).toBe('UNAUTHENTICATED')
  })
})

describe('GET /sp/2/mypage/plays/:sealId/zip', () => {
  const ctx = useTestApp()

  it("the originals of the member's saved pictures, stored, named by seal and number, with Content-Length", async () => {
    const { sealId } = await createSeal(ctx())
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    await save(ctx(), sealId, premium.cookie)
    const response = await get(ctx(), `/sp/2/mypage/plays/${sealId}/zip`, { cookie: premium.cookie })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="puribox-${sealId}.zip"`)
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    const entries = await unzip(response.rawPayload)
    expect([...entries.keys()]).toEqual([`${sealId}-1.jpg`, `${sealId}-2.jpg`, `${sealId}-3-raw.jpg`])
    for (const [n, name] of [
      [1, `${sealId}-1.jpg`],
      [2, `${sealId}-2.jpg`],
      [3, `${sealId}-3-raw.jpg`],
    ] as const) {
      expect(entries.get(name)!.equals(await buildImage({ hue: n })), name).toBe(true)
    }
  })

  it('a mini member gets only what they saved', async () => {
    const { sealId } = await createSeal(ctx())
    const mini = await createMember(ctx().db, ctx().clock)
    await save(ctx(), sealId, mini.cookie)
    const response = await get(ctx(), `/sp/2/mypage/plays/${sealId}/zip`, { cookie: mini.cookie })
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    expect([...(await unzip(response.rawPayload)).keys()]).toEqual([`${sealId}-1.jpg`])
  })

  it('a stored original gone missing ends the answer short of its length, never a broken archive', async () => {
    const { sealId } = await createSeal(ctx())
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    await save(ctx(), sealId, premium.cookie)
    const originals = await ctx().db.execute(
      sql`select f.storage_key from puris p join stored_files f on f.id = p.original_file_id where p.seal_id = ${sealId} and p.number = 2`,
    )
    await ctx().storage.delete(
      (originals as unknown as { rows: { storage_key: string }[] }).rows[0]!.storage_key,
    )
    // The connection is cut (light-my-request reports it as a reset): the client sees a failed download.
    const outcome = await get(ctx(), `/sp/2/mypage/plays/${sealId}/zip`, { cookie: premium.cookie }).then(
      (response) => Number(response.headers['content-length']) === response.rawPayload.length,
      (error: { code?: string }) => error.code ?? 'rejected',
    )
    expect(outcome).toBe('LIGHT_ECONNRESET')
    // The app still answers.
    expect((await get(ctx(), '/sp/2/mypage/plays', { cookie: premium.cookie })).statusCode).toBe(200)
  })

  it("not the member's seal, an unknown seal or junk → 404; a guest → 401", async () => {
    const { sealId } = await createSeal(ctx())
    const owner = await createMember(ctx().db, ctx().clock)
    const other = await createMember(ctx().db, ctx().clock)
    await save(ctx(), sealId, owner.cookie)
    for (const id of [sealId, 'ZZZZZ00000', sealId.toLowerCase(), '..%2F..%2Fetc']) {
      const response = await get(ctx(), `/sp/2/mypage/plays/${id}/zip`, { cookie: other.cookie })
      expect(response.statusCode, id).toBe(404)
      expect(response.json().error.code, id).toBe('NOT_FOUND')
    }
    const guest = await get(ctx(), `/sp/2/mypage/plays/${sealId}/zip`)
    expect(guest.statusCode).toBe(401)
  })
})

describe('GET /sp/2/mypage/zip', () => {
  const ctx = useTestApp()

  it('every saved picture of the member, a folder per play named by its day, oldest first', async () => {
    const older = await createSeal(ctx(), { shotAt: new Date('2026-11-14T10:00:00Z') })
    const newer = await createSeal(ctx())
    const premium = await createMember(ctx().db, ctx().clock, { membershipStatus: 'PREMIUM' })
    await save(ctx(), newer.sealId, premium.cookie)
    await save(ctx(), older.sealId, premium.cookie)
    // Someone else's pictures of the same play are not in it.
    const friend = await createMember(ctx().db, ctx().clock)
    await save(ctx(), newer.sealId, friend.cookie)

    const response = await get(ctx(), '/sp/2/mypage/zip', { cookie: premium.cookie })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toBe('attachment; filename="puribox-puri.zip"')
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    const entries = await unzip(response.rawPayload)
    const names = (sealId: string, day: string) => [
      `${day}_${sealId}/${sealId}-1.jpg`,
      `${day}_${sealId}/${sealId}-2.jpg`,
      `${day}_${sealId}/${sealId}-3-raw.jpg`,
    ]
    expect([...entries.keys()]).toEqual([
      ...names(older.sealId, '2026-11-14'),
      ...names(newer.sealId, '2026-11-20'),
    ])
    expect(
      entries.get(`2026-11-14_${older.sealId}/${older.sealId}-2.jpg`)!.equals(await buildImage({ hue: 2 })),
    ).toBe(true)

    const friendZip = await unzip(
      (await get(ctx(), '/sp/2/mypage/zip', { cookie: friend.cookie })).rawPayload,
    )
    expect([...friendZip.keys()]).toEqual([`2026-11-20_${newer.sealId}/${newer.sealId}-1.jpg`])
  })

  it('nothing saved → 404; a guest → 401, or to sign in when it is a browser', async () => {
    const member = await createMember(ctx().db, ctx().clock)
    const empty = await get(ctx(), '/sp/2/mypage/zip', { cookie: member.cookie })
    expect([empty.statusCode, empty.json().error.code]).toEqual([404, 'NOT_FOUND'])
    expect((await get(ctx(), '/sp/2/mypage/zip')).statusCode).toBe(401)
    const browser = await get(ctx(), '/sp/2/mypage/zip', { accept: 'text/html' })
    expect(browser.statusCode).toBe(303)
    expect(browser.headers.location).toContain('/web/login/top')
  })
})
