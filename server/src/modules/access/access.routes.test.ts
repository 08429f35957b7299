import { describe, expect, it } from 'vitest'
import { createAccount, createSession } from '../../test/factories'
import { useTestApp } from '../../test/harness'

describe('GET /sp/2/user/access', () => {
  const ctx = useTestApp()
  const access = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    ctx().app.inject({ url: '/sp/2/user/access', ...options })

  it('is wifi in a browser by default', async () => {
    const response = await access({ remoteAddress: '127.0.0.1' })
    expect(response.json()).toEqual({ entity: { carrier: null, client: 'WEB' }, error: null, clock: null })
  })

  it('names the carrier from the client address', async () => {
    expect((await access({ remoteAddress: '2001:db8:a::17' })).json().entity.carrier).toBe('ezweb')
    expect((await access({ remoteAddress: '2001:db8:d:1::2' })).json().entity.carrier).toBe('docomo')
    expect((await access({ remoteAddress: '2001:db8:5::9' })).json().entity.carrier).toBe('softbank')
    expect((await access({ remoteAddress: '2001:db8:b::1' })).json().entity.carrier).toBeNull()
  })

  it('lets testers pick the carrier with X-PuriBox-Carrier outside production, ignoring junk', async () => {
    expect((await access({ headers: { 'x-puribox-carrier': 'docomo' } })).json().entity.carrier).toBe(
      'docomo',
    )
    expect((await access({ headers: { 'x-puribox-carrier': 'willcom' } })).json().entity.carrier).toBeNull()
  })

  it('reports APPLI for the native app user agent', async () => {
    const response = await access({ headers: { 'user-agent': 'Mozilla/5.0 (iPhone) PuriBoxApp/3.2.0' } })
    expect(response.json().entity.client).toBe('APPLI')
  })

  it('remembers ?app=1 in the session for later calls', async () => {
    const page = await ctx().app.inject({ url: '/sp/top/menu?app=1' })
    const cookie = page.cookies.find((c) => c.name === 'pbx_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    const response = await access({ headers: { cookie: `pbx_session=${cookie!.value}` } })
    expect(response.json().entity.client).toBe('APPLI')
  })
})

describe('GET /sp/2/user/access in production', () => {
  const ctx = useTestApp({ production: true })

  it('ignores the carrier override header', async () => {
    const response = await ctx().app.inject({
      url: '/sp/2/user/access',
      headers: { 'x-puribox-carrier': 'ezweb' },
    })
    expect(response.json().entity.carrier).toBeNull()
  })
})

describe('GET /sp/2/account/self', () => {
  const ctx = useTestApp()

  it('answers a guest without a session', async () => {
    const response = await ctx().app.inject({ url: '/sp/2/account/self' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      entity: { account: null, membershipStatus: 'GUEST' },
      error: null,
      clock: null,
    })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('answers a guest for a forged or unknown session cookie', async () => {
    for (const cookie of ['pbx_session=forged', `pbx_session=${'A'.repeat(43)}`]) {
      const response = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
      expect(response.json().entity.membershipStatus).toBe('GUEST')
    }
  })

  it('answers the signed-in account with the spec fields', async () => {
    const account = await createAccount(ctx().db, { membershipStatus: 'PREMIUM', official: true })
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    const response = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
    expect(response.json().entity).toEqual({
      account: {
        id: account.id,
        protected: false,
        canAddOn: false,
        snsPenalty: null,
        snsPenaltyReason: null,
        purigetPenalty: 'GREEN',
        purigetPenaltyReason: null,
        official: true,
        mailAddress: account.mailAddress,
        registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      },
      membershipStatus: 'PREMIUM',
      schoolPremiumUntil: null,
    })
  })

  it('protected: the account has a mail address with a password; canAddOn: as the carrier last said', async () => {
    const self = async (overrides: Parameters<typeof createAccount>[1]) => {
      const account = await createAccount(ctx().db, overrides)
      const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
      return (await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })).json().entity
        .account
    }
    expect(await self({ passwordHash: 'scrypt$stored' })).toMatchObject({ protected: true, canAddOn: false })
    expect(await self({ mailAddress: null, canAddOn: true })).toMatchObject({
      protected: false,
      canAddOn: true,
    })
  })

  it('ends a session left idle for 30 days', async () => {
    const account = await createAccount(ctx().db)
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    ctx().clock.advance(30 * 24 * 60 * 60 * 1000)
    const response = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
    expect(response.json().entity.membershipStatus).toBe('GUEST')
  })
})
