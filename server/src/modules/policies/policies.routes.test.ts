import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  type AccountOverrides,
  createAccount,
  createSession,
  publishPolicies,
  publishPolicy,
} from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { policyAgreements } from './policies.schema'

const LATEST = '/sp/2/users/self/privacy_policy_statuses/latest'
const AGREE = '/sp/2/users/self/privacy_policy_statuses'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const V1 = '2026-04-01'
const BOTH_V1 = [
  { kind: 'furyu', version: V1 },
  { kind: 'puribox', version: V1 },
]

describe('privacy-policy agreement', () => {
  const ctx = useTestApp()

  async function member(overrides: AccountOverrides = {}) {
    const account = await createAccount(ctx().db, overrides)
    const { cookie } = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    return { account, cookie }
  }

  function latest(cookie?: string) {
    return ctx().app.inject({ url: LATEST, headers: cookie ? { cookie } : {} })
  }

  function agree(cookie: string | undefined, payload: unknown, headers: Record<string, string> = XHR) {
    return ctx().app.inject({
      method: 'POST',
      url: AGREE,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    })
  }

  function agreementRows() {
    return ctx().db.select().from(policyAgreements).orderBy(policyAgreements.kind, policyAgreements.version)
  }

  it('a new member has agreed to nothing: both kinds, latest version, with the link to the full text', async () => {
    await publishPolicies(ctx().db)
    const { cookie } = await member()
    const response = await latest(cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      entity: {
        policies: [
          // Each links to the information page of the very version asked for (decision 0038).
          {
            kind: 'furyu',
            version: V1,
            url: '/web/common/information/privacyPolicy?version=2026-04-01',
            agreed: false,
          },
          {
            kind: 'puribox',
            version: V1,
            url: '/web/common/information/externalTransmission?version=2026-04-01',
            agreed: false,
          },
        ],
      },
      error: null,
      clock: null,
    })
  })

  it('agreeing records one row per kind and answers both as agreed; the next read says so too', async () => {
    await publishPolicies(ctx().db)
    const { account, cookie } = await member()
    const response = await agree(cookie, { policies: BOTH_V1 })
    expect(response.statusCode).toBe(200)
    expect(response.json().entity.policies.map((p: { agreed: boolean }) => p.agreed)).toEqual([true, true])
    expect(await agreementRows()).toEqual([
      { accountId: account.id, kind: 'furyu', version: V1, agreedAt: TEST_NOW },
      { accountId: account.id, kind: 'puribox', version: V1, agreedAt: TEST_NOW },
    ])
    const read = await latest(cookie)
    expect(read.json().entity.policies).toEqual([
      expect.objectContaining({ kind: 'furyu', agreed: true }),
      expect.objectContaining({ kind: 'puribox', agreed: true }),
    ])
  })

  it('agreeing twice is fine and keeps the first agreement time', async () => {
    await publishPolicies(ctx().db)
    const { cookie } = await member()
    expect((await agree(cookie, { policies: BOTH_V1 })).statusCode).toBe(200)
    ctx().clock.advance(60_000)
    // The same kind twice with the same version is the same agreement.
    const again = await agree(cookie, { policies: [...BOTH_V1, BOTH_V1[0]] })
    expect(again.statusCode).toBe(200)
    const rows = await agreementRows()
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.agreedAt.getTime() === TEST_NOW.getTime())).toBe(true)
  })

  it('one kind alone, or none, is incomplete: 400 and nothing written', async () => {
    await publishPolicies(ctx().db)
    const { cookie } = await member()
    for (const policies of [[BOTH_V1[0]], [BOTH_V1[1]], []]) {
      const response = await agree(cookie, { policies })
      expect(response.statusCode, JSON.stringify(policies)).toBe(400)
      expect(response.json().error.code).toBe('POLICY_AGREEMENT_INCOMPLETE')
    }
    expect(await agreementRows()).toEqual([])
  })

  it('an older version, after a newer one was published, is outdated: 409 and the other kind is not written either', async () => {
    await publishPolicies(ctx().db)
    await publishPolicy(ctx().db, 'furyu', '2026-12-01', new Date('2026-11-19T00:00:00Z'))
    const { cookie } = await member()
    const response = await agree(cookie, { policies: BOTH_V1 })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ entity: null, error: { code: 'POLICY_VERSION_OUTDATED' } })
    expect(await agreementRows()).toEqual([])

    const ok = await agree(cookie, {
      policies: [
        { kind: 'puribox', version: V1 },
        { kind: 'furyu', version: '2026-12-01' },
      ],
    })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses unknown kinds and versions never published, and writes nothing', async () => {
    await publishPolicies(ctx().db)
    const { cookie } = await member()
    const cases: [unknown[], string][] = [
      [[...BOTH_V1, { kind: 'terms', version: V1 }], 'POLICY_KIND_UNKNOWN'],
      [[{ kind: 'FURYU', version: V1 }, BOTH_V1[1]], 'POLICY_KIND_UNKNOWN'],
      [[{ kind: '__proto__', version: V1 }, ...BOTH_V1], 'POLICY_KIND_UNKNOWN'],
      [[{ kind: 'furyu', version: '2099-01-01' }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
      // A version of the other kind is not a version of this one.
      [
        [
          { kind: 'furyu', version: V1 },
          { kind: 'puribox', version: 'furyu-only' },
        ],
        'POLICY_VERSION_UNKNOWN',
      ],
      [[{ kind: 'furyu', version: `${V1}\u200b` }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
      [[{ kind: 'furyu', version: "' OR '1'='1" }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
      [[{ kind: 'furyu', version: '<script>alert(1)</script>' }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
      [[{ kind: 'furyu', version: '' }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
      [[{ kind: 'furyu', version: '\u0000' }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
      [[{ kind: 'furyu', version: '2026\u000004-01' }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
      [[{ kind: 'furyu', version: 'ｖ１' }, BOTH_V1[1]], 'POLICY_VERSION_UNKNOWN'],
    ]
    await publishPolicy(ctx().db, 'furyu', 'furyu-only', new Date('2026-01-01T00:00:00Z'))
    for (const [policies, code] of cases) {
      const response = await agree(cookie, { policies })
      expect(response.json().error?.code, JSON.stringify(policies)).toBe(code)
      expect(response.statusCode).toBe(400)
    }
    expect(await agreementRows()).toEqual([])
  })

  it('refuses malformed and over-long input as VALIDATION_FAILED (never a 5xx), and writes nothing', async () => {
    await publishPolicies(ctx().db)
    const { cookie } = await member()
    const bodies: unknown[] = [
      {},
      { policies: 'furyu' },
      { policies: null },
      { policies: [null, null] },
      { policies: [{ kind: 'furyu' }, { kind: 'puribox' }] },
      { policies: [{ kind: 1, version: 2 }] },
      { policies: [{ kind: 'x'.repeat(65), version: V1 }, ...BOTH_V1] },
      { policies: [{ kind: 'furyu', version: 'v'.repeat(65) }, BOTH_V1[1]] },
      { policies: Array.from({ length: 11 }, () => BOTH_V1[0]) },
      [BOTH_V1],
    ]
    for (const body of bodies) {
      const response = await agree(cookie, body)
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ entity: null, error: { code: 'VALIDATION_FAILED' } })
    }
    const notJson = await ctx().app.inject({
      method: 'POST',
      url: AGREE,
      headers: { ...XHR, cookie, 'content-type': 'application/json' },
      payload: '{"policies": [',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().error.code).toBe('INVALID_JSON')
    expect(await agreementRows()).toEqual([])
  })

  it('is for members only: a guest gets 401 UNAUTHENTICATED, whatever the body', async () => {
    await publishPolicies(ctx().db)
    const read = await latest()
    expect(read.statusCode).toBe(401)
    expect(read.json()).toMatchObject({ entity: null, error: { code: 'UNAUTHENTICATED' } })
    for (const body of [{ policies: BOTH_V1 }, { policies: 'x' }]) {
      const response = await agree(undefined, body)
      expect(response.statusCode).toBe(401)
      expect(response.json().error.code).toBe('UNAUTHENTICATED')
    }
    // A guest session (native-app flag only) is still a guest.
    const { cookie } = await createSession(ctx().db, ctx().clock, { nativeApp: true })
    expect((await latest(cookie)).statusCode).toBe(401)
    expect(await agreementRows()).toEqual([])
  })

  it('needs the CSRF header to agree', async () => {
    await publishPolicies(ctx().db)
    const { cookie } = await member()
    const bare = await agree(cookie, { policies: BOTH_V1 }, {})
    expect(bare.statusCode).toBe(403)
    expect(bare.json().error.code).toBe('CSRF_REJECTED')
    const crossSite = await agree(cookie, { policies: BOTH_V1 }, { ...XHR, origin: 'https://evil.example' })
    expect(crossSite.json().error.code).toBe('CSRF_REJECTED')
    expect(await agreementRows()).toEqual([])
  })

  it("one member's agreement is not another's; premium members agree the same way", async () => {
    await publishPolicies(ctx().db)
    const hana = await member()
    const yui = await member({ membershipStatus: 'PREMIUM' })
    await agree(hana.cookie, { policies: BOTH_V1 })
    const yuiRead = await latest(yui.cookie)
    expect(yuiRead.json().entity.policies.map((p: { agreed: boolean }) => p.agreed)).toEqual([false, false])
    expect((await agree(yui.cookie, { policies: BOTH_V1 })).statusCode).toBe(200)
    const rows = await agreementRows()
    expect(rows.filter((row) => row.accountId === hana.account.id)).toHaveLength(2)
    expect(rows.filter((row) => row.accountId === yui.account.id)).toHaveLength(2)
  })

  it('a new version makes everyone "not agreed" again for that kind; the old agreement stays on record', async () => {
    await publishPolicies(ctx().db)
    const { account, cookie } = await member()
    await agree(cookie, { policies: BOTH_V1 })
    await publishPolicy(ctx().db, 'puribox', '2026-11-20', TEST_NOW)

    const read = await latest(cookie)
    expect(read.json().entity.policies).toEqual([
      expect.objectContaining({ kind: 'furyu', version: V1, agreed: true }),
      expect.objectContaining({ kind: 'puribox', version: '2026-11-20', agreed: false }),
    ])
    const again = await agree(cookie, {
      policies: [
        { kind: 'furyu', version: V1 },
        { kind: 'puribox', version: '2026-11-20' },
      ],
    })
    expect(again.statusCode).toBe(200)
    expect((await agreementRows()).map((row) => `${row.kind}:${row.version}`)).toEqual([
      'furyu:2026-04-01',
      'puribox:2026-04-01',
      'puribox:2026-11-20',
    ])
    expect((await agreementRows()).every((row) => row.accountId === account.id)).toBe(true)
  })

  it('answers only the kinds published; agreeing needs every kind to be published', async () => {
    await publishPolicy(ctx().db, 'furyu', V1)
    const { cookie } = await member()
    expect((await latest(cookie)).json().entity.policies).toEqual([
      expect.objectContaining({ kind: 'furyu', agreed: false }),
    ])
    const response = await agree(cookie, { policies: BOTH_V1 })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('POLICY_VERSION_UNKNOWN')
    expect(await agreementRows()).toEqual([])
  })

  it("an account's agreements go with the account", async () => {
    await publishPolicies(ctx().db)
    const { account, cookie } = await member()
    await agree(cookie, { policies: BOTH_V1 })
    await ctx().db.delete(accounts).where(eq(accounts.id, account.id))
    expect(await agreementRows()).toEqual([])
  })
})
