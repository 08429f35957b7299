import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createAccount, createSession } from '../../test/factories'
import { useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { mailVerifications } from './auth.schema'
import { hashPassword } from './passwords'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const PASSWORD = 'sakura-purikura-7'
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://puribox.test' }

function sessionCookie(response: LightMyRequestResponse, fallback: string): string {
  const value = response.cookies.find((c) => c.name === 'pbx_session')?.value
  return value ? `pbx_session=${value}` : fallback
}

describe('the registration form without JavaScript', () => {
  const ctx = useTestApp()

  function postForm(body: string, headers: Record<string, string> = FORM, cookie?: string) {
    return ctx().app.inject({
      method: 'POST',
      url: '/sp/account/send_register_mail_from_form',
      headers: { host: 'puribox.test', ...headers, ...(cookie ? { cookie } : {}) },
      payload: body,
    })
  }

  it('sends the mail and redirects to the code step', async () => {
    const response = await postForm('mailAddress=+Hana%40Example.JP+&next=%2Fweb%2Fpreview')
    expect(response.statusCode).toBe(303)
    const location = new URL(response.headers.location as string, 'http://localhost')
    expect(location.pathname).toBe('/sp/account/registerMailSent')
    expect(location.searchParams.get('mailAddress')).toBe('Hana@example.jp')
    expect(location.searchParams.get('next')).toBe('/web/preview')
    const [row] = await ctx().db.select().from(mailVerifications)
    expect(location.searchParams.get('verificationId')).toBe(row!.id)
    expect(ctx().mailer.last()?.to).toBe('Hana@example.jp')
  })

  it('sends a malformed address back to the form with the reason and what was typed', async () => {
    const response = await postForm('mailAddress=hana%40example&next=%2F%2Fevil.example')
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(
      '/sp/account/register_email?error=MAIL_ADDRESS_INVALID&mailAddress=hana%40example',
    )
    expect(await ctx().db.select().from(mailVerifications)).toEqual([])
  })

  it('tells a signed-in member to sign out first', async () => {
    const account = await createAccount(ctx().db)
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    const response = await postForm('mailAddress=hana%40example.jp', FORM, cookie)
    expect(response.headers.location).toContain('error=ALREADY_SIGNED_IN')
    expect(ctx().mailer.sent).toHaveLength(0)
  })

  it.each([
    ['no Origin nor Referer', { 'content-type': FORM['content-type'] }],
    ['another site', { ...FORM, origin: 'https://evil.example' }],
    ['another site by Referer', { 'content-type': FORM['content-type'], referer: 'https://evil.example/x' }],
  ])('refuses a form from %s', async (_, headers) => {
    const response = await postForm('mailAddress=hana%40example.jp', headers)
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('CSRF_REJECTED')
    expect(ctx().mailer.sent).toHaveLength(0)
  })

  it('takes form bodies on this route only', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/sp/2/api/account/mail_address',
      headers: { ...XHR, 'content-type': FORM['content-type'] },
      payload: 'mailAddress=hana%40example.jp',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })
})

describe('validate_email_parameters', () => {
  const ctx = useTestApp()

  function validate(mailAddress: unknown) {
    return ctx().app.inject({
      method: 'POST',
      url: '/sp/account/validate_email_parameters',
      headers: XHR,
      payload: { mailAddress },
    })
  }

  it('answers the address as PuriBox will use it', async () => {
    const response = await validate(' ｈａｎａ@EXAMPLE.jp')
    expect(response.statusCode).toBe(200)
    expect(response.json().entity).toEqual({ mailAddress: 'hana@example.jp' })
  })

  it.each(['hana', 'a@b', '', 'x'.repeat(300)])('refuses %j with a typed error', async (mailAddress) => {
    const response = await validate(mailAddress)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('MAIL_ADDRESS_INVALID')
  })

  it('refuses a wrong type', async () => {
    const response = await validate(['hana@example.jp'])
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
  })
})

describe('a member adds or changes the mail address', () => {
  const ctx = useTestApp()

  function post(url: string, payload: unknown, cookie?: string) {
    return ctx().app.inject({
      method: 'POST',
      url,
      headers: { ...XHR, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    })
  }

  async function memberWith(fields: Partial<typeof accounts.$inferInsert>) {
    const account = await createAccount(ctx().db, fields)
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    return { account, cookie }
  }

  /** Starts the change and enters the mailed code, as the member would. */
  async function prove(mailAddress: string, cookie: string) {
    const started = await post('/sp/2/api/email_verifications/', { mailAddress }, cookie)
    expect(started.statusCode).toBe(200)
    const code = /確認コード\n　(\d{6})/.exec(ctx().mailer.last()!.text)?.[1]
    const verificationId = started.json().entity.verificationId as string
    const verified = await post(
      '/sp/2/api/account/mail_address/verification',
      { verificationId, code },
      cookie,
    )
    expect(verified.statusCode).toBe(200)
    return {
      verificationId,
      passwordRequired: verified.json().entity.passwordRequired as boolean,
      cookie: sessionCookie(verified, cookie),
    }
  }

  it('an account made by LINE gets an address and a password, and can then sign in by mail', async () => {
    const { account, cookie } = await memberWith({ mailAddress: null, passwordHash: null })
    const { verificationId, passwordRequired } = await prove('line-user@example.jp', cookie)
    expect(passwordRequired).toBe(true)

    const noPassword = await post('/sp/2/api/account/mail_address/registration', { verificationId }, cookie)
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json().error.code).toBe('PASSWORD_INVALID')

    const done = await post(
      '/sp/2/api/account/mail_address/registration',
      { verificationId, password: PASSWORD },
      cookie,
    )
    expect(done.statusCode).toBe(200)
    expect(done.json().entity.account).toMatchObject({ id: account.id, mailAddress: 'line-user@example.jp' })

    const login = await post('/sp//ajax/login/', { mailAddress: 'line-user@example.jp', password: PASSWORD })
    expect(login.statusCode).toBe(200)
    expect(login.json().entity.account.id).toBe(account.id)
  })

  it('a member with a password changes the address and keeps the password', async () => {
    const { cookie } = await memberWith({
      mailAddress: 'old@example.jp',
      passwordHash: await hashPassword(PASSWORD),
    })
    const { verificationId, passwordRequired } = await prove('new@example.jp', cookie)
    expect(passwordRequired).toBe(false)
    const done = await post(
      '/sp/2/api/account/mail_address/registration',
      { verificationId, password: 'ignored-because-one-exists' },
      cookie,
    )
    expect(done.json().entity.account.mailAddress).toBe('new@example.jp')
    const oldLogin = await post('/sp//ajax/login/', { mailAddress: 'old@example.jp', password: PASSWORD })
    expect(oldLogin.statusCode).toBe(401)
    const newLogin = await post('/sp//ajax/login/', { mailAddress: 'new@example.jp', password: PASSWORD })
    expect(newLogin.statusCode).toBe(200)
  })

  it('an address another account took meanwhile: MAIL_ADDRESS_TAKEN, nothing changed', async () => {
    const { account, cookie } = await memberWith({ mailAddress: 'mine@example.jp' })
    const { verificationId } = await prove('wanted@example.jp', cookie)
    await createAccount(ctx().db, { mailAddress: 'wanted@example.jp' })
    const response = await post(
      '/sp/2/api/account/mail_address/registration',
      { verificationId, password: PASSWORD },
      cookie,
    )
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('MAIL_ADDRESS_TAKEN')
    const [row] = await ctx().db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(row!.mailAddress).toBe('mine@example.jp')
    const [verification] = await ctx()
      .db.select()
      .from(mailVerifications)
      .where(eq(mailVerifications.id, verificationId))
    expect(verification!.consumedAt).toBeNull()
  })

  it("one member cannot use another member's verification, nor a registration's", async () => {
    const first = await memberWith({ mailAddress: 'first@example.jp' })
    const { verificationId } = await prove('shared@example.jp', first.cookie)
    const second = await memberWith({ mailAddress: 'second@example.jp' })
    const stolen = await post(
      '/sp/2/api/account/mail_address/registration',
      { verificationId },
      second.cookie,
    )
    expect(stolen.json().error.code).toBe('VERIFICATION_INCOMPLETE')

    // A member's verification cannot make a new account either.
    const asGuest = await post('/sp/2/api/account/', { verificationId, password: PASSWORD })
    expect(asGuest.statusCode).toBeGreaterThanOrEqual(400)
    expect(await ctx().db.select().from(accounts)).toHaveLength(2)
  })

  it('guests are asked to sign in', async () => {
    const response = await post('/sp/2/api/email_verifications/', { mailAddress: 'x@example.jp' })
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('UNAUTHENTICATED')
  })
})
