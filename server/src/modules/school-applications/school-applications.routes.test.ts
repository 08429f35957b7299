import { readFile } from 'node:fs/promises'
import { crc32 } from 'node:zlib'
import { CERTIFICATE_SLOTS, type CertificateSlot } from '@puribox/contract/jhs-free'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createSharpImages } from '../../ports/images'
import { buildImage, createAccount, createMember, createSession } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createOperator } from '../../test/operators'
import { JHS_PROFILE } from '../../test/school-applications'
import { accounts } from '../accounts/accounts.schema'
import { grantSchoolPremium, schoolPremiumEnd } from '../accounts/school-premium'
import type { OperatorActor } from '../actor'
import { hashPassword } from '../auth/passwords'
import { createFileDeletions } from '../files/file-deletions'
import { createSchoolApplicationsRepository } from './school-applications.repository'
import { createSchoolApplicationsService } from './school-applications.service'

const STATE = '/sp/2/jhs_free/self'
const APPLY = '/sp/2/jhs_free/self/application'
const UPLOADS = '/sp/2/jhs_free/self/uploads'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const HOUR = 60 * 60 * 1000

const PROFILE = JHS_PROFILE

describe('junior-high free premium application', () => {
  const ctx = useTestApp()

  function service(grants: Array<{ accountId: string; until: Date }> = []) {
    const { db, storage } = ctx()
    return createSchoolApplicationsService({
      repo: createSchoolApplicationsRepository(db, {
        files: createFileDeletions({ db, storage }),
        events: ctx().events,
      }),
      storage,
      images: createSharpImages(),
      mailer: ctx().mailer,
      fileDeletions: createFileDeletions({ db, storage }),
      grant: {
        schoolPremiumEnd,
        grantSchoolPremium: async (tx, grant) => {
          grants.push({ accountId: grant.accountId, until: grant.until })
          await grantSchoolPremium(tx, ctx().events, grant)
        },
      },
      publicUrl: 'http://localhost',
    })
  }

  async function member() {
    return createMember(ctx().db, ctx().clock)
  }

  /** An operator of the support role, who reviews applications. */
  async function reviewer(): Promise<OperatorActor> {
    const { operator } = await createOperator(ctx().db, { role: 'support' })
    return { kind: 'operator', operatorId: operator.id, role: 'support', ip: '192.0.2.10' }
  }

  function call(cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return ctx().app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) })
  }

  function putChunk(cookie: string, id: string, offset: number, data: Buffer) {
    return ctx().app.inject({
      method: 'PUT',
      url: `${UPLOADS}/${id}?offset=${offset}`,
      headers: { ...XHR, cookie, 'content-type': 'application/octet-stream' },
      payload: data,
    })
  }

  /** Uploads a file in chunks of `chunk` bytes; answers the upload's last answer. */
  async function upload(cookie: string, slot: CertificateSlot, data: Buffer, chunk = 64 * 1024) {
    const started = await call(cookie, 'POST', UPLOADS, {
      slot,
      byteSize: data.length,
      fileName: `${slot}.png`,
    })
    expect(started.statusCode).toBe(200)
    const id: string = started.json().entity.id
    let last = started
    for (let offset = 0; offset < data.length; offset += chunk) {
      last = await putChunk(cookie, id, offset, data.subarray(offset, offset + chunk))
      if (last.statusCode !== 200) return last
    }
    return last
  }

  async function fourCertificates(cookie: string): Promise<Record<CertificateSlot, string>> {
    const ids: Partial<Record<CertificateSlot, string>> = {}
    for (const [index, slot] of CERTIFICATE_SLOTS.entries()) {
      const data = await buildImage({
        width: 200,
        height: 120,
        hue: index,
        format: index % 2 ? 'png' : 'jpeg',
      })
      const answer = await upload(cookie, slot, data, 1000)
      expect(answer.json().entity.state).toBe('COMPLETE')
      ids[slot] = answer.json().entity.id
    }
    return ids as Record<CertificateSlot, string>
  }

  it('tells a guest to sign in first', async () => {
    const answer = await ctx().app.inject({ method: 'GET', url: STATE })
    expect(answer.json().entity).toMatchObject({ canApply: false, blocker: 'GUEST', application: null })
  })

  it('takes four pictures in chunks, the application once, mails it and shows it waiting', async () => {
    const { cookie, account } = await member()
    const certificates = await fourCertificates(cookie)
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/')),
    ).toHaveLength(4)

    const listed = (await call(cookie, 'GET', STATE)).json().entity
    expect(listed.uploads.map((u: { slot: string }) => u.slot).sort()).toEqual([...CERTIFICATE_SLOTS].sort())

    const sent = await call(cookie, 'POST', APPLY, { ...PROFILE, certificates })
    expect(sent.statusCode).toBe(200)
    expect(sent.json().entity).toMatchObject({ state: 'SUBMITTED', grade: 2, familyName: '山田' })
    expect(ctx().mailer.last()).toMatchObject({ to: 'hanako@example.jp' })
    expect(ctx().mailer.last()?.text).toContain('受け付けました')

    // A double tap: the second is refused, one application stands.
    const again = await call(cookie, 'POST', APPLY, { ...PROFILE, certificates })
    expect(again.json().error.code).toBe('JHS_APPLICATION_PENDING')
    const state = (await call(cookie, 'GET', STATE)).json().entity
    expect(state).toMatchObject({ canApply: false, blocker: 'PENDING', uploads: [] })
    expect(state.application.state).toBe('SUBMITTED')

    const { db, storage } = ctx()
    const repo = createSchoolApplicationsRepository(db, {
      files: createFileDeletions({ db, storage }),
      events: ctx().events,
    })
    const rows = await repo.uploadsOf(state.application.id)
    expect(rows.map((row) => row.accountId)).toEqual(Array(4).fill(account.id))
  })

  it('goes on from where the server got to after a dropped connection, a chunk sent twice counting once', async () => {
    const { cookie } = await member()
    const data = await buildImage({ width: 400, height: 300, format: 'png' })
    const started = await call(cookie, 'POST', UPLOADS, {
      slot: 'kind',
      byteSize: data.length,
      fileName: 'a.png',
    })
    const id = started.json().entity.id
    const half = Math.floor(data.length / 2)
    expect((await putChunk(cookie, id, 0, data.subarray(0, half))).json().entity.offset).toBe(half)
    // The answer was lost: the browser sends the same chunk again.
    const twice = await putChunk(cookie, id, 0, data.subarray(0, half))
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.code).toBe('UPLOAD_OFFSET_MISMATCH')
    const where = await call(cookie, 'GET', `${UPLOADS}/${id}`)
    expect(where.json().entity).toMatchObject({ offset: half, state: 'UPLOADING' })
    const done = await putChunk(cookie, id, half, data.subarray(half))
    expect(done.json().entity).toMatchObject({
      state: 'COMPLETE',
      contentType: 'image/png',
      offset: data.length,
    })
    const file = await call(cookie, 'GET', `${UPLOADS}/${id}/file`)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.headers['cache-control']).toBe('private, no-store')
    expect(file.rawPayload.equals(data)).toBe(true)
  })

  it('keeps a file name it can store and show: no NUL, no text turned around', async () => {
    const { cookie } = await member()
    const started = await call(cookie, 'POST', UPLOADS, {
      slot: 'kind',
      byteSize: 10,
      fileName: 'card\u0000\u202egpj.exe',
    })
    expect(started.statusCode).toBe(200)
    expect(started.json().entity.fileName).toBe('cardgpj.exe')
  })

  it('serves a picture to its owner only', async () => {
    const owner = await member()
    const other = await member()
    const answer = await upload(owner.cookie, 'insurance', await buildImage())
    const id = answer.json().entity.id
    expect((await call(other.cookie, 'GET', `${UPLOADS}/${id}/file`)).statusCode).toBe(404)
    expect((await call(other.cookie, 'GET', `${UPLOADS}/${id}`)).statusCode).toBe(404)
    expect((await ctx().app.inject({ method: 'GET', url: `${UPLOADS}/${id}/file` })).statusCode).toBe(401)
  })

  it('refuses a renamed text file at its first chunk, and a file cut short when complete', async () => {
    const { cookie } = await member()
    const text = Buffer.from('これは画像ではありません。'.repeat(20))
    const renamed = await upload(cookie, 'kind', text)
    expect(renamed.statusCode).toBe(415)
    expect(renamed.json().error.code).toBe('CERTIFICATE_NOT_AN_IMAGE')

    const jpeg = await buildImage({ width: 300, height: 300 })
    const cut = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(800, 7)])
    const glued = await upload(cookie, 'kind', cut, 500)
    expect(glued.json().error.code).toBe('CERTIFICATE_UNREADABLE')
    expect((await call(cookie, 'GET', STATE)).json().entity.uploads).toEqual([])
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/')),
    ).toEqual([])
  })

  describe('decodes the whole picture once the last chunk lands', () => {
    /** A photo-like picture (noise compresses badly), so its data runs over many chunks. */
    function noise(format: 'jpeg' | 'png'): Promise<Buffer> {
      const image = sharp({
        create: {
          width: 240,
          height: 160,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
      return (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer()
    }

    /** An iPhone-style HEIC (HEVC in HEIF) of an ID card, 120 × 80; fixtures/README.md says how it was made. */
    function heic(): Promise<Buffer> {
      return readFile(new URL('./fixtures/certificate.heic', import.meta.url))
    }

    /** Nothing of a refused upload is left: no upload to resume, no stored file. */
    async function expectNothingKept(cookie: string) {
      expect((await call(cookie, 'GET', STATE)).json().entity).toMatchObject({ uploads: [], canApply: true })
      expect(
        ctx()
          .storage.keys()
          .filter((key) => key.startsWith('certificates/')),
      ).toEqual([])
    }

    async function expectRefused(cookie: string, data: Buffer, chunk = 4096) {
      const answer = await upload(cookie, 'kind', data, chunk)
      expect(answer.statusCode).toBe(422)
      expect(answer.json().error.code).toBe('CERTIFICATE_UNREADABLE')
      await expectNothingKept(cookie)
    }

    it('refuses a JPEG cut short, and takes the whole one in the same slot after', async () => {
      const { cookie } = await member()
      const jpeg = await noise('jpeg')
      await expectRefused(cookie, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))

      const whole = await upload(cookie, 'kind', jpeg, 4096)
      expect(whole.json().entity).toMatchObject({ state: 'COMPLETE', contentType: 'image/jpeg' })
    })

    it('refuses the first bytes of a HEIC followed by a web page, and a HEIC cut short', async () => {
      const { cookie } = await member()
      const picture = await heic()
      const page = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'
      await expectRefused(cookie, Buffer.concat([picture.subarray(0, 12), Buffer.from(page)]))
      await expectRefused(cookie, picture.subarray(0, picture.length - 100), 256)
    })

    it('refuses a PNG whose compressed pixels are damaged', async () => {
      const { cookie } = await member()
      const png = await noise('png')
      const damaged = Buffer.from(png)
      const pixels = png.indexOf('IDAT') + 4
      for (let index = pixels + 500; index < pixels + 600; index++) damaged[index]! ^= 0xff
      await expectRefused(cookie, damaged)
    })

    it('refuses a PNG announcing more than 100 million pixels before decoding any', async () => {
      const { cookie } = await member()
      const png = Buffer.from(await noise('png'))
      // The header (IHDR) says 20000 × 20000, its checksum made to match: a decompression bomb's shape.
      png.writeUInt32BE(20_000, 16)
      png.writeUInt32BE(20_000, 20)
      png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
      const answer = await upload(cookie, 'kind', png, 4096)
      expect(answer.statusCode).toBe(413)
      expect(answer.json().error.code).toBe('CERTIFICATE_TOO_LARGE')
      await expectNothingKept(cookie)
    })

    it('takes a whole JPEG, PNG and HEIC, and gives each back as it was sent', async () => {
      const { cookie } = await member()
      const pictures = [
        { slot: 'kind', data: await noise('jpeg'), contentType: 'image/jpeg' },
        { slot: 'insurance', data: await noise('png'), contentType: 'image/png' },
        { slot: 'schoolFront', data: await heic(), contentType: 'image/heic' },
      ] as const
      for (const { slot, data, contentType } of pictures) {
        const answer = await upload(cookie, slot, data, 4096)
        expect(answer.json().entity, slot).toMatchObject({ state: 'COMPLETE', contentType })
        const file = await call(cookie, 'GET', `${UPLOADS}/${answer.json().entity.id}/file`)
        expect(file.headers['content-type']).toBe(contentType)
        expect(file.rawPayload.equals(data)).toBe(true)
      }
    })
  })

  it('refuses a picture over 10 MB before a byte is sent, and a chunk past the announced size', async () => {
    const { cookie } = await member()
    const big = await call(cookie, 'POST', UPLOADS, {
      slot: 'kind',
      byteSize: 10 * 1024 * 1024 + 1,
      fileName: 'x.jpg',
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().error.code).toBe('CERTIFICATE_TOO_LARGE')

    const data = await buildImage()
    const started = await call(cookie, 'POST', UPLOADS, { slot: 'kind', byteSize: 10, fileName: 'x.jpg' })
    const past = await putChunk(cookie, started.json().entity.id, 0, data.subarray(0, 100))
    expect(past.json().error.code).toBe('CERTIFICATE_TOO_LARGE')
  })

  it("checks the birth date and grade against the request's day", async () => {
    const { cookie } = await member()
    const certificates = await fourCertificates(cookie)
    const wrongGrade = await call(cookie, 'POST', APPLY, { ...PROFILE, grade: 1, certificates })
    expect(wrongGrade.json().error.code).toBe('JHS_GRADE_MISMATCH')
    const tooOld = await call(cookie, 'POST', APPLY, { ...PROFILE, birthYear: 2009, grade: 3, certificates })
    expect(tooOld.json().error.code).toBe('JHS_NOT_JUNIOR_HIGH_AGE')
    const noSuchDay = await call(cookie, 'POST', APPLY, {
      ...PROFILE,
      birthMonth: 2,
      birthDay: 30,
      certificates,
    })
    expect(noSuchDay.json().error.code).toBe('JHS_BIRTH_DATE_INVALID')
    const missing = await call(cookie, 'POST', APPLY, {
      ...PROFILE,
      certificates: { ...certificates, kind: certificates.insurance },
    })
    expect(missing.json().error.code).toBe('CERTIFICATE_MISSING')
    // Nothing was kept of the refused ones: the pictures still wait for the next try.
    expect((await call(cookie, 'GET', STATE)).json().entity).toMatchObject({
      canApply: true,
      application: null,
    })
    expect((await call(cookie, 'GET', STATE)).json().entity.uploads).toHaveLength(4)
  })

  it('approves once, granting premium to the end of the third school year; a rejection lets them apply again', async () => {
    const REVIEWER = await reviewer()
    const { cookie, account } = await member()
    const first = (
      await call(cookie, 'POST', APPLY, { ...PROFILE, certificates: await fourCertificates(cookie) })
    ).json().entity
    const grants: Array<{ accountId: string; until: Date }> = []
    const rejected = await service(grants).rejectApplication(
      REVIEWER,
      first.id,
      { reason: 'DETAILS_MISMATCH', note: '生年月日が書類と違います' },
      TEST_NOW,
    )
    // The applicant reads PuriBox's sentence for the reason, never the operator's note.
    const told =
      '入力されたお名前・生年月日・学年が、書類の内容と一致しませんでした。書類のとおりに入力してください。'
    expect(rejected).toMatchObject({ state: 'REJECTED', rejectReason: told })
    expect(ctx().mailer.last()?.text).toContain(told)
    expect(ctx().mailer.last()?.text).not.toContain('生年月日が書類と違います')
    await expect(service(grants).approveApplication(REVIEWER, first.id, TEST_NOW)).rejects.toMatchObject({
      code: 'JHS_APPLICATION_NOT_SUBMITTED',
    })
    let state = (await call(cookie, 'GET', STATE)).json().entity
    expect(state).toMatchObject({ canApply: true, blocker: null, application: { state: 'REJECTED' } })

    const second = (
      await call(cookie, 'POST', APPLY, { ...PROFILE, certificates: await fourCertificates(cookie) })
    ).json().entity
    const approved = await service(grants).approveApplication(REVIEWER, second.id, TEST_NOW)
    // A second grader in school year 2026: the third year ends 31 March 2028.
    expect(approved).toMatchObject({ state: 'APPROVED', premiumUntil: '2028-04-01T00:00:00' })
    expect(grants).toEqual([{ accountId: account.id, until: new Date('2028-03-31T15:00:00Z') }])
    const [row] = await ctx().db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(row?.schoolPremiumUntil).toEqual(new Date('2028-03-31T15:00:00Z'))
    expect(ctx().mailer.last()?.text).toContain('2028年3月31日')
    await expect(service(grants).approveApplication(REVIEWER, second.id, TEST_NOW)).rejects.toMatchObject({
      code: 'JHS_APPLICATION_NOT_SUBMITTED',
    })
    expect(grants).toHaveLength(1)
    state = (await call(cookie, 'GET', STATE)).json().entity
    expect(state).toMatchObject({ canApply: false, blocker: 'ALREADY_JHS_PREMIUM' })
  })

  it('cleans abandoned uploads after a day and the pictures 30 days after the review', async () => {
    const REVIEWER = await reviewer()
    const { cookie } = await member()
    const kept = await fourCertificates(cookie)
    const application = (await call(cookie, 'POST', APPLY, { ...PROFILE, certificates: kept })).json().entity
    // Half an upload, then nothing more.
    const data = await buildImage()
    const started = await call(cookie, 'POST', UPLOADS, {
      slot: 'kind',
      byteSize: data.length,
      fileName: 'k.jpg',
    })
    await putChunk(cookie, started.json().entity.id, 0, data.subarray(0, 100))
    // A whole picture for the next application, never sent.
    await upload(cookie, 'schoolBack', data)
    await service().rejectApplication(REVIEWER, application.id, { reason: 'DOCUMENT_UNREADABLE' }, TEST_NOW)
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/')),
    ).toHaveLength(5)

    expect(await service().cleanUp(new Date(TEST_NOW.getTime() + 23 * HOUR))).toEqual({
      abandoned: 0,
      reviewed: 0,
    })
    expect((await call(cookie, 'GET', STATE)).json().entity.uploads).toHaveLength(2)
    // Both unsent uploads go; only the complete one had a stored picture.
    expect(await service().cleanUp(new Date(TEST_NOW.getTime() + 25 * HOUR))).toEqual({
      abandoned: 1,
      reviewed: 0,
    })
    expect((await call(cookie, 'GET', STATE)).json().entity.uploads).toEqual([])
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/')),
    ).toHaveLength(4)
    const later = new Date(TEST_NOW.getTime() + 31 * 24 * HOUR)
    expect(await service().cleanUp(later)).toEqual({ abandoned: 0, reviewed: 4 })
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/')),
    ).toEqual([])
    expect((await call(cookie, 'GET', STATE)).json().entity.application.state).toBe('REJECTED')
  })

  it("deletes the pictures at once when the account leaves, and no one else's", async () => {
    const password = 'sakura-purikura-7'
    const account = await createAccount(ctx().db, { passwordHash: await hashPassword(password) })
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    const other = await member()
    await fourCertificates(other.cookie)
    await call(cookie, 'POST', APPLY, { ...PROFILE, certificates: await fourCertificates(cookie) })
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/')),
    ).toHaveLength(8)
    const left = await call(cookie, 'POST', '/sp/2/account/leave', { confirmed: true, password })
    expect(left.statusCode).toBe(200)
    expect(
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/')),
    ).toHaveLength(4)
    expect((await call(other.cookie, 'GET', STATE)).json().entity.uploads).toHaveLength(4)
  })
})

describe("the debug page's review of one's own application", () => {
  const on = useTestApp({ timeTravel: true })

  it('approves or rejects the waiting application of the caller, and nothing else', async () => {
    const { cookie } = await createMember(on().db, on().clock)
    const headers = { ...XHR, cookie }
    const review = (decision: 'APPROVE' | 'REJECT') =>
      on().app.inject({ method: 'POST', url: '/sp/2/debug/jhs_free/review', headers, payload: { decision } })
    expect((await review('APPROVE')).json().error.code).toBe('NOT_FOUND')
    const certificates: Record<string, string> = {}
    for (const slot of CERTIFICATE_SLOTS) {
      const data = await buildImage({ width: 50, height: 50 })
      const started = await on().app.inject({
        method: 'POST',
        url: UPLOADS,
        headers,
        payload: { slot, byteSize: data.length, fileName: 'x.jpg' },
      })
      const id = started.json().entity.id
      await on().app.inject({
        method: 'PUT',
        url: `${UPLOADS}/${id}?offset=0`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: data,
      })
      certificates[slot] = id
    }
    await on().app.inject({ method: 'POST', url: APPLY, headers, payload: { ...PROFILE, certificates } })
    const rejected = await review('REJECT')
    expect(rejected.json().entity).toMatchObject({
      state: 'REJECTED',
      rejectReason: '申し込みの内容を確認できませんでした。くわしくは、お問い合わせください。',
    })
    expect((await review('APPROVE')).json().error.code).toBe('NOT_FOUND')
  })
})

describe('the debug review without time travel', () => {
  const off = useTestApp()

  it('is TIME_TRAVEL_DISABLED', async () => {
    const { cookie } = await createMember(off().db, off().clock)
    const answer = await off().app.inject({
      method: 'POST',
      url: '/sp/2/debug/jhs_free/review',
      headers: { ...XHR, cookie },
      payload: { decision: 'APPROVE' },
    })
    expect(answer.json().error.code).toBe('TIME_TRAVEL_DISABLED')
  })
})
