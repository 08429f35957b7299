import { describe, expect, it } from 'vitest'
import { createAccount } from '../../test/factories'
import { sessionCookieOf, useTestApp } from '../../test/harness'
import { hashPassword } from '../auth/passwords'

const PASSWORD = 'sakura-purikura-7'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SH-M26) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
const HOUR = 60 * 60 * 1000

describe("a member's sessions: where they are signed in, and signing out everywhere", () => {
  const ctx = useTestApp()

  async function signInOn(userAgent: string) {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/sp//ajax/login/',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'user-agent': userAgent },
      payload: { mailAddress: 'mio@example.jp', password: PASSWORD },
    })
    expect(response.statusCode, response.body).toBe(200)
    return sessionCookieOf(response)
  }

  const list = (cookie?: string) =>
    ctx().app.inject({ url: '/sp/2/account/sessions', headers: cookie ? { cookie } : {} })
  const self = async (cookie: string) =>
    (await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })).json().entity
      .membershipStatus

  it('lists each session with its device, the newest use first, marking this one', async () => {
    await createAccount(ctx().db, {
      mailAddress: 'mio@example.jp',
      passwordHash: await hashPassword(PASSWORD),
    })
    const phone = await signInOn(IPHONE)
    ctx().clock.advance(2 * HOUR)
    const other = await signInOn(ANDROID)

    const answer = await list(phone)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('private, no-store')
    const { sessions } = answer.json().entity
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        device: 'Android・Chrome',
        signedInAt: '2026-11-20T14:00:00',
        lastUsedAt: '2026-11-20T14:00:00',
        current: false,
      },
      {
        id: expect.any(String),
        device: 'iPhone・Safari',
        signedInAt: '2026-11-20T12:00:00',
        // In use now: this very request.
        lastUsedAt: '2026-11-20T14:00:00',
        current: true,
      },
    ])
    // The ids stand for the sessions in this list only: no cookie and no stored hash in them.
    const text = answer.body
    expect(text).not.toContain(phone.split('=')[1])
    expect(text).not.toContain(other.split('=')[1])
  })

  it('leaves out a session that has ended', async () => {
    await createAccount(ctx().db, {
      mailAddress: 'mio@example.jp',
      passwordHash: await hashPassword(PASSWORD),
    })
    await signInOn(ANDROID)
    // Unused for 30 days, that one has ended; a new sign-in is all there is.
    ctx().clock.advance(31 * 24 * HOUR)
    const phone = await signInOn(IPHONE)
    expect((await list(phone)).json().entity.sessions.map((s: { device: string }) => s.device)).toEqual([
      'iPhone・Safari',
    ])
  })

  it('signs out everywhere: every session ends, this one included', async () => {
    await createAccount(ctx().db, {
      mailAddress: 'mio@example.jp',
      passwordHash: await hashPassword(PASSWORD),
    })
    const phone = await signInOn(IPHONE)
    const other = await signInOn(ANDROID)
    const out = await ctx().app.inject({
      method: 'POST',
      url: '/sp/2/account/sessions/logout',
      headers: { cookie: phone, 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(out.statusCode, out.body).toBe(200)
    expect(out.json().entity).toEqual({ account: null, membershipStatus: 'GUEST' })
    expect(out.cookies.find((c) => c.name === 'pbx_session')?.value).toBe('')
    expect(await self(phone)).toBe('GUEST')
    expect(await self(other)).toBe('GUEST')
  })

  it('is for members: a guest is told to sign in, and cannot sign anyone out', async () => {
    expect((await list()).json().error.code).toBe('UNAUTHENTICATED')
    const out = await ctx().app.inject({
      method: 'POST',
      url: '/sp/2/account/sessions/logout',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(out.statusCode).toBe(401)
  })
})
