import type { ExternalProvider } from '@puribox/contract/external-auth'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Browser, createBrowser, type Navigation } from '../../test/browser'
import { createAccount, createSession } from '../../test/factories'
import { useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { penaltyDecisions } from '../penalties/penalties.schema'
import { sessions } from '../sessions/sessions.schema'
import { externalAuthFlows, externalIdentities } from './external-auth.schema'

/** Pages a flow ends on (built elsewhere): the browser stops before them. */
const LANDINGS = ['/sp/2/cookie/', '/web/', '/sp/setting/', '/sp/top/']
const landed = (url: URL) => LANDINGS.some((path) => url.pathname.startsWith(path))
const atIssuer = (url: URL) => url.pathname === '/_sandbox/auth/auth'
const atCallback = (url: URL) => url.pathname === '/sp/2/auth/callback'
const where = (navigation: Navigation) => `${navigation.url.pathname}${navigation.url.search}`
const failure = (reason: string) => `/web/login/fail?reason=${reason}`

function formAction(html: string, step: 'login' | 'abort'): string {
  const action = new RegExp(`<form method="post" action="([^"]+/${step})">`).exec(html)?.[1]
  if (!action) throw new Error(`no ${step} form on the page`)
  return action
}

describe('external sign-in through the sandbox auth service', () => {
  const ctx = useTestApp()

  function browser(cookies: Record<string, string> = {}, ip = '192.0.2.40'): Browser {
    return createBrowser(() => ctx().app, { cookies, ip })
  }

  async function member(overrides: Parameters<typeof createAccount>[1] = {}) {
    const account = await createAccount(ctx().db, overrides)
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    return { account, browser: browser({ pbx_session: cookie.split('=')[1]! }) }
  }

  async function link(provider: ExternalProvider, subject: string, accountId: string) {
    await ctx().db.insert(externalIdentities).values({ provider, subject, accountId, linkedAt: new Date() })
  }

  /** Opens `path`, which must lead to the sandbox's sign-in page (showing only `provider`). */
  async function signInPage(b: Browser, path: string, provider: ExternalProvider) {
    const page = await b.open(path, landed)
    expect(page.response.statusCode, where(page)).toBe(200)
    expect(page.url.pathname).toMatch(/^\/_sandbox\/auth\/interaction\/[\w-]+$/)
    expect(page.response.body).toContain('ログインするアカウントを選んでください')
    const offered = [...page.response.body.matchAll(/name="provider" value="(\w+)"/g)].map((m) => m[1])
    expect(offered).toEqual([provider])
    return page
  }

  /** The whole dance: start at `path`, pick `person` at `provider`, end where PuriBox sends the browser. */
  async function pick(
    b: Browser,
    path: string,
    provider: ExternalProvider,
    person: string,
    until: (url: URL) => boolean = landed,
  ) {
    const page = await signInPage(b, path, provider)
    return b.submit(formAction(page.response.body, 'login'), { provider, person }, until)
  }

  async function cancel(b: Browser, path: string, provider: ExternalProvider) {
    const page = await signInPage(b, path, provider)
    return b.submit(formAction(page.response.body, 'abort'), {}, landed)
  }

  async function accountOf(b: Browser): Promise<string | null> {
    const self = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie: b.cookieHeader() } })
    return self.json().entity.account?.id ?? null
  }

  const identities = () => ctx().db.select().from(externalIdentities)
  const flows = () => ctx().db.select().from(externalAuthFlows)

  it('LINE: an identity linked to an account signs that account in, on a new session id', async () => {
    const account = await createAccount(ctx().db)
    await link('line', 'line-sakura', account.id)
    const b = browser()
    const page = await signInPage(
      b,
      '/sp/2/login/line/puriboxauth?next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345',
      'line',
    )
    const guestSession = b.cookie('pbx_session')
    expect(guestSession).toBeDefined()
    const done = await b.submit(
      formAction(page.response.body, 'login'),
      { provider: 'line', person: 'sakura' },
      landed,
    )

    expect(where(done)).toBe('/sp/2/cookie/afterLogin?next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345&method=line')
    expect(await accountOf(b)).toBe(account.id)
    expect(b.cookie('pbx_session')).not.toBe(guestSession)
    // The guest session that started the flow is gone, and the flow with it: used once.
    expect(await ctx().db.select().from(sessions)).toHaveLength(1)
    expect(await flows()).toHaveLength(0)
    // The browser goes only to the issuer and back (the code is redeemed server to server).
    const uid = page.url.pathname.split('/').at(-1)
    expect(done.visited.map((url) => url.pathname)).toEqual([
      `/_sandbox/auth/interaction/${uid}/login`,
      `/_sandbox/auth/auth/${uid}`,
      '/sp/2/auth/callback',
      '/sp/2/cookie/afterLogin',
    ])
  })

  it('LINE registration: a new free member, without mail address or password, signed in', async () => {
    const b = browser()
    const done = await pick(
      b,
      '/sp/2/account/registration/line/puriboxauth?redirectUri=%2Fweb%2Fmypage',
      'line',
      'new',
    )
    expect(where(done)).toBe('/sp/2/cookie/afterRegister?next=%2Fweb%2Fmypage&method=line')
    const [account] = await ctx().db.select().from(accounts)
    expect(account).toMatchObject({
      premiumUntil: null,
      mailAddress: null,
      passwordHash: null,
      official: false,
    })
    const [identity] = await identities()
    expect(identity).toMatchObject({ provider: 'line', accountId: account!.id })
    expect(identity!.subject).toMatch(/^line-new-[0-9a-f]{12}$/)
    expect(await accountOf(b)).toBe(account!.id)

    // Without redirectUri it ends on my page; an identity with an account signs in instead.
    const again = await pick(browser(), '/sp/2/account/registration/line/puriboxauth', 'line', 'sakura')
    expect(where(again)).toBe(
      '/sp/2/cookie/afterRegister?next=%2Fsp%2F2%2Fmypage%2F%23%2Fpuri%2Fnew&method=line',
    )
    const once = await pick(browser(), '/sp/2/account/registration/line/puriboxauth', 'line', 'sakura')
    expect(where(once)).toBe('/sp/2/cookie/afterLogin?next=%2Fsp%2F2%2Fmypage%2F%23%2Fpuri%2Fnew&method=line')
    expect(await ctx().db.select().from(accounts)).toHaveLength(2)
  })

  it('Twitter and each carrier: the first sign-in registers, the next signs in to the same account', async () => {
    const cases: [string, ExternalProvider][] = [
      ['/sp/2/login/twitter/puriboxauth', 'twitter'],
      ['/sp/account/carrier_auth?carrier=au', 'au'],
      ['/sp/account/carrier_auth?carrier=docomo', 'docomo'],
      ['/sp/account/carrier_auth?carrier=softbank', 'softbank'],
    ]
    for (const [path, provider] of cases) {
      const method = provider === 'twitter' ? 'twitter' : 'carrier'
      const first = browser()
      expect(where(await pick(first, path, provider, 'hinata')), provider).toBe(
        `/sp/2/cookie/afterRegister?next=%2Fsp%2F2%2Fmypage%2F%23%2Fpuri%2Fnew&method=${method}`,
      )
      const second = browser()
      expect(
        where(
          await pick(
            second,
            `${path}${path.includes('?') ? '&' : '?'}next=%2Fsp%2Fsetting%2Fuserinfo`,
            provider,
            'hinata',
          ),
        ),
      ).toBe(`/sp/2/cookie/afterLogin?next=%2Fsp%2Fsetting%2Fuserinfo&method=${method}`)
      expect(await accountOf(second)).toBe(await accountOf(first))
    }
    const rows = await identities()
    expect(rows.map((row) => `${row.provider}:${row.subject}`).sort()).toEqual([
      'au:au-hinata',
      'docomo:docomo-hinata',
      'softbank:softbank-hinata',
      'twitter:twitter-hinata',
    ])
    // The same person at two services is two identities, two accounts.
    expect(new Set(rows.map((row) => row.accountId)).size).toBe(4)
  })

  it('an au or docomo sign-in writes whether the line may take the add-on plan, as the carrier says each time', async () => {
    const statusOf = async (b: Browser) =>
      (await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie: b.cookieHeader() } })).json()
        .entity.account
    const canAddOn = async (provider: ExternalProvider, person: string) => {
      const b = browser()
      await pick(b, `/sp/account/carrier_auth?carrier=${provider}`, provider, person)
      return (await statusOf(b)).canAddOn as boolean
    }
    // The sandbox's carriers say yes for sakura's and momo's au and docomo lines, no for hinata's.
    expect(await canAddOn('au', 'sakura')).toBe(true)
    expect(await canAddOn('docomo', 'momo')).toBe(true)
    expect(await canAddOn('au', 'hinata')).toBe(false)
    // softbank has no add-on plan.
    expect(await canAddOn('softbank', 'sakura')).toBe(false)

    // A line that stopped qualifying loses it at its next sign-in; LINE and Twitter leave it alone.
    const { account } = await member({ canAddOn: true })
    await link('docomo', 'docomo-hinata', account.id)
    await link('line', 'line-momo', account.id)
    const byLine = browser()
    await pick(byLine, '/sp/2/login/line/puriboxauth', 'line', 'momo')
    expect(await statusOf(byLine)).toMatchObject({ id: account.id, canAddOn: true })
    expect(await canAddOn('docomo', 'hinata')).toBe(false)
  })

  it('links LINE to a member signed in by a carrier; either then signs in to the same account', async () => {
    const b = browser()
    await pick(b, '/sp/account/carrier_auth?carrier=au', 'au', 'momo')
    const accountId = await accountOf(b)
    expect(accountId).not.toBeNull()

    const linked = await pick(
      b,
      '/sp/2/link/line/puriboxauth?acp=%2Fsp%2Fsetting%2Fsetting&alp=%2Fsp%2Fsetting%2Fsetting%3Ftab%3D1',
      'line',
      'hinata',
    )
    expect(where(linked)).toBe('/sp/setting/setting?linked=line')
    expect(await accountOf(b)).toBe(accountId)

    const listed = await ctx().app.inject({
      url: '/sp/2/account/identities',
      headers: { cookie: b.cookieHeader() },
    })
    expect(listed.statusCode).toBe(200)
    expect(listed.json().entity).toEqual({
      identities: [
        { provider: 'au', linkedAt: '2026-11-20T12:00:00' },
        { provider: 'line', linkedAt: '2026-11-20T12:00:00' },
      ],
      lineRecommendationDeclined: false,
    })
    expect(listed.body).not.toContain('hinata')

    const byLine = browser()
    expect(where(await pick(byLine, '/sp/2/login/line/puriboxauth', 'line', 'hinata'))).toBe(
      '/sp/2/cookie/afterLogin?next=%2Fsp%2F2%2Fmypage%2F%23%2Fpuri%2Fnew&method=line',
    )
    expect(await accountOf(byLine)).toBe(accountId)
    const byAu = browser()
    await pick(byAu, '/sp/account/carrier_auth?carrier=au', 'au', 'momo')
    expect(await accountOf(byAu)).toBe(accountId)
  })

  it('refuses an identity linked to another account (IDENTITY_TAKEN), changing nothing', async () => {
    const owner = await createAccount(ctx().db)
    await link('line', 'line-sakura', owner.id)
    const { account, browser: b } = await member()
    const done = await pick(
      b,
      '/sp/2/link/line/puriboxauth?acp=%2Fsp%2Fsetting%2Fsetting&alp=%2Fsp%2Fsetting%2Fsetting%23line',
      'line',
      'sakura',
    )
    expect(where(done) + done.url.hash).toBe('/sp/setting/setting?reason=IDENTITY_TAKEN#line')
    expect(await identities()).toEqual([
      expect.objectContaining({ subject: 'line-sakura', accountId: owner.id }),
    ])
    // Still signed in as themself.
    expect(await accountOf(b)).toBe(account.id)
  })

  it('keeps one LINE per account: linking another is PROVIDER_ALREADY_LINKED, switching replaces it', async () => {
    const { account, browser: b } = await member()
    await link('line', 'line-hinata', account.id)
    await link('twitter', 'twitter-hinata', account.id)

    const again = await pick(b, '/sp/2/link/line/puriboxauth', 'line', 'momo')
    expect(where(again)).toBe('/sp/setting/setting?reason=PROVIDER_ALREADY_LINKED')
    // The same LINE again is no change, and no error.
    expect(where(await pick(b, '/sp/2/link/line/puriboxauth', 'line', 'hinata'))).toBe(
      '/sp/setting/setting?linked=line',
    )

    const switched = await pick(
      b,
      '/sp/2/link/line/switch_start/puriboxauth?acp=%2Fweb%2Fdone',
      'line',
      'momo',
    )
    expect(where(switched)).toBe('/web/done?linked=line')
    const rows = await identities()
    expect(rows.map((row) => row.subject).sort()).toEqual(['line-momo', 'twitter-hinata'])
    expect(rows.every((row) => row.accountId === account.id)).toBe(true)

    // Switching to a LINE someone else has is refused, and the current one stays.
    const other = await createAccount(ctx().db)
    await link('line', 'line-sakura', other.id)
    const taken = await pick(b, '/sp/2/link/line/switch_start/puriboxauth', 'line', 'sakura')
    expect(where(taken)).toBe('/sp/setting/setting?reason=IDENTITY_TAKEN')
    expect(
      (await identities())
        .filter((row) => row.accountId === account.id)
        .map((row) => row.subject)
        .sort(),
    ).toEqual(['line-momo', 'twitter-hinata'])
  })

  it('a suspended account cannot sign in, nor link (ACCOUNT_SUSPENDED)', async () => {
    const suspended = await createAccount(ctx().db, { snsPenalty: 'SUSPENSION' })
    await link('twitter', 'twitter-sakura', suspended.id)
    const b = browser()
    expect(where(await pick(b, '/sp/2/login/twitter/puriboxauth', 'twitter', 'sakura'))).toBe(
      failure('ACCOUNT_SUSPENDED'),
    )
    expect(await accountOf(b)).toBeNull()

    // Suspended by an operator for a reason: the failure page is told which, to say why.
    const impersonating = await createAccount(ctx().db, { snsPenalty: 'SUSPENSION' })
    await ctx().db.insert(penaltyDecisions).values({
      accountId: impersonating.id,
      kind: 'SNS',
      reason: 'IMPERSONATION',
      note: 'not shown to the member',
      job: 'a test',
      decidedAt: ctx().clock.now(),
    })
    await link('line', 'line-hinata', impersonating.id)
    expect(where(await pick(browser(), '/sp/2/login/line/puriboxauth', 'line', 'hinata'))).toBe(
      `${failure('ACCOUNT_SUSPENDED')}&penaltyReason=IMPERSONATION`,
    )

    const { browser: m } = await member({ snsPenalty: 'SUSPENSION' })
    expect(where(await pick(m, '/sp/2/link/line/puriboxauth', 'line', 'momo'))).toBe(
      '/sp/setting/setting?reason=ACCOUNT_SUSPENDED',
    )
    expect(await identities()).toHaveLength(2)
  })

  it('cancelling at the auth service goes back quietly to where the person started, keeping where they were going', async () => {
    const b = browser()
    expect(where(await cancel(b, '/sp/2/login/line/puriboxauth', 'line'))).toBe('/web/login/top')
    expect(
      where(
        await cancel(b, '/sp/2/login/twitter/puriboxauth?next=%2Fweb%2Fpreview%3FsealId%3DAB', 'twitter'),
      ),
    ).toBe('/web/login/top?next=%2Fweb%2Fpreview%3FsealId%3DAB')
    expect(where(await cancel(b, '/sp/account/carrier_auth?carrier=au', 'au'))).toBe('/web/login/top')
    expect(
      where(
        await cancel(b, '/sp/2/account/registration/line/puriboxauth?redirectUri=%2Fweb%2Fpreview', 'line'),
      ),
    ).toBe('/sp/account/register_email?next=%2Fweb%2Fpreview')
    expect(await accountOf(b)).toBeNull()
    const { browser: m } = await member()
    expect(
      where(
        await cancel(m, '/sp/2/link/line/puriboxauth?acp=%2Fweb%2Flinked&alp=%2Fweb%2Flink-failed', 'line'),
      ),
    ).toBe('/web/linked')
    expect(await identities()).toHaveLength(0)
    expect(await ctx().db.select().from(accounts)).toHaveLength(1)
  })

  it('a forged, foreign or replayed state is AUTH_STATE_INVALID', async () => {
    const b = browser()
    for (const query of [
      '',
      '?code=abc',
      '?code=abc&state=forged',
      '?state=a&state=b',
      `?state=${'x'.repeat(300)}`,
    ]) {
      const answer = await b.open(`/sp/2/auth/callback${query}`, landed)
      expect(where(answer), query).toBe(failure('AUTH_STATE_INVALID'))
    }

    // Another browser's answer: refused, and that flow is spent.
    const owner = browser()
    const answer = await pick(owner, '/sp/2/login/line/puriboxauth', 'line', 'sakura', atCallback)
    expect(answer.url.pathname).toBe('/sp/2/auth/callback')
    const thief = browser({}, '198.51.100.7')
    expect(where(await thief.open(answer.url.toString(), landed))).toBe(failure('AUTH_STATE_INVALID'))
    expect(where(await owner.open(answer.url.toString(), landed))).toBe(failure('AUTH_STATE_INVALID'))
    expect(await ctx().db.select().from(accounts)).toHaveLength(0)

    // Replayed by the same browser after it worked: the flow was used once.
    const { browser: m } = await member()
    const first = await pick(m, '/sp/2/link/line/puriboxauth', 'line', 'momo', atCallback)
    expect(where(await m.open(first.url.toString(), landed))).toBe('/sp/setting/setting?linked=line')
    expect(where(await m.open(first.url.toString(), landed))).toBe(failure('AUTH_STATE_INVALID'))
  })

  it('a flow answered after 10 minutes is AUTH_STATE_EXPIRED', async () => {
    const b = browser()
    const page = await signInPage(b, '/sp/2/login/line/puriboxauth', 'line')
    ctx().clock.advance(10 * 60_000)
    const done = await b.submit(
      formAction(page.response.body, 'login'),
      { provider: 'line', person: 'sakura' },
      landed,
    )
    expect(where(done)).toBe(failure('AUTH_STATE_EXPIRED'))
    expect(await ctx().db.select().from(accounts)).toHaveLength(0)
  })

  it('an error answer or a bad code from the auth service is AUTH_FAILED, never a 5xx', async () => {
    for (const answer of ['error=server_error&error_description=boom', 'code=not-a-real-code']) {
      const b = browser()
      const toIssuer = await b.open('/sp/2/login/line/puriboxauth', atIssuer)
      const state = toIssuer.url.searchParams.get('state')
      expect(toIssuer.url.searchParams.get('provider')).toBe('line')
      expect(toIssuer.url.searchParams.get('code_challenge_method')).toBe('S256')
      const iss = encodeURIComponent('http://localhost:3000/_sandbox/auth')
      const done = await b.open(`/sp/2/auth/callback?${answer}&state=${state}&iss=${iss}`, landed)
      expect(done.response.statusCode).toBeLessThan(500)
      expect(where(done), answer).toBe(failure('AUTH_FAILED'))
    }
    expect(await ctx().db.select().from(accounts)).toHaveLength(0)
  })

  it('refuses return addresses off the allow-list before starting, never redirecting off-site', async () => {
    const hostile = [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/sp/..//evil.example',
      '/sp/%2e%2e/_sandbox/auth/jwks',
      '/_sandbox/auth/jwks',
      '/openapi.json',
      'sp/top/menu',
      `/sp/${'a'.repeat(2100)}`,
    ]
    const member1 = await member()
    for (const value of hostile) {
      const encoded = encodeURIComponent(value)
      const starts = [
        `/sp/2/account/registration/line/puriboxauth?redirectUri=${encoded}`,
        `/sp/2/login/line/puriboxauth?next=${encoded}`,
        `/sp/account/carrier_auth?carrier=au&next=${encoded}`,
      ]
      for (const path of starts) {
        const done = await browser().open(path, landed)
        expect(where(done), path).toBe(failure('REDIRECT_URI_INVALID'))
      }
      for (const path of [
        `/sp/2/link/line/puriboxauth?acp=${encoded}`,
        `/sp/2/link/line/switch_start/puriboxauth?alp=${encoded}`,
        `/sp/2/link/line/skip_recommendation?rp=${encoded}`,
      ]) {
        const done = await member1.browser.open(path, landed)
        expect(where(done), path).toBe(failure('REDIRECT_URI_INVALID'))
      }
    }
    const repeated = await browser().open(
      '/sp/2/login/line/puriboxauth?next=%2Fsp%2Ftop%2Fmenu&next=%2Fweb%2Fx',
      landed,
    )
    expect(where(repeated)).toBe(failure('REDIRECT_URI_INVALID'))
    expect(await flows()).toHaveLength(0)
    expect(await ctx().db.select().from(sessions)).toHaveLength(1)
  })

  it('refuses an unknown carrier (AUTH_REQUEST_INVALID)', async () => {
    for (const query of ['', '?carrier=willcom', '?carrier=AU', '?carrier=au&carrier=docomo']) {
      expect(where(await browser().open(`/sp/account/carrier_auth${query}`, landed)), query).toBe(
        failure('AUTH_REQUEST_INVALID'),
      )
    }
    expect(await flows()).toHaveLength(0)
  })

  it('validate_parameters answers where a LINE registration would end, or a typed error', async () => {
    const validate = (query: string, cookie?: string) =>
      ctx().app.inject({
        url: `/sp/2/account/registration/line/validate_parameters${query}`,
        headers: cookie ? { cookie } : {},
      })
    const good = await validate('?redirectUri=%2Fweb%2Fmypage%3FsealId%3DABCDE12345')
    expect(good.statusCode).toBe(200)
    expect(good.json()).toEqual({
      entity: { redirectUri: '/web/mypage?sealId=ABCDE12345' },
      error: null,
      clock: null,
    })
    expect((await validate('')).json().entity).toEqual({ redirectUri: '/sp/2/mypage/#/puri/new' })
    for (const bad of [
      'https%3A%2F%2Fevil.example',
      '%2F%2Fevil.example',
      'javascript%3Aalert(1)',
      '%2Fadmin',
    ]) {
      const answer = await validate(`?redirectUri=${bad}`)
      expect(answer.statusCode, bad).toBe(400)
      expect(answer.json()).toMatchObject({ entity: null, error: { code: 'REDIRECT_URI_INVALID' } })
    }
    const { cookie } = await createSession(ctx().db, ctx().clock, {
      accountId: (await createAccount(ctx().db)).id,
    })
    const signedIn = await validate('', cookie)
    expect(signedIn.statusCode).toBe(403)
    expect(signedIn.json().error.code).toBe('ALREADY_SIGNED_IN')
  })

  it('link routes are for members, registration for guests, sign-in for everyone', async () => {
    const asGuest = (url: string) => ctx().app.inject({ url })
    for (const url of [
      '/sp/2/link/line/puriboxauth',
      '/sp/2/link/line/switch_start/puriboxauth',
      '/sp/2/link/line/skip_recommendation',
      '/sp/2/account/identities',
    ]) {
      const answer = await asGuest(url)
      expect(answer.statusCode, url).toBe(401)
      expect(answer.json()).toMatchObject({ entity: null, error: { code: 'UNAUTHENTICATED' } })
    }
    const { cookie } = await createSession(ctx().db, ctx().clock, {
      accountId: (await createAccount(ctx().db, { membershipStatus: 'PREMIUM' })).id,
    })
    const registration = await ctx().app.inject({
      url: '/sp/2/account/registration/line/puriboxauth',
      headers: { cookie },
    })
    expect(registration.statusCode).toBe(403)
    expect(registration.json().error.code).toBe('ALREADY_SIGNED_IN')
    for (const url of ['/sp/2/login/line/puriboxauth', '/sp/2/link/line/puriboxauth']) {
      const answer = await ctx().app.inject({ url, headers: { cookie } })
      expect(answer.statusCode, url).toBe(302)
      expect(answer.headers.location).toMatch(/^http:\/\/localhost:3000\/_sandbox\/auth\/auth\?/)
      expect(answer.headers['cache-control']).toBe('no-store')
    }
  })

  it('publishes the routes in the OpenAPI document, with their query parameters', async () => {
    const document = (await ctx().app.inject({ url: '/openapi.json' })).json()
    const parameters = (path: string) =>
      (document.paths[path].get.parameters as { name: string }[]).map((parameter) => parameter.name).sort()
    expect(parameters('/sp/account/carrier_auth')).toEqual(['agreed', 'carrier', 'next'])
    expect(parameters('/sp/2/link/line/puriboxauth')).toEqual(['acp', 'alp'])
    expect(parameters('/sp/2/account/registration/line/puriboxauth')).toEqual(['agreed', 'redirectUri'])
    expect(document.paths['/sp/2/account/identities'].get).toBeDefined()
    expect(Object.keys(document.paths).some((path) => path.startsWith('/_sandbox'))).toBe(false)
  })

  it('skip_recommendation opens the recommendation and changes nothing; declining is a POST', async () => {
    const { account, browser: b } = await member()
    const declined = async () =>
      (
        await ctx().app.inject({ url: '/sp/2/account/identities', headers: { cookie: b.cookieHeader() } })
      ).json().entity.lineRecommendationDeclined
    // Opening the address (a link, an <img> on any page) only shows the recommendation.
    const done = await b.open('/sp/2/link/line/skip_recommendation?rp=%2Fweb%2Fmypage', landed)
    expect(where(done)).toBe('/web/link/line/recommendation?rp=%2Fweb%2Fmypage')
    expect(where(await b.open('/sp/2/link/line/skip_recommendation', landed))).toBe(
      '/web/link/line/recommendation?rp=%2Fsp%2Fsetting%2Fsetting',
    )
    expect(await declined()).toBe(false)

    // 「今はしない」 posts, is recorded, and answers where to go on.
    const decline = (payload: object) =>
      ctx().app.inject({
        method: 'POST',
        url: '/sp/2/link/line/skip_recommendation',
        headers: { cookie: b.cookieHeader(), 'x-requested-with': 'XMLHttpRequest' },
        payload,
      })
    const answer = await decline({ rp: '/web/mypage' })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().entity).toEqual({ next: '/web/mypage' })
    expect(await declined()).toBe(true)
    // Off-site or missing: on to the settings page; declining twice is declining.
    expect((await decline({ rp: '/.//evil.example' })).json().entity).toEqual({ next: '/sp/setting/setting' })
    expect((await decline({})).json().entity).toEqual({ next: '/sp/setting/setting' })
    // A guest cannot decline for anyone.
    const guest = await ctx().app.inject({
      method: 'POST',
      url: '/sp/2/link/line/skip_recommendation',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: {},
    })
    expect(guest.statusCode).toBe(401)

    // Deleting the account removes its identities and its answer to the recommendation.
    await link('line', 'line-sakura', account.id)
    await ctx().db.delete(accounts).where(eq(accounts.id, account.id))
    expect(await identities()).toHaveLength(0)
  })

  it('limits how many flows one client address starts (RATE_LIMITED)', async () => {
    const b = browser({}, '203.0.113.9')
    for (let i = 0; i < 30; i++) {
      expect((await b.open('/sp/2/login/twitter/puriboxauth', atIssuer)).url.pathname).toBe(
        '/_sandbox/auth/auth',
      )
    }
    expect(where(await b.open('/sp/2/login/twitter/puriboxauth', landed))).toBe(failure('RATE_LIMITED'))
    // Another address is not affected.
    expect(
      (await browser({}, '203.0.113.10').open('/sp/2/login/twitter/puriboxauth', atIssuer)).url.pathname,
    ).toBe('/_sandbox/auth/auth')
  })

  it('the sandbox asks for the provider PuriBox named, and refuses another or an unknown sign-in', async () => {
    const b = browser()
    const page = await signInPage(b, '/sp/account/carrier_auth?carrier=docomo', 'docomo')
    const wrong = await b.submit(
      formAction(page.response.body, 'login'),
      { provider: 'line', person: 'sakura' },
      landed,
    )
    expect(wrong.response.statusCode).toBe(400)
    expect(wrong.response.body).toContain('ログインを続けられませんでした')
    const stranger = await browser().open(page.url.toString(), landed)
    expect(stranger.response.statusCode).toBe(400)
    expect(stranger.response.headers['content-type']).toContain('text/html')
  })
})

describe('external sign-in when the auth service cannot be reached', () => {
  const ctx = useTestApp({ authIssuerUrl: 'http://auth.unreachable.example' })

  it('ends on the failure page (AUTH_SERVICE_UNAVAILABLE) and keeps nothing', async () => {
    const b = createBrowser(() => ctx().app)
    expect(where(await b.open('/sp/2/login/line/puriboxauth', landed))).toBe(
      failure('AUTH_SERVICE_UNAVAILABLE'),
    )
    expect(await ctx().db.select().from(externalAuthFlows)).toHaveLength(0)
  })
})

describe('the sandbox auth service in production', () => {
  const ctx = useTestApp({ production: true })

  it('is not there', async () => {
    const discovery = await ctx().app.inject({ url: '/_sandbox/auth/.well-known/openid-configuration' })
    expect(discovery.statusCode).toBe(404)
  })
})
