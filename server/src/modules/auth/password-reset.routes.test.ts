import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, createSession } from '../../test/factories'
import { postAsBrowser, sessionCookieOf, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { sessions } from '../sessions/sessions.schema'
import { throttleBuckets } from '../throttle/throttle.schema'
import { passwordResets } from './auth.schema'
import { hashPassword, verifyPassword } from './passwords'

const OLD_PASSWORD = 'sakura-purikura-7'
const NEW_PASSWORD = 'momiji-purikura-9'
const MINUTE_MS = 60_000

const REQUEST = '/sp/2/api/account/password_reset'
const VERIFY_CODE = '/sp/2/api/account/password_reset/verification'
const verifyLinkUrl = (id: string) => `/sp/2/api/account/password_reset/${id}/verified`
const RESET = '/sp/2/api/account/password_reset/password'

let oldHash: string
beforeAll(async () => {
  oldHash = await hashPassword(OLD_PASSWORD)
})

describe('password reset by mail', () => {
  const ctx = useTestApp()

  const post = (url: string, payload: unknown, cookie?: string, ip = '192.0.2.30') =>
    postAsBrowser(ctx().app, url, payload, { cookie, ip })

  const errorOf = (response: LightMyRequestResponse) => [response.statusCode, response.json().error?.code]

  async function member(
    mailAddress = 'hana@example.jp',
    overrides: Parameters<typeof createAccount>[1] = {},
  ) {
    const account = await createAccount(ctx().db, { mailAddress, passwordHash: oldHash, ...overrides })
    const phone = await createSession(ctx().db, ctx().clock, { account })
    const tablet = await createSession(ctx().db, ctx().clock, { account })
    return { account, phone, tablet }
  }

  /** Requests a reset and reads the code and the link's token out of the mail, as a person would. */
  async function requestReset(mailAddress: string, ip?: string) {
    const sent = await post(REQUEST, { mailAddress }, undefined, ip)
    expect(sent.statusCode, sent.body).toBe(200)
    const mail = ctx().mailer.last()!
    const code = /確認コード\n　(\d{6})/.exec(mail.text)?.[1]
    const link = /(http\S+password_reset\?\S+)/.exec(mail.text)?.[1]
    const token = link ? new URL(link).searchParams.get('token') : null
    return { sent, mail, code, link, token, resetId: sent.json().entity.resetId as string }
  }

  async function proveByCode(mailAddress: string, cookie?: string) {
    const reset = await requestReset(mailAddress)
    const verified = await post(VERIFY_CODE, { resetId: reset.resetId, code: reset.code }, cookie)
    expect(verified.statusCode, verified.body).toBe(200)
    return { ...reset, cookie: cookie ?? sessionCookieOf(verified) }
  }

  async function storedHash(accountId: string) {
    const [row] = await ctx().db.select().from(accounts).where(eq(accounts.id, accountId))
    return row!.passwordHash!
  }

  const self = async (cookie: string) =>
    (await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })).json().entity

  it('mail → code → new password: this browser is signed in, every other session ends, a second mail says so', async () => {
    const { account, phone, tablet } = await member()
    const { sent, mail, code, link } = await requestReset('  hana@Example.JP ')
    expect(sent.json().entity).toMatchObject({
      mailAddress: 'hana@example.jp',
      expireDate: '2026-11-20T12:30:00',
    })
    expect(mail.to).toBe('hana@example.jp')
    expect(mail.subject).toBe(`【PuriBox】パスワードの再設定 確認コード ${code}`)
    expect(mail.text).toContain('有効期限：11月20日 12:30まで（30分間）')
    expect(link).toMatch(
      /^http:\/\/localhost:3000\/web\/login\/password_reset\?resetId=[0-9a-f-]{36}&token=[\w-]{43}$/,
    )
    // Only hashes are kept.
    const [row] = await ctx().db.select().from(passwordResets)
    expect(row!.accountId).toBe(account.id)
    expect(JSON.stringify(row)).not.toContain(code!)

    const resetId = sent.json().entity.resetId
    // Full-width digits, as a Japanese keyboard may type them, are fine.
    const fullWidth = code!.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))
    const verified = await post(VERIFY_CODE, { resetId, code: fullWidth })
    expect(verified.statusCode).toBe(200)
    expect(verified.json().entity).toEqual({ resetId, mailAddress: 'hana@example.jp' })
    const provedCookie = sessionCookieOf(verified)

    const reset = await post(RESET, { resetId, password: NEW_PASSWORD }, provedCookie)
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json().entity).toMatchObject({
      membershipStatus: 'MINI',
      account: { id: account.id, mailAddress: 'hana@example.jp' },
    })
    const signedIn = sessionCookieOf(reset)
    expect(signedIn).not.toBe(provedCookie)
    expect((await self(signedIn)).membershipStatus).toBe('MINI')
    // The member's other devices, and the session that proved the code, are signed out.
    for (const cookie of [phone.cookie, tablet.cookie, provedCookie]) {
      expect((await self(cookie)).membershipStatus).toBe('GUEST')
    }
    expect(await ctx().db.select().from(sessions).where(eq(sessions.accountId, account.id))).toHaveLength(1)

    expect(await verifyPassword(NEW_PASSWORD, await storedHash(account.id))).toBe(true)
    const oldLogin = await post('/sp//ajax/login/', {
      mailAddress: 'hana@example.jp',
      password: OLD_PASSWORD,
    })
    expect(errorOf(oldLogin)).toEqual([401, 'LOGIN_FAILED'])
    const newLogin = await post('/sp//ajax/login/', {
      mailAddress: 'hana@example.jp',
      password: NEW_PASSWORD,
    })
    expect(newLogin.statusCode).toBe(200)

    const notice = ctx().mailer.sent.at(-1)!
    expect(notice.to).toBe('hana@example.jp')
    expect(notice.subject).toBe('【PuriBox】パスワードを再設定しました')
    expect(notice.text).toContain('日時：11月20日 12:00')
    expect(notice.text).toContain('http://localhost:3000/web/login/password_reset')
    expect(notice.text).not.toContain(NEW_PASSWORD)
  })

  it('the link works in another browser: that one chooses the password and is signed in', async () => {
    const { account } = await member()
    const { resetId, token, code } = await requestReset('hana@example.jp')
    const otherBrowser = await post(verifyLinkUrl(resetId), { token })
    expect(otherBrowser.statusCode).toBe(200)
    expect(otherBrowser.json().entity).toEqual({ resetId, mailAddress: 'hana@example.jp' })
    const reset = await post(RESET, { resetId, password: NEW_PASSWORD }, sessionCookieOf(otherBrowser))
    expect(reset.statusCode).toBe(200)
    expect((await self(sessionCookieOf(reset))).account.id).toBe(account.id)

    // The first browser, still on the code step, is told the reset was used.
    expect(errorOf(await post(VERIFY_CODE, { resetId, code }))).toEqual([410, 'PASSWORD_RESET_USED'])
  })

  it('cannot be used again: the code, the link and the password step all answer USED', async () => {
    await member()
    const { resetId, code, token, cookie } = await proveByCode('hana@example.jp')
    expect((await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)).statusCode).toBe(200)

    expect(errorOf(await post(VERIFY_CODE, { resetId, code }))).toEqual([410, 'PASSWORD_RESET_USED'])
    expect(errorOf(await post(verifyLinkUrl(resetId), { token }))).toEqual([410, 'PASSWORD_RESET_USED'])
    const again = await post(RESET, { resetId, password: 'another-password-3' }, cookie)
    expect(errorOf(again)).toEqual([410, 'PASSWORD_RESET_USED'])
  })

  it("an older mail's code dies with the reset that was completed", async () => {
    await member()
    const older = await requestReset('hana@example.jp')
    const { resetId, cookie } = await proveByCode('hana@example.jp')
    expect((await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)).statusCode).toBe(200)
    const late = await post(VERIFY_CODE, { resetId: older.resetId, code: older.code })
    expect(errorOf(late)).toEqual([410, 'PASSWORD_RESET_USED'])
  })

  it('expires: the code and link after 30 minutes, the password step 30 minutes after the code', async () => {
    const { account } = await member()
    const { resetId, code, token } = await requestReset('hana@example.jp')
    ctx().clock.advance(30 * MINUTE_MS)
    expect(errorOf(await post(VERIFY_CODE, { resetId, code }))).toEqual([410, 'PASSWORD_RESET_EXPIRED'])
    expect(errorOf(await post(verifyLinkUrl(resetId), { token }))).toEqual([410, 'PASSWORD_RESET_EXPIRED'])

    const proved = await proveByCode('hana@example.jp')
    ctx().clock.advance(30 * MINUTE_MS + 1000)
    const late = await post(RESET, { resetId: proved.resetId, password: NEW_PASSWORD }, proved.cookie)
    expect(errorOf(late)).toEqual([410, 'PASSWORD_RESET_EXPIRED'])
    expect(await storedHash(account.id)).toBe(oldHash)
  })

  it('a wrong code says so; the fifth locks the reset, even against the right code', async () => {
    await member()
    const { resetId, code } = await requestReset('hana@example.jp')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) {
      expect(errorOf(await post(VERIFY_CODE, { resetId, code: wrong })), `try ${i}`).toEqual([
        400,
        'PASSWORD_RESET_CODE_WRONG',
      ])
    }
    // Not even digits: wrong too, and it counts.
    expect(errorOf(await post(VERIFY_CODE, { resetId, code: 'abc' }))).toEqual([410, 'PASSWORD_RESET_LOCKED'])
    expect(errorOf(await post(VERIFY_CODE, { resetId, code }))).toEqual([410, 'PASSWORD_RESET_LOCKED'])
    // A wrong link is an unknown reset and counts nowhere: a token is not guessed by trying.
    const next = await requestReset('hana@example.jp')
    expect(errorOf(await post(verifyLinkUrl(next.resetId), { token: 'not-the-token' }))).toEqual([
      404,
      'PASSWORD_RESET_NOT_FOUND',
    ])
    const [row] = await ctx().db.select().from(passwordResets).where(eq(passwordResets.id, next.resetId))
    expect(row!.failedAttempts).toBe(0)
    // A new mail's code still works.
    expect((await post(VERIFY_CODE, { resetId: next.resetId, code: next.code })).statusCode).toBe(200)
  })

  it("a reset whose code is locked still opens by its mail's link", async () => {
    const { account } = await member()
    const { resetId, code, token } = await requestReset('hana@example.jp')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) await post(VERIFY_CODE, { resetId, code: wrong })
    expect(errorOf(await post(VERIFY_CODE, { resetId, code }))).toEqual([410, 'PASSWORD_RESET_LOCKED'])
    const opened = await post(verifyLinkUrl(resetId), { token })
    expect(opened.statusCode, opened.body).toBe(200)
    const cookie = sessionCookieOf(opened)
    expect((await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)).statusCode).toBe(200)
    expect(await verifyPassword(NEW_PASSWORD, await storedHash(account.id))).toBe(true)
  })

  it('holds the codes of an address after 10 wrong ones in an hour; mails and links still work for the owner', async () => {
    const { account } = await member()
    for (let round = 0; round < 2; round++) {
      const { resetId, code } = await requestReset('hana@example.jp', `198.51.100.${round + 1}`)
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) await post(VERIFY_CODE, { resetId, code: wrong })
    }
    // The owner asks for a new mail: sent. Its code is held with the address's codes…
    const owners = await requestReset('hana@example.jp')
    const refused = await post(VERIFY_CODE, { resetId: owners.resetId, code: owners.code })
    expect(errorOf(refused)).toEqual([429, 'RATE_LIMITED'])
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600)
    // …and its link works at once: the owner resets, which clears the count.
    const opened = await post(verifyLinkUrl(owners.resetId), { token: owners.token })
    expect(opened.statusCode, opened.body).toBe(200)
    const cookie = sessionCookieOf(opened)
    expect((await post(RESET, { resetId: owners.resetId, password: NEW_PASSWORD }, cookie)).statusCode).toBe(
      200,
    )
    expect(await verifyPassword(NEW_PASSWORD, await storedHash(account.id))).toBe(true)
    const keys = (await ctx().db.select().from(throttleBuckets)).map((row) => row.key)
    expect(keys).not.toContain('pwreset:wrong:hana@example.jp')
    // Another address was never held.
    await member('mei@example.jp')
    const other = await requestReset('mei@example.jp')
    expect((await post(VERIFY_CODE, { resetId: other.resetId, code: other.code })).statusCode).toBe(200)
  })

  it('while the address is locked, even the right code of an open reset is refused', async () => {
    await member()
    const open = await requestReset('hana@example.jp')
    for (let round = 0; round < 2; round++) {
      const { resetId, code } = await requestReset('hana@example.jp', `192.0.2.${40 + round}`)
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) await post(VERIFY_CODE, { resetId, code: wrong })
    }
    const refused = await post(VERIFY_CODE, { resetId: open.resetId, code: open.code })
    expect(errorOf(refused)).toEqual([429, 'RATE_LIMITED'])
    expect(refused.headers['retry-after']).toBeDefined()
  })

  it('an unknown address gets the same answer; its mail says how to sign in instead, and every code is wrong', async () => {
    await member()
    const known = await post(REQUEST, { mailAddress: 'hana@example.jp' })
    const unknown = await post(REQUEST, { mailAddress: 'nobody@example.jp' })
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(Object.keys(unknown.json().entity)).toEqual(Object.keys(known.json().entity))
    expect(unknown.json().entity).toMatchObject({
      mailAddress: 'nobody@example.jp',
      expireDate: '2026-11-20T12:30:00',
    })
    expect(unknown.headers['set-cookie']).toBeUndefined()

    const mail = ctx().mailer.last()!
    expect(mail.to).toBe('nobody@example.jp')
    expect(mail.subject).toBe('【PuriBox】パスワードの再設定について')
    expect(mail.text).not.toMatch(/\d{6}/)
    expect(mail.text).toContain('http://localhost:3000/web/login/top')

    const { resetId } = unknown.json().entity
    for (const code of ['000000', '123456', '999999']) {
      expect(errorOf(await post(VERIFY_CODE, { resetId, code }))).toEqual([400, 'PASSWORD_RESET_CODE_WRONG'])
    }
    expect(errorOf(await post(verifyLinkUrl(resetId), { token: 'x'.repeat(43) }))).toEqual([
      404,
      'PASSWORD_RESET_NOT_FOUND',
    ])
  })

  it('an account without a password (LINE, X, a carrier) gets the same answer and the "sign in instead" mail', async () => {
    const account = await createAccount(ctx().db, { mailAddress: 'line@example.jp', passwordHash: null })
    const response = await post(REQUEST, { mailAddress: 'line@example.jp' })
    expect(response.statusCode).toBe(200)
    expect(ctx().mailer.last()!.subject).toBe('【PuriBox】パスワードの再設定について')
    const [row] = await ctx().db.select().from(passwordResets)
    expect(row!.accountId).toBeNull()
    const [after] = await ctx().db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(after!.passwordHash).toBeNull()
  })

  it('limits mails: 3 per address in 10 minutes, 10 per client address in an hour', async () => {
    await member()
    for (let i = 0; i < 3; i++) await requestReset('hana@example.jp')
    const fourth = await post(REQUEST, { mailAddress: 'hana@example.jp' })
    expect(errorOf(fourth)).toEqual([429, 'RATE_LIMITED'])
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(600)
    expect(ctx().mailer.sent).toHaveLength(3)
    ctx().clock.advance(10 * MINUTE_MS)
    expect((await post(REQUEST, { mailAddress: 'hana@example.jp' })).statusCode).toBe(200)

    for (let i = 0; i < 10; i++) {
      expect(
        (await post(REQUEST, { mailAddress: `someone${i}@example.jp` }, undefined, '192.0.2.99')).statusCode,
      ).toBe(200)
    }
    const eleventh = await post(REQUEST, { mailAddress: 'someone10@example.jp' }, undefined, '192.0.2.99')
    expect(errorOf(eleventh)).toEqual([429, 'RATE_LIMITED'])
    expect(
      (await post(REQUEST, { mailAddress: 'someone10@example.jp' }, undefined, '192.0.2.100')).statusCode,
    ).toBe(200)
  })

  it('only the browser that entered the code may choose the password', async () => {
    const { account } = await member()
    const { resetId } = await proveByCode('hana@example.jp')
    const stranger = await createSession(ctx().db, ctx().clock)
    for (const cookie of [undefined, stranger.cookie]) {
      const response = await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)
      expect(errorOf(response)).toEqual([409, 'PASSWORD_RESET_INCOMPLETE'])
    }
    // Nor before any code: the request alone proves nothing.
    const { resetId: unproved } = await requestReset('hana@example.jp')
    const early = await post(RESET, { resetId: unproved, password: NEW_PASSWORD }, stranger.cookie)
    expect(errorOf(early)).toEqual([409, 'PASSWORD_RESET_INCOMPLETE'])
    expect(await storedHash(account.id)).toBe(oldHash)
  })

  it('the new password follows the registration rules; a refused one changes nothing and the reset stays usable', async () => {
    const { account, phone } = await member()
    const { resetId, cookie } = await proveByCode('hana@example.jp')
    for (const password of ['short', 'aaaaaaaaaa', 'hana@example.jp', 'x'.repeat(129)]) {
      const response = await post(RESET, { resetId, password }, cookie)
      expect(errorOf(response), password).toEqual([400, 'PASSWORD_INVALID'])
    }
    expect(await storedHash(account.id)).toBe(oldHash)
    expect((await self(phone.cookie)).membershipStatus).toBe('MINI')
    expect((await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)).statusCode).toBe(200)
  })

  it('refuses bad input with typed errors, and sends and writes nothing', async () => {
    for (const mailAddress of ['', 'hana', 'hana@', '@example.jp', 'ha na@example.jp']) {
      expect(errorOf(await post(REQUEST, { mailAddress })), mailAddress).toEqual([
        400,
        'MAIL_ADDRESS_INVALID',
      ])
    }
    expect(errorOf(await post(REQUEST, { mailAddress: 42 }))).toEqual([400, 'VALIDATION_FAILED'])
    expect(ctx().mailer.sent).toHaveLength(0)
    expect(await ctx().db.select().from(passwordResets)).toHaveLength(0)
    for (const resetId of ['not-a-uuid', '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      expect(errorOf(await post(VERIFY_CODE, { resetId, code: '123456' }))).toEqual([
        404,
        'PASSWORD_RESET_NOT_FOUND',
      ])
      expect(errorOf(await post(RESET, { resetId, password: NEW_PASSWORD }))).toEqual([
        404,
        'PASSWORD_RESET_NOT_FOUND',
      ])
    }
  })

  it('an account that changed its address meanwhile is not reset through the old one', async () => {
    const { account } = await member()
    const { resetId, cookie } = await proveByCode('hana@example.jp')
    await ctx()
      .db.update(accounts)
      .set({ mailAddress: 'hana.new@example.jp' })
      .where(eq(accounts.id, account.id))
    const response = await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)
    expect(errorOf(response)).toEqual([404, 'PASSWORD_RESET_NOT_FOUND'])
    expect(await storedHash(account.id)).toBe(oldHash)
  })

  it('a suspended account changes nothing and is not signed in', async () => {
    const { account } = await member('hana@example.jp', { snsPenalty: 'SUSPENSION' })
    const { resetId, cookie } = await proveByCode('hana@example.jp')
    const response = await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)
    expect(errorOf(response)).toEqual([403, 'ACCOUNT_SUSPENDED'])
    expect(await storedHash(account.id)).toBe(oldHash)
    expect((await self(cookie)).membershipStatus).toBe('GUEST')
  })

  it('the new password lifts the slowdown the forgotten one caused', async () => {
    await member()
    for (let i = 0; i < 5; i++)
      await post('/sp//ajax/login/', { mailAddress: 'hana@example.jp', password: 'nope-nope' })
    const slowed = await post('/sp//ajax/login/', { mailAddress: 'hana@example.jp', password: OLD_PASSWORD })
    expect(errorOf(slowed)).toEqual([429, 'RATE_LIMITED'])
    const { resetId, cookie } = await proveByCode('hana@example.jp')
    expect((await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)).statusCode).toBe(200)
    const login = await post('/sp//ajax/login/', { mailAddress: 'hana@example.jp', password: NEW_PASSWORD })
    expect(login.statusCode).toBe(200)
  })

  it('the password changes even when the notice mail cannot be sent', async () => {
    const { account } = await member()
    const { resetId, cookie } = await proveByCode('hana@example.jp')
    const mailer = ctx().mailer
    const send = mailer.send
    mailer.send = async () => {
      throw new Error('SMTP down')
    }
    try {
      const response = await post(RESET, { resetId, password: NEW_PASSWORD }, cookie)
      expect(response.statusCode).toBe(200)
    } finally {
      mailer.send = send
    }
    expect(await verifyPassword(NEW_PASSWORD, await storedHash(account.id))).toBe(true)
  })
})
