import { crc32 } from 'node:zlib'
import type { InjectOptions } from 'fastify'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { buildImage, createAccount, createSession } from '../../test/factories'
import { useTestApp } from '../../test/harness'
import { storageDeletions } from '../files/files.schema'
import { profileImages, profiles } from './profile.schema'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }

const FULL = { nickname: 'ぷりこ', birthday: '2000-05-10', gender: 'FEMALE', prefectureName: '東京都' }

/** A multipart body with one file part, as a browser's FormData sends it. */
async function multipart(
  data: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  form.append(
    options.field ?? 'image',
    new Blob([new Uint8Array(data)], { type: options.type ?? 'image/jpeg' }),
    options.filename ?? 'photo.jpg',
  )
  const response = new Response(form)
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  }
}

/** A 1×1 PNG with its header rewritten to claim another size (CRC fixed, so decoders read it). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } })
      .png()
      .toBuffer(),
  )
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type and data.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe('profile', () => {
  const ctx = useTestApp()

  async function member(overrides: Parameters<typeof createAccount>[1] = {}) {
    const account = await createAccount(ctx().db, overrides)
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    return { account, cookie }
  }

  function call(options: InjectOptions & { cookie?: string }) {
    const { cookie, headers, ...rest } = options
    return ctx().app.inject({ ...rest, headers: { ...XHR, ...headers, ...(cookie ? { cookie } : {}) } })
  }

  it('an unreadable multipart body (no boundary) is VALIDATION_FAILED, not a 500', async () => {
    const { cookie } = await member()
    const response = await call({
      method: 'POST',
      url: '/sp/profile/image',
      cookie,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
  })

  const put = (cookie: string | undefined, payload: unknown) =>
    call({ method: 'PUT', url: '/sp/profile', cookie, payload: payload as object })

  async function upload(cookie: string | undefined, data: Buffer, options?: Parameters<typeof multipart>[1]) {
    const body = await multipart(data, options)
    return call({
      method: 'POST',
      url: '/sp/profile/image',
      cookie,
      payload: body.payload,
      headers: body.headers,
    })
  }

  async function profileRows() {
    return ctx().db.select().from(profiles)
  }

  it('a member without a profile gets the default one, and a summary', async () => {
    const { cookie } = await member()
    const profile = await call({ url: '/sp/profile', cookie })
    expect(profile.statusCode).toBe(200)
    expect(profile.json()).toEqual({
      entity: {
        profileImageUrl: null,
        nickname: null,
        birthday: null,
        gender: null,
        prefectureName: null,
        imageId: null,
      },
      error: null,
      clock: null,
    })
    const summary = await call({ url: '/sp/profile/summary', cookie })
    expect(summary.json().entity).toEqual({ nickname: null, profileImageUrl: null, is25OrOver: false })
  })

  it('is not for guests: 401 on every route, nothing written', async () => {
    for (const request of [
      { url: '/sp/profile' },
      { url: '/sp/profile/summary' },
      { method: 'PUT' as const, url: '/sp/profile', payload: FULL },
      { method: 'DELETE' as const, url: '/sp/profile/image' },
      { url: '/sp/profile/image/00000000-0000-4000-8000-000000000000' },
    ]) {
      const response = await call(request)
      expect(response.statusCode, request.url).toBe(401)
      expect(response.json().error.code).toBe('UNAUTHENTICATED')
    }
    const guestUpload = await upload(undefined, await buildImage())
    expect(guestUpload.statusCode).toBe(401)
    expect(await profileRows()).toHaveLength(0)
    expect(ctx().storage.keys()).toEqual([])
  })

  it('saves the profile, normalising the nickname, and reads it back', async () => {
    const { cookie, account } = await member()
    const saved = await put(cookie, { ...FULL, nickname: '　ＰＵＲＩ　ちゃん ' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().entity).toEqual({
      profileImageUrl: null,
      nickname: 'PURI ちゃん',
      birthday: '2000-05-10',
      gender: 'FEMALE',
      prefectureName: '東京都',
      imageId: null,
    })
    const read = await call({ url: '/sp/profile', cookie })
    expect(read.json().entity).toEqual(saved.json().entity)
    const [row] = await profileRows()
    expect(row).toMatchObject({ accountId: account.id, nickname: 'PURI ちゃん', birthday: '2000-05-10' })

    // Everything can be cleared again; an empty nickname means the default.
    const cleared = await put(cookie, { nickname: '  ', birthday: null, gender: null, prefectureName: null })
    expect(cleared.json().entity).toMatchObject({ nickname: null, birthday: null, gender: null })
  })

  it('takes 20 characters of emoji, not 21; refuses control characters', async () => {
    const { cookie } = await member()
    const family = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}'
    const emoji = `${'🍓'.repeat(19)}${family}`
    const ok = await put(cookie, { ...FULL, nickname: emoji })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().entity.nickname).toBe(emoji)

    for (const nickname of [
      'あ'.repeat(21),
      '🍓'.repeat(21),
      'ab\u0000c',
      'line\nbreak',
      'rtl\u202eevil',
      'x'.repeat(400),
    ]) {
      const response = await put(cookie, { ...FULL, nickname })
      expect(response.statusCode, JSON.stringify(nickname)).toBe(400)
      expect(response.json().error.code).toBe('NICKNAME_INVALID')
    }
    const tooLongForTheSchema = await put(cookie, { ...FULL, nickname: 'x'.repeat(401) })
    expect(tooLongForTheSchema.json().error.code).toBe('VALIDATION_FAILED')
    // Nothing half-written: the profile is the one saved first.
    const [row] = await profileRows()
    expect(row!.nickname).toBe(emoji)
  })

  it('refuses birthdays in the future, before 1900, or not on the calendar', async () => {
    const { cookie } = await member()
    // TEST_NOW is 2026-11-20 12:00 in Japan.
    expect((await put(cookie, { ...FULL, birthday: '2026-11-20' })).statusCode).toBe(200)
    for (const birthday of [
      '2026-11-21',
      '1899-12-31',
      '2001-02-29',
      '2001-13-01',
      '20010101',
      'yesterday',
      '',
    ]) {
      const response = await put(cookie, { ...FULL, birthday })
      expect(response.statusCode, birthday).toBe(400)
      expect(response.json().error.code).toBe('BIRTHDAY_INVALID')
    }
    const [row] = await profileRows()
    expect(row!.birthday).toBe('2026-11-20')
  })

  it('refuses values outside the enums, wrong types and missing fields', async () => {
    const { cookie } = await member()
    for (const payload of [
      { ...FULL, gender: 'female' },
      { ...FULL, gender: 'UNKNOWN' },
      { ...FULL, prefectureName: '東京' },
      { ...FULL, prefectureName: 'Tokyo' },
      { ...FULL, nickname: 42 },
      { ...FULL, birthday: 20000510 },
      { ...FULL, gender: ['FEMALE'] },
      { nickname: 'ぷりこ' },
      [],
    ]) {
      const response = await put(cookie, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
    }
    const broken = await call({
      method: 'PUT',
      url: '/sp/profile',
      cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"nickname": "x",',
    })
    expect(broken.json().error.code).toBe('INVALID_JSON')
    const bareString = await call({
      method: 'PUT',
      url: '/sp/profile',
      cookie,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify('ぷりこ'),
    })
    expect(bareString.json().error.code).toBe('VALIDATION_FAILED')
    expect(await profileRows()).toHaveLength(0)
  })

  it('needs the CSRF header to change anything', async () => {
    const { cookie } = await member()
    const response = await ctx().app.inject({
      method: 'PUT',
      url: '/sp/profile',
      headers: { cookie },
      payload: FULL,
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('CSRF_REJECTED')
  })

  describe('SNS penalty', () => {
    it('ACCESSCONTROL blocks every edit with SNS_RESTRICTED; reading still works', async () => {
      const { cookie } = await member({ snsPenalty: 'ACCESSCONTROL' })
      const edit = await put(cookie, FULL)
      expect(edit.statusCode).toBe(403)
      expect(edit.json().error.code).toBe('SNS_RESTRICTED')
      const image = await upload(cookie, await buildImage())
      expect(image.statusCode).toBe(403)
      expect(image.json().error.code).toBe('SNS_RESTRICTED')
      const remove = await call({ method: 'DELETE', url: '/sp/profile/image', cookie })
      expect(remove.json().error.code).toBe('SNS_RESTRICTED')
      expect((await call({ url: '/sp/profile', cookie })).statusCode).toBe(200)
      expect(await profileRows()).toHaveLength(0)
      expect(ctx().storage.keys()).toEqual([])
    })

    it('a suspended account (a session from before) cannot edit either; WARNING can', async () => {
      const suspended = await member({ snsPenalty: 'SUSPENSION' })
      expect((await put(suspended.cookie, FULL)).json().error.code).toBe('ACCOUNT_SUSPENDED')
      const warned = await member({ snsPenalty: 'WARNING' })
      expect((await put(warned.cookie, FULL)).statusCode).toBe(200)
    })
  })

  describe('the 25-or-over check', () => {
    it('counts from the birthday on the Japan calendar day', async () => {
      const { cookie } = await member()
      // TEST_NOW: 2026-11-20 in Japan.
      await put(cookie, { ...FULL, birthday: '2001-11-20' })
      expect((await call({ url: '/sp/profile/summary', cookie })).json().entity.is25OrOver).toBe(true)
      await put(cookie, { ...FULL, birthday: '2001-11-21' })
      expect((await call({ url: '/sp/profile/summary', cookie })).json().entity).toEqual({
        nickname: 'ぷりこ',
        profileImageUrl: null,
        is25OrOver: false,
      })
    })

    describe('with time travel', () => {
      const travelling = useTestApp({ timeTravel: true })

      it('uses the session\'s "now"', async () => {
        const account = await createAccount(travelling().db)
        const { cookie } = await createSession(travelling().db, travelling().clock, {
          accountId: account.id,
          timeTravelTo: new Date('2026-11-20T15:00:00Z'), // 2026-11-21 00:00 in Japan
        })
        const saved = await travelling().app.inject({
          method: 'PUT',
          url: '/sp/profile',
          headers: { ...XHR, cookie },
          payload: { ...FULL, birthday: '2001-11-21' },
        })
        // Not in the future for the travelled "now", though it is for the real one.
        expect(saved.statusCode).toBe(200)
        const summary = await travelling().app.inject({ url: '/sp/profile/summary', headers: { cookie } })
        expect(summary.json()).toMatchObject({
          entity: { is25OrOver: true },
          clock: { date: '2026-11-21T00:00:00' },
        })
      })
    })
  })

  describe('image', () => {
    it('stores a square JPEG without EXIF, serves it to its owner only', async () => {
      const { cookie, account } = await member()
      // A PNG with EXIF (camera, GPS) and a portrait shape.
      const photo = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#ff88cc' } })
        .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' }, IFD3: { GPSLatitudeRef: 'N' } })
        .jpeg()
        .toBuffer()
      expect((await sharp(photo).metadata()).exif).toBeDefined()

      const response = await upload(cookie, photo)
      expect(response.statusCode).toBe(200)
      const entity = response.json().entity
      expect(entity.imageId).toMatch(/^[0-9a-f-]{36}$/)
      expect(entity.profileImageUrl).toBe(`/sp/profile/image/${entity.imageId}`)

      const served = await call({ url: entity.profileImageUrl, cookie })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/jpeg')
      expect(served.headers['cache-control']).toBe('private, no-store')
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 })
      expect(meta.exif).toBeUndefined()
      expect(served.rawPayload.includes(Buffer.from('Secret Model'))).toBe(false)

      const [image] = await ctx().db.select().from(profileImages)
      expect(image).toMatchObject({ accountId: account.id, storageKey: `profile/${entity.imageId}.jpg` })
      expect(ctx().storage.keys()).toEqual([`profile/${entity.imageId}.jpg`])

      // Another member, or a guest, gets 404 / 401 for the same id.
      const other = await member()
      const stolen = await call({ url: entity.profileImageUrl, cookie: other.cookie })
      expect(stolen.statusCode).toBe(404)
      expect(stolen.json().error.code).toBe('NOT_FOUND')
      expect((await call({ url: entity.profileImageUrl })).statusCode).toBe(401)
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
        const response = await call({ url: `/sp/profile/image/${encodeURIComponent(id)}`, cookie })
        expect(response.statusCode, id).toBe(404)
      }
    })

    it('takes PNG, WebP and AVIF, and keeps small pictures small', async () => {
      const { cookie } = await member()
      for (const format of ['png', 'webp', 'avif'] as const) {
        const data = await sharp({
          create: { width: 300, height: 200, channels: 4, background: '#00000000' },
        })
          .toFormat(format)
          .toBuffer()
        const response = await upload(cookie, data, { filename: `x.${format}`, type: `image/${format}` })
        expect(response.statusCode, format).toBe(200)
        const served = await call({ url: response.json().entity.profileImageUrl, cookie })
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({
          format: 'jpeg',
          width: 200,
          height: 200,
        })
      }
    })

    it('replacing the image deletes the old file; removing deletes the last', async () => {
      const { cookie } = await member()
      const first = (await upload(cookie, await buildImage({ hue: 1 }))).json().entity
      await put(cookie, FULL)
      const second = (await upload(cookie, await buildImage({ hue: 2 }))).json().entity
      expect(second.imageId).not.toBe(first.imageId)
      // The typed fields stay as they were.
      expect(second.nickname).toBe('ぷりこ')
      expect(ctx().storage.keys()).toEqual([`profile/${second.imageId}.jpg`])
      expect(await ctx().db.select().from(profileImages)).toHaveLength(1)
      expect(await ctx().db.select().from(storageDeletions)).toHaveLength(0)
      expect((await call({ url: first.profileImageUrl, cookie })).statusCode).toBe(404)

      const removed = await call({ method: 'DELETE', url: '/sp/profile/image', cookie })
      expect(removed.statusCode).toBe(200)
      expect(removed.json().entity).toMatchObject({
        imageId: null,
        profileImageUrl: null,
        nickname: 'ぷりこ',
      })
      expect(ctx().storage.keys()).toEqual([])
      expect(await ctx().db.select().from(profileImages)).toHaveLength(0)
    })

    it('checks the content, not the name: a text file called .jpg is refused', async () => {
      const { cookie } = await member()
      const text = Buffer.from('this is not a picture, only text pretending to be one\n'.repeat(20))
      const response = await upload(cookie, text, { filename: 'photo.jpg', type: 'image/jpeg' })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('IMAGE_INVALID')

      const truncated = (await buildImage({ width: 800, height: 800, hue: 9 })).subarray(0, 2000)
      expect((await upload(cookie, truncated)).json().error.code).toBe('IMAGE_INVALID')

      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
      const svgAnswer = await upload(cookie, svg, { filename: 'x.svg', type: 'image/svg+xml' })
      expect(svgAnswer.statusCode).toBe(415)
      expect(svgAnswer.json().error.code).toBe('IMAGE_FORMAT_UNSUPPORTED')
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
        .gif()
        .toBuffer()
      expect((await upload(cookie, gif, { filename: 'x.gif' })).json().error.code).toBe(
        'IMAGE_FORMAT_UNSUPPORTED',
      )

      expect(ctx().storage.keys()).toEqual([])
      expect(await profileRows()).toHaveLength(0)
    })

    it('refuses more than 10 MB, and a decompression bomb', async () => {
      const { cookie } = await member()
      const huge = Buffer.concat([await buildImage(), Buffer.alloc(10 * 1024 * 1024)])
      const response = await upload(cookie, huge)
      expect(response.statusCode).toBe(413)
      expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE')

      // Tiny PNGs whose headers claim 8000 × 8000 (over our 50 megapixels) and 20000 × 20000 pixels.
      for (const side of [8000, 20000]) {
        const bomb = await pngClaiming(side, side)
        const answer = await upload(cookie, bomb, { filename: 'x.png', type: 'image/png' })
        expect(answer.statusCode, String(side)).toBe(400)
        expect(answer.json().error.code).toBe('IMAGE_INVALID')
      }
      expect(ctx().storage.keys()).toEqual([])
    })

    it('wants multipart with one file in the field "image"', async () => {
      const { cookie } = await member()
      const wrongField = await upload(cookie, await buildImage(), { field: 'picture' })
      expect(wrongField.statusCode).toBe(400)
      expect(wrongField.json().error.code).toBe('IMAGE_MISSING')
      const empty = await upload(cookie, Buffer.alloc(0))
      expect(empty.json().error.code).toBe('IMAGE_MISSING')
      const json = await call({ method: 'POST', url: '/sp/profile/image', cookie, payload: { image: 'x' } })
      expect(json.statusCode).toBe(415)
      expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
      expect(ctx().storage.keys()).toEqual([])
    })
  })
  describe('one save: the fields and the picture together (POST /sp/profile)', () => {
    /** The save's body as the web sends it: the fields as JSON, then the picture if chosen. */
    async function saveBody(
      fields: unknown,
      image?: { data: Buffer; field?: string; type?: string },
    ): Promise<{ payload: Buffer; headers: Record<string, string> }> {
      const form = new FormData()
      form.append('profile', typeof fields === 'string' ? fields : JSON.stringify(fields))
      if (image) {
        form.append(
          image.field ?? 'image',
          new Blob([new Uint8Array(image.data)], { type: image.type ?? 'image/jpeg' }),
          'photo.jpg',
        )
      }
      const response = new Response(form)
      return {
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { 'content-type': response.headers.get('content-type')! },
      }
    }

    async function save(cookie: string | undefined, ...args: Parameters<typeof saveBody>) {
      const body = await saveBody(...args)
      return call({ method: 'POST', url: '/sp/profile', cookie, ...body })
    }

    it('saves the fields and the chosen picture in one request', async () => {
      const { cookie, account } = await member()
      const saved = await save(cookie, { ...FULL, nickname: '　ＰＵＲＩ ' }, { data: await buildImage() })
      expect(saved.statusCode).toBe(200)
      const entity = saved.json().entity
      expect(entity).toMatchObject({
        ...FULL,
        nickname: 'PURI',
        profileImageUrl: `/sp/profile/image/${entity.imageId}`,
      })
      expect(entity.imageId).toMatch(/^[0-9a-f-]{36}$/)
      // Read back: both are kept.
      expect((await call({ url: '/sp/profile', cookie })).json().entity).toEqual(entity)
      const served = await call({ url: entity.profileImageUrl, cookie })
      const stored = await sharp(served.rawPayload).metadata()
      expect([stored.format, stored.width === stored.height]).toEqual(['jpeg', true])
      const [row] = await profileRows()
      expect(row).toMatchObject({ accountId: account.id, imageId: entity.imageId, nickname: 'PURI' })
      expect(ctx().storage.keys()).toEqual([`profile/${entity.imageId}.jpg`])

      // Saved again without a picture: the picture stays; with a new one, the old file goes.
      const fieldsOnly = await save(cookie, { ...FULL, prefectureName: '沖縄県' })
      expect(fieldsOnly.json().entity).toMatchObject({ imageId: entity.imageId, prefectureName: '沖縄県' })
      const replaced = (await save(cookie, FULL, { data: await buildImage({ hue: 5 }) })).json().entity
      expect(replaced.imageId).not.toBe(entity.imageId)
      expect(ctx().storage.keys()).toEqual([`profile/${replaced.imageId}.jpg`])

      // removeImage: saved without a picture, its file deleted.
      const removed = await save(cookie, { ...FULL, removeImage: true })
      expect(removed.json().entity).toMatchObject({
        imageId: null,
        profileImageUrl: null,
        nickname: 'ぷりこ',
      })
      expect(ctx().storage.keys()).toEqual([])
    })

    it('all or nothing: a refused nickname keeps the picture out, a refused picture keeps the fields out', async () => {
      const { cookie } = await member()
      await save(cookie, FULL)
      const badNickname = await save(
        cookie,
        { ...FULL, nickname: 'あ'.repeat(21) },
        { data: await buildImage() },
      )
      expect([badNickname.statusCode, badNickname.json().error.code]).toEqual([400, 'NICKNAME_INVALID'])
      const badBirthday = await save(
        cookie,
        { ...FULL, birthday: '2026-11-21' },
        { data: await buildImage() },
      )
      expect(badBirthday.json().error.code).toBe('BIRTHDAY_INVALID')
      const notAPicture = await save(
        cookie,
        { ...FULL, nickname: 'あたらしい' },
        { data: Buffer.from('text pretending to be a picture\n'.repeat(20)) },
      )
      expect([notAPicture.statusCode, notAPicture.json().error.code]).toEqual([400, 'IMAGE_INVALID'])
      const [row] = await profileRows()
      expect(row).toMatchObject({ nickname: 'ぷりこ', imageId: null })
      expect(ctx().storage.keys()).toEqual([])
      expect(await ctx().db.select().from(profileImages)).toHaveLength(0)
    })

    it('wants the fields as JSON in "profile", at most one file in "image", not both a file and removeImage', async () => {
      const { cookie } = await member()
      const refusals: Array<[string, Awaited<ReturnType<typeof save>>]> = [
        ['no fields', await save(cookie, '')],
        ['not JSON', await save(cookie, '{"nickname":')],
        ['not a profile', await save(cookie, { nickname: 'ぷりこ' })],
        ['a bad enum', await save(cookie, { ...FULL, gender: 'female' })],
        ['another file field', await save(cookie, FULL, { data: await buildImage(), field: 'picture' })],
        [
          'file and removeImage',
          await save(cookie, { ...FULL, removeImage: true }, { data: await buildImage() }),
        ],
      ]
      for (const [why, response] of refusals) {
        expect([response.statusCode, response.json().error.code], why).toEqual([400, 'VALIDATION_FAILED'])
      }
      const empty = await save(cookie, FULL, { data: Buffer.alloc(0) })
      expect(empty.json().error.code).toBe('IMAGE_MISSING')
      const huge = await save(cookie, FULL, {
        data: Buffer.concat([await buildImage(), Buffer.alloc(10 * 1024 * 1024)]),
      })
      expect([huge.statusCode, huge.json().error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE'])
      const json = await call({ method: 'POST', url: '/sp/profile', cookie, payload: FULL })
      expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
      expect(await profileRows()).toHaveLength(0)
      expect(ctx().storage.keys()).toEqual([])
    })

    it('is for members only, and not under ACCESSCONTROL (refused before the picture is read)', async () => {
      const guest = await save(undefined, FULL, { data: await buildImage() })
      expect([guest.statusCode, guest.json().error.code]).toEqual([401, 'UNAUTHENTICATED'])
      const restricted = await member({ snsPenalty: 'ACCESSCONTROL' })
      const refused = await save(restricted.cookie, FULL, { data: await buildImage() })
      expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'SNS_RESTRICTED'])
      expect(await profileRows()).toHaveLength(0)
      expect(ctx().storage.keys()).toEqual([])
    })
  })
})
