import type { ExternalProvider } from '@puribox/contract/external-auth'
import { describe, expect, it } from 'vitest'
import { type Browser, createBrowser, type Navigation } from '../../test/browser'
import { createAccount, createSession, publishPolicies, publishPolicy } from '../../test/factories'
import { postAsBrowser, sessionCookieOf, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { externalAuthFlows } from '../external-auth/external-auth.schema'
import { policyAgreements } from '../policies/policies.schema'

const PASSWORD = 'sakura-purikura-7'
const BOTH = [
  { kind: 'furyu', version: '2026-04-01' },
  { kind: 'puribox', version: '2026-04-01' },
]
/** The query a page adds when the person agreed to both policies before signing up with LINE, X or a carrier. */
const AGREED = 'agreed=furyu%3A2026-04-01&agreed=puribox%3A2026-04-01'
const SAVE = '/web/mypage?sealId=ABCDE12345&from=inputSealId'

const where = (navigation: Navigation) => `${navigation.url.pathname}${navigation.url.search}`

describe('agreeing to the policies while registering, not after', () => {
  const ctx = useTestApp()

  const post = (url: string, payload: unknown, cookie?: string) =>
    postAsBrowser(ctx().app, url, payload, { cookie, ip: '192.0.2.60' })

  const agreements = () => ctx().db.select().from(policyAgreements)

  /** Where a browser with this cookie lands after a registration that was going to `next`. */
  async function landing(cookie: string, next: string) {
    const response = await ctx().app.inject({
      url: `/sp/2/cookie/afterRegister?method=mail&next=${encodeURIComponent(next)}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(303)
    return response.headers.location
  }

  /** The mail and the code: the session that proves the address, ready for the password step. */
  async function provedAddress(mailAddress = 'hana@example.jp') {
    const sent = await post('/sp/2/api/account/mail_address', { mailAddress })
    const { verificationId } = sent.json().entity
    const code = /確認コード\n　(\d{6})/.exec(ctx().mailer.last()!.text)?.[1]
    const verified = await post('/sp/2/api/account/mail_address/verification', { verificationId, code })
    expect(verified.statusCode).toBe(200)
    return { verificationId: verificationId as string, cookie: sessionCookieOf(verified) }
  }

  it('anyone reads the versions in force; nothing published is nothing to agree to', async () => {
    const none = await ctx().app.inject({ url: '/sp/2/privacy_policies/latest' })
    expect(none.statusCode).toBe(200)
    expect(none.json().entity).toEqual({ policies: [] })

    await publishPolicies(ctx().db)
    // Published before the tests' "now" (a version scheduled for later is not in force yet).
    await publishPolicy(ctx().db, 'puribox', '2026-12-01', new Date('2026-11-01T00:00:00+09:00'))
    const latest = await ctx().app.inject({ url: '/sp/2/privacy_policies/latest' })
    expect(latest.json().entity).toEqual({
      policies: [
        {
          kind: 'furyu',
          version: '2026-04-01',
          url: '/web/common/information/privacyPolicy?version=2026-04-01',
        },
        {
          kind: 'puribox',
          version: '2026-12-01',
          url: '/web/common/information/externalTransmission?version=2026-12-01',
        },
      ],
    })
  })

  describe('by mail', () => {
    it('the password step records both policies with the account; afterRegister goes straight on', async () => {
      await publishPolicies(ctx().db)
      const { verificationId, cookie } = await provedAddress()
      const registered = await post(
        '/sp/2/api/account/',
        { verificationId, password: PASSWORD, policies: BOTH },
        cookie,
      )
      expect(registered.statusCode).toBe(201)
      const [account] = await ctx().db.select().from(accounts)
      expect(
        (await agreements()).map(({ accountId, kind, version, agreedAt }) => ({
          accountId,
          kind,
          version,
          agreedAt,
        })),
      ).toEqual([
        { accountId: account!.id, kind: 'furyu', version: '2026-04-01', agreedAt: ctx().clock.now() },
        { accountId: account!.id, kind: 'puribox', version: '2026-04-01', agreedAt: ctx().clock.now() },
      ])

      // No fourth page: the seal the person came with is where the registration ends.
      expect(await landing(sessionCookieOf(registered), SAVE)).toBe(`${SAVE}&registered=1`)
    })

    it('a version outdated meanwhile makes nothing, and the same step agrees to the new one', async () => {
      await publishPolicies(ctx().db)
      const { verificationId, cookie } = await provedAddress()
      await publishPolicy(ctx().db, 'furyu', '2026-12-01', new Date('2026-11-20T10:00:00+09:00'))

      const stale = await post(
        '/sp/2/api/account/',
        { verificationId, password: PASSWORD, policies: BOTH },
        cookie,
      )
      expect(stale.statusCode).toBe(409)
      expect(stale.json().error.code).toBe('POLICY_VERSION_OUTDATED')
      expect(await ctx().db.select().from(accounts)).toEqual([])
      expect(await agreements()).toEqual([])

      const newer = [
        { kind: 'furyu', version: '2026-12-01' },
        { kind: 'puribox', version: '2026-04-01' },
      ]
      const registered = await post(
        '/sp/2/api/account/',
        { verificationId, password: PASSWORD, policies: newer },
        cookie,
      )
      expect(registered.statusCode).toBe(201)
      expect(await landing(sessionCookieOf(registered), SAVE)).toBe(`${SAVE}&registered=1`)
    })

    it.each([
      [[{ kind: 'furyu', version: '2026-04-01' }], 400, 'POLICY_AGREEMENT_INCOMPLETE'],
      [[...BOTH, { kind: 'terms', version: '2026-04-01' }], 400, 'POLICY_KIND_UNKNOWN'],
      [[BOTH[0], { kind: 'puribox', version: '1999-01-01' }], 400, 'POLICY_VERSION_UNKNOWN'],
    ])('a wrong agreement %j is %i %s, and makes nothing', async (policies, status, code) => {
      await publishPolicies(ctx().db)
      const { verificationId, cookie } = await provedAddress()
      const refused = await post(
        '/sp/2/api/account/',
        { verificationId, password: PASSWORD, policies },
        cookie,
      )
      expect(refused.statusCode).toBe(status)
      expect(refused.json().error.code).toBe(code)
      expect(await ctx().db.select().from(accounts)).toEqual([])
    })

    it('a client that registers without the agreement still can; the agreement page then says it ends the registration', async () => {
      await publishPolicies(ctx().db)
      const { verificationId, cookie } = await provedAddress()
      const registered = await post('/sp/2/api/account/', { verificationId, password: PASSWORD }, cookie)
      expect(registered.statusCode).toBe(201)
      expect(await agreements()).toEqual([])
      expect(await landing(sessionCookieOf(registered), SAVE)).toBe(
        `/sp/privacy_policy/agreement?afterAgreement=${encodeURIComponent(`${SAVE}&registered=1`)}&reason=registration`,
      )
    })
  })

  describe('through LINE, X or a carrier', () => {
    function browser(): Browser {
      return createBrowser(() => ctx().app, { ip: '192.0.2.61' })
    }

    /** Starts at `path`, picks a new person at the sandbox, and ends where PuriBox sends the browser. */
    async function registerNew(
      b: Browser,
      path: string,
      provider: ExternalProvider,
      headers?: Record<string, string>,
    ) {
      const page = await b.open(path, () => false, headers)
      expect(page.url.pathname).toMatch(/^\/_sandbox\/auth\/interaction\/[\w-]+$/)
      const action = /<form method="post" action="([^"]+\/login)">/.exec(page.response.body)?.[1]
      const stopAt = (url: URL) => url.pathname.startsWith('/web/') || url.pathname.startsWith('/sp/privacy')
      return b.submit(action!, { provider, person: 'new' }, stopAt)
    }

    it.each([
      [
        `/sp/2/account/registration/line/puriboxauth?redirectUri=${encodeURIComponent(SAVE)}&${AGREED}`,
        'line',
      ],
      [`/sp/2/login/twitter/puriboxauth?next=${encodeURIComponent(SAVE)}&${AGREED}`, 'twitter'],
      [`/sp/account/carrier_auth?carrier=docomo&next=${encodeURIComponent(SAVE)}&${AGREED}`, 'docomo'],
    ] as const)(
      '%s: agreed before leaving, the new account lands where it was going',
      async (path, provider) => {
        await publishPolicies(ctx().db)
        const b = browser()
        const done = await registerNew(b, path, provider)
        expect(where(done)).toBe(`${SAVE}&registered=1`)
        const [account] = await ctx().db.select().from(accounts)
        expect((await agreements()).map((row) => [row.accountId, row.kind, row.version])).toEqual([
          [account!.id, 'furyu', '2026-04-01'],
          [account!.id, 'puribox', '2026-04-01'],
        ])
      },
    )

    it('the flow keeps the checked versions until the answer comes', async () => {
      await publishPolicies(ctx().db)
      const started = await browser().open(`/sp/2/login/line/puriboxauth?${AGREED}`, () => true)
      expect(started.url.pathname).toBe('/_sandbox/auth/auth')
      const [flow] = await ctx().db.select().from(externalAuthFlows)
      expect(flow!.agreedPolicies).toEqual(BOTH)
    })

    it.each([
      ['another site’s link', AGREED, { 'sec-fetch-site': 'cross-site' }],
      ['a version outdated meanwhile', 'agreed=furyu%3A2026-01-01&agreed=puribox%3A2026-04-01', {}],
      ['one policy only', 'agreed=furyu%3A2026-04-01', {}],
      ['no agreement at all', '', {}],
    ])(
      '%s: the account is made, and the agreement page asks as the registration’s last step',
      async (_, query, headers) => {
        await publishPolicies(ctx().db)
        await publishPolicy(ctx().db, 'furyu', '2026-01-01', new Date('2026-01-01T00:00:00+09:00'))
        const done = await registerNew(
          browser(),
          `/sp/2/login/twitter/puriboxauth?next=${encodeURIComponent(SAVE)}&${query}`,
          'twitter',
          headers,
        )
        expect(where(done)).toBe(
          `/sp/privacy_policy/agreement?afterAgreement=${encodeURIComponent(`${SAVE}&registered=1`)}&reason=registration`,
        )
        expect(await agreements()).toEqual([])
        expect(await ctx().db.select().from(accounts)).toHaveLength(1)
      },
    )
  })

  it('a member who agreed to an earlier version is asked again after signing in, told that the policies changed', async () => {
    await publishPolicies(ctx().db)
    const account = await createAccount(ctx().db)
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    const agreed = await post('/sp/2/users/self/privacy_policy_statuses', { policies: BOTH }, cookie)
    expect(agreed.statusCode).toBe(200)
    await publishPolicy(ctx().db, 'puribox', '2026-12-01', new Date('2026-11-20T10:00:00+09:00'))

    const signedIn = await ctx().app.inject({
      url: `/sp/2/cookie/afterLogin?method=mail&next=${encodeURIComponent(SAVE)}`,
      headers: { cookie },
    })
    expect(signedIn.headers.location).toBe(
      `/sp/privacy_policy/agreement?afterAgreement=${encodeURIComponent(SAVE)}&reason=revised`,
    )
  })
})
