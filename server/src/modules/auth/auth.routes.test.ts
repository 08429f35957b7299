import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createAccount, createSession } from '../../test/factories'
import { postAsBrowser, sessionCookieOf, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { sessions } from '../sessions/sessions.schema'
import { mailVerifications } from './auth.schema'
import { hashPassword } from './passwords'

const PASSWORD = 'sakura-purikura-7'

describe('mail registration and sign-in', () => {
  const ctx = useTestApp()

  const post = (url: string, payload: unknown, cookie?: string, ip = '192.0.2.10') =>
    postAsBrowser(ctx().app, url, payload, { cookie, ip })

  /** Sends the mail and reads the code and the link's token out of it, as a person would. */
  async function sendMail(mailAddress: string) {
    const sent = await post('/sp/2/api/account/mail_address', { mailAddress })
    expect(sent.statusCode).toBe(200)
    const mail = ctx().mailer.last()!
    const code = /確認コード\n　(\d{6})/.exec(mail.text)?.[1]
    const link = /(http\S+registerMailSent\S+)/.exec(mail.text)?.[1]
    return { sent, mail, code, link, verificationId: sent.json().entity.verificationId as string }
  }

  async function registerFully(mailAddress = 'hana@example.jp') {
    const { verificationId, code } = await sendMail(mailAddress)
    const verified = await post('/sp/2/api/account/mail_address/verification', { verificationId, code })
    const cookie = sessionCookieOf(verified)
    const registered = await post('/sp/2/api/account/', { verificationId, password: PASSWORD }, cookie)
    return { registered, verifiedCookie: cookie }
  }

  it('mail → code → password: a MINI account, signed in on a new session id', async () => {
    const { sent, mail, code, link } = await sendMail('  Hana@Example.JP ')
    expect(sent.json().entity).toMatchObject({
      mailAddress: 'Hana@example.jp',
      expireDate: '2026-11-20T12:30:00',
    })
    expect(mail.to).toBe('Hana@example.jp')
    expect(mail.subject).toBe(`【PuriBox】確認コード ${code}`)
    expect(mail.text).toContain('有効期限：11月20日 12:30まで（30分間）')
    expect(link).toMatch(
      /^http:\/\/localhost:3000\/sp\/account\/registerMailSent\?verificationId=[0-9a-f-]{36}&token=/,
    )

    const verificationId = sent.json().entity.verificationId
    // Full-width digits, as a Japanese keyboard may type them, are fine.
    const fullWidth = code!.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))
    const verified = await post('/sp/2/api/account/mail_address/verification', {
      verificationId,
      code: fullWidth,
    })
    expect(verified.statusCode).toBe(200)
    expect(verified.json().entity).toEqual({
      verificationId,
      mailAddress: 'Hana@example.jp',
      passwordRequired: true,
    })
    const cookie = sessionCookieOf(verified)

    const registered = await post('/sp/2/api/account/', { verificationId, password: PASSWORD }, cookie)
    expect(registered.statusCode).toBe(201)
    expect(registered.json().entity).toMatchObject({
      membershipStatus: 'MINI',
      account: { mailAddress: 'Hana@example.jp', official: false, registeredAt: '2026-11-20T12:00:00' },
    })
    const signedIn = sessionCookieOf(registered)
    expect(signedIn).not.toBe(cookie)
    const self = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie: signedIn } })
    expect(self.json().entity.membershipStatus).toBe('MINI')
    // The session that proved the address is gone: its id, planted or not, is worth nothing now.
    const old = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
    expect(old.json().entity.membershipStatus).toBe('GUEST')

    const [account] = await ctx().db.select().from(accounts)
    expect(account!.passwordHash).toMatch(/^scrypt\$/)
    expect(account!.passwordHash).not.toContain(PASSWORD)
  })

  it('the link in the mail proves the address too, for the browser that opens it', async () => {
    const { link } = await sendMail('link@example.jp')
    const url = new URL(link!)
    const id = url.searchParams.get('verificationId')!
    const token = url.searchParams.get('token')!
    const verified = await post(`/sp/2/api/email_verifications/${id}/verified/`, { token })
    expect(verified.statusCode).toBe(200)
    const registered = await post(
      '/sp/2/api/account/',
      { verificationId: id, password: PASSWORD },
      sessionCookieOf(verified),
    )
    expect(registered.statusCode).toBe(201)

    const replayed = await post(`/sp/2/api/email_verifications/${id}/verified/`, { token })
    expect(replayed.statusCode).toBe(410)
    expect(replayed.json().error.code).toBe('VERIFICATION_EXPIRED')
  })

  it("the mail's link carries where the person was going (a seal to save), and nothing off-site", async () => {
    const linkFor = async (mailAddress: string, next: string) => {
      expect((await post('/sp/2/api/account/mail_address', { mailAddress, next })).statusCode).toBe(200)
      return new URL(/(http\S+registerMailSent\S+)/.exec(ctx().mailer.last()!.text)![1]!)
    }
    const saving = await linkFor('seal@example.jp', '/web/mypage?sealId=ABCDE12345&from=inputSealId')
    expect(saving.searchParams.get('next')).toBe('/web/mypage?sealId=ABCDE12345&from=inputSealId')
    expect(saving.searchParams.get('token')).toBeTruthy()
    for (const [i, hostile] of ['//evil.example/', 'https://evil.example/sp/', '/\\evil.example'].entries()) {
      const link = await linkFor(`evil${i}@example.jp`, hostile)
      expect(link.searchParams.has('next'), hostile).toBe(false)
    }

    // The form without JavaScript does the same.
    const form = await ctx().app.inject({
      method: 'POST',
      url: '/sp/account/send_register_mail_from_form',
      headers: {
        host: 'puribox.test',
        origin: 'http://puribox.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `mailAddress=form%40example.jp&next=${encodeURIComponent('/web/preview?sealId=ABCDE12345')}`,
    })
    expect(form.statusCode).toBe(303)
    const formLink = new URL(/(http\S+registerMailSent\S+)/.exec(ctx().mailer.last()!.text)![1]!)
    expect(formLink.searchParams.get('next')).toBe('/web/preview?sealId=ABCDE12345')
  })

  it('refuses bad input with typed errors and writes nothing', async () => {
    for (const mailAddress of [
      '',
      'hana',
      'hana@',
      '@example.jp',
      'a@b',
      'ha na@example.jp',
      `${'x'.repeat(250)}@example.jp`,
    ]) {
      const response = await post('/sp/2/api/account/mail_address', { mailAddress })
      expect(response.statusCode, mailAddress).toBe(400)
      expect(response.json().error.code).toBe('MAIL_ADDRESS_INVALID')
    }
    const wrongType = await post('/sp/2/api/account/mail_address', { mailAddress: 42 })
    expect(wrongType.json().error.code).toBe('VALIDATION_FAILED')
    expect(ctx().mailer.sent).toHaveLength(0)
    expect(await ctx().db.select().from(mailVerifications)).toHaveLength(0)

    const unknown = await post('/sp/2/api/account/mail_address/verification', {
      verificationId: 'not-a-uuid',
      code: '123456',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('VERIFICATION_NOT_FOUND')
  })

  it('wrong codes count: the fifth kills the verification, even for the right code after it', async () => {
    const { verificationId, code } = await sendMail('guess@example.jp')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) {
      const response = await post('/sp/2/api/account/mail_address/verification', {
        verificationId,
        code: wrong,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'VERIFICATION_CODE_WRONG',
        message: expect.stringContaining(`${5 - i} tries left`),
      })
    }
    const fifth = await post('/sp/2/api/account/mail_address/verification', { verificationId, code: wrong })
    expect(fifth.json().error.code).toBe('VERIFICATION_EXPIRED')
    const right = await post('/sp/2/api/account/mail_address/verification', { verificationId, code })
    expect(right.json().error.code).toBe('VERIFICATION_EXPIRED')
  })

  it('codes expire after 30 minutes', async () => {
    const { verificationId, code } = await sendMail('late@example.jp')
    ctx().clock.advance(30 * 60_000)
    const response = await post('/sp/2/api/account/mail_address/verification', { verificationId, code })
    expect(response.statusCode).toBe(410)
    expect(response.json().error.code).toBe('VERIFICATION_EXPIRED')
  })

  it('only the browser that proved the address may choose the password', async () => {
    const { verificationId, code } = await sendMail('thief@example.jp')
    await post('/sp/2/api/account/mail_address/verification', { verificationId, code })
    const stranger = await post('/sp/2/api/account/', { verificationId, password: PASSWORD })
    expect(stranger.statusCode).toBe(409)
    expect(stranger.json().error.code).toBe('VERIFICATION_INCOMPLETE')
    expect(await ctx().db.select().from(accounts)).toHaveLength(0)
  })

  it('refuses weak passwords and keeps the verification for another try', async () => {
    const { verificationId, code } = await sendMail('weak@example.jp')
    const cookie = sessionCookieOf(
      await post('/sp/2/api/account/mail_address/verification', { verificationId, code }),
    )
    for (const password of ['short', 'aaaaaaaaaa', 'weak@example.jp', 'x'.repeat(129)]) {
      const response = await post('/sp/2/api/account/', { verificationId, password }, cookie)
      expect(response.statusCode, password).toBe(400)
      expect(response.json().error.code).toBe('PASSWORD_INVALID')
    }
    expect(await ctx().db.select().from(accounts)).toHaveLength(0)
    const good = await post('/sp/2/api/account/', { verificationId, password: PASSWORD }, cookie)
    expect(good.statusCode).toBe(201)
  })

  it('an address with an account gets a "you are registered" mail, and the caller learns nothing', async () => {
    await createAccount(ctx().db, { mailAddress: 'taken@example.jp' })
    const { sent, mail, code } = await sendMail('taken@example.jp')
    expect(sent.statusCode).toBe(200)
    expect(sent.json().entity.mailAddress).toBe('taken@example.jp')
    expect(mail.subject).toBe('【PuriBox】このメールアドレスは登録済みです')
    expect(mail.text).toContain('http://localhost:3000/web/login/top')
    expect(code).toBeUndefined()
  })

  it('limits verification mails per address', async () => {
    for (let i = 0; i < 3; i++) await sendMail('spam@example.jp')
    const fourth = await post('/sp/2/api/account/mail_address', { mailAddress: 'spam@example.jp' })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().error.code).toBe('RATE_LIMITED')
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0)
    expect(ctx().mailer.sent).toHaveLength(3)
    ctx().clock.advance(10 * 60_000)
    expect(
      (await post('/sp/2/api/account/mail_address', { mailAddress: 'spam@example.jp' })).statusCode,
    ).toBe(200)
  })

  it('signed-in members cannot register again', async () => {
    const { registered } = await registerFully()
    const again = await post(
      '/sp/2/api/account/mail_address',
      { mailAddress: 'two@example.jp' },
      sessionCookieOf(registered),
    )
    expect(again.statusCode).toBe(403)
    expect(again.json().error.code).toBe('ALREADY_SIGNED_IN')
  })

  describe('sign-in (POST /sp//ajax/login/)', () => {
    async function member(mailAddress = 'mio@example.jp', overrides = {}) {
      return createAccount(ctx().db, {
        mailAddress,
        passwordHash: await hashPassword(PASSWORD),
        ...overrides,
      })
    }

    it('signs in with the account status as entity and a fresh session cookie', async () => {
      await member()
      const response = await post('/sp//ajax/login/', {
        // The domain of an address is case-blind, as typed on a phone.
        mailAddress: 'mio@EXAMPLE.JP',
        password: PASSWORD,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        entity: { membershipStatus: 'MINI', account: { mailAddress: 'mio@example.jp' } },
        error: null,
      })
      const cookie = response.cookies.find((c) => c.name === 'pbx_session')!
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
      const self = await ctx().app.inject({
        url: '/sp/2/account/self',
        headers: { cookie: sessionCookieOf(response) },
      })
      expect(self.json().entity.account.mailAddress).toBe('mio@example.jp')
    })

    it('answers unknown address and wrong password the same way', async () => {
      await member()
      const wrong = await post('/sp//ajax/login/', {
        mailAddress: 'mio@example.jp',
        password: 'not-the-password',
      })
      const unknown = await post('/sp//ajax/login/', { mailAddress: 'nobody@example.jp', password: PASSWORD })
      const malformed = await post('/sp//ajax/login/', { mailAddress: 'nobody', password: PASSWORD })
      for (const response of [wrong, unknown, malformed]) {
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ entity: null, error: { code: 'LOGIN_FAILED' } })
        expect(response.cookies.find((c) => c.name === 'pbx_session')).toBeUndefined()
      }
      expect(wrong.json().error.message).toBe(unknown.json().error.message)
    })

    it('rotates the session: the cookie from before sign-in is worthless after it, the native-app flag carries over', async () => {
      await member()
      const { session: guest, cookie } = await createSession(ctx().db, ctx().clock, { nativeApp: true })
      const response = await post(
        '/sp//ajax/login/',
        { mailAddress: 'mio@example.jp', password: PASSWORD },
        cookie,
      )
      expect(sessionCookieOf(response)).not.toBe(cookie)
      const rows = await ctx().db.select().from(sessions)
      expect(rows.map((row) => row.idHash)).not.toContain(guest.idHash)
      expect(rows[0]).toMatchObject({ nativeApp: true })
    })

    const LOGIN = '/sp//ajax/login/'
    const deviceCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => {
      const given = response.cookies.find((c) => c.name === 'pbx_device')
      return given ? `pbx_device=${given.value}` : undefined
    }

    it('gives the browser a device cookie with a right password: HttpOnly, SameSite=Strict, a year, kept on the next sign-in', async () => {
      await member()
      const wrong = await post(LOGIN, { mailAddress: 'mio@example.jp', password: 'nope-nope' })
      expect(deviceCookieOf(wrong)).toBeUndefined()
      const first = await post(LOGIN, { mailAddress: 'mio@example.jp', password: PASSWORD })
      const given = first.cookies.find((c) => c.name === 'pbx_device')!
      expect(given).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 365 * 24 * 3600 })
      expect(given.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const again = await post(
        LOGIN,
        { mailAddress: 'mio@example.jp', password: PASSWORD },
        deviceCookieOf(first),
      )
      expect(deviceCookieOf(again)).toBe(deviceCookieOf(first))
      // Something else in the cookie is no token: a new one replaces it.
      const forged = await post(LOGIN, { mailAddress: 'mio@example.jp', password: PASSWORD }, 'pbx_device=x')
      expect(deviceCookieOf(forged)).not.toBe('pbx_device=x')
    })

    it("after 100 wrong tries from other addresses the owner's phone signs in at once; the attacker stays limited", async () => {
      await member()
      const phone = deviceCookieOf(await post(LOGIN, { mailAddress: 'mio@example.jp', password: PASSWORD }))!
      const answers: number[] = []
      for (let i = 0; i < 100; i++) {
        const ip = `203.0.113.${i % 50}`
        answers.push(
          (await post(LOGIN, { mailAddress: 'mio@example.jp', password: `guess-${i}` }, undefined, ip))
            .statusCode,
        )
        ctx().clock.advance(1000)
      }
      // The attacker got a few tries, then mostly 429s: paced to one try per 20 seconds for the account.
      expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(20)
      expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(80)
      // Even the right password from a stranger's client waits its turn.
      const stranger = await post(
        LOGIN,
        { mailAddress: 'mio@example.jp', password: PASSWORD },
        undefined,
        '203.0.113.200',
      )
      ctx().clock.advance(1000)
      const paced = await post(
        LOGIN,
        { mailAddress: 'mio@example.jp', password: PASSWORD },
        undefined,
        '203.0.113.201',
      )
      expect([stranger.statusCode, paced.statusCode]).toContain(429)

      // The owner's phone, behind one of the attacker's addresses, gets in at once.
      const owner = await post(
        LOGIN,
        { mailAddress: 'mio@example.jp', password: PASSWORD },
        phone,
        '203.0.113.7',
      )
      expect(owner.statusCode, owner.body).toBe(200)
    })

    it('slows a client the account does not know, per address and per account, never for longer than its window', async () => {
      await member()
      const attempt = (password: string, ip: string, cookie?: string) =>
        post(LOGIN, { mailAddress: 'mio@example.jp', password }, cookie, ip)
      for (let i = 0; i < 5; i++) expect((await attempt('nope-nope', '192.0.2.20')).statusCode).toBe(401)
      // This address is held for the account; the owner's new phone elsewhere is not.
      const here = await attempt(PASSWORD, '192.0.2.20')
      expect(here.statusCode).toBe(429)
      expect(Number(here.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)
      expect((await attempt(PASSWORD, '192.0.2.21')).statusCode).toBe(200)
      // 15 minutes on, the first address may try again.
      ctx().clock.advance(15 * 60_000)
      expect((await attempt(PASSWORD, '192.0.2.20')).statusCode).toBe(200)
    })

    it('a known browser that keeps failing is treated like any other client', async () => {
      await member()
      const phone = deviceCookieOf(await post(LOGIN, { mailAddress: 'mio@example.jp', password: PASSWORD }))!
      for (let i = 0; i < 10; i++) {
        const ip = `198.51.100.${i}`
        expect(
          (await post(LOGIN, { mailAddress: 'mio@example.jp', password: 'nope' }, phone, ip)).statusCode,
        ).toBe(401)
      }
      // Its own ten failures are spent: it now counts as an unknown client on this address.
      for (let i = 0; i < 5; i++)
        await post(LOGIN, { mailAddress: 'mio@example.jp', password: 'nope' }, phone)
      expect(
        (await post(LOGIN, { mailAddress: 'mio@example.jp', password: PASSWORD }, phone)).statusCode,
      ).toBe(429)
      // A device cookie of another account is no key to this one.
      await member('rin@example.jp')
      const rins = deviceCookieOf(
        await post(LOGIN, { mailAddress: 'rin@example.jp', password: PASSWORD }, undefined, '198.51.100.99'),
      )!
      for (let i = 0; i < 5; i++)
        await post(LOGIN, { mailAddress: 'mio@example.jp', password: 'nope' }, rins, '198.51.100.98')
      expect(
        (await post(LOGIN, { mailAddress: 'mio@example.jp', password: PASSWORD }, rins, '198.51.100.98'))
          .statusCode,
      ).toBe(429)
    })

    it('limits attempts per client address', async () => {
      const attempt = (mailAddress: string, ip: string) =>
        post('/sp//ajax/login/', { mailAddress, password: 'whatever1' }, undefined, ip)
      for (let i = 0; i < 30; i++) await attempt(`u${i}@example.jp`, '198.51.100.7')
      expect((await attempt('x@example.jp', '198.51.100.7')).statusCode).toBe(429)
      expect((await attempt('x@example.jp', '198.51.100.8')).statusCode).toBe(401)
    })

    it('a suspended account cannot sign in', async () => {
      await member('bad@example.jp', { snsPenalty: 'SUSPENSION' })
      const response = await post('/sp//ajax/login/', { mailAddress: 'bad@example.jp', password: PASSWORD })
      expect(response.statusCode).toBe(403)
      expect(response.json().error.code).toBe('ACCOUNT_SUSPENDED')
    })

    it('signs out: the session ends and the cookie is cleared', async () => {
      await member()
      const cookie = sessionCookieOf(
        await post('/sp//ajax/login/', { mailAddress: 'mio@example.jp', password: PASSWORD }),
      )
      const out = await post('/sp/2/account/logout', {}, cookie)
      expect(out.statusCode).toBe(200)
      expect(out.json().entity.membershipStatus).toBe('GUEST')
      expect(out.cookies.find((c) => c.name === 'pbx_session')?.value).toBe('')
      const self = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
      expect(self.json().entity.membershipStatus).toBe('GUEST')
      expect(await ctx().db.select().from(sessions)).toHaveLength(0)
    })

    it("a deleted account's session is a guest's", async () => {
      const account = await member()
      const cookie = sessionCookieOf(
        await post('/sp//ajax/login/', { mailAddress: 'mio@example.jp', password: PASSWORD }),
      )
      await ctx().db.delete(accounts).where(eq(accounts.id, account.id))
      const self = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
      expect(self.json().entity).toEqual({ account: null, membershipStatus: 'GUEST' })
    })
  })
})
