import { informationDocumentSchema } from '@puribox/contract/information'
import { INFORMATION_PAGES } from '@puribox/contract/pages'
import { describe, expect, it } from 'vitest'
import { createAccount, createSession, publishInformation, publishPolicy } from '../../test/factories'
import { useTestApp } from '../../test/harness'
import { HOSTILE_STRINGS } from '../../test/hostile-values'

const PATH = '/sp/2/information'
const LATEST = '/sp/2/users/self/privacy_policy_statuses/latest'
const AGREE = '/sp/2/users/self/privacy_policy_statuses'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
// A lone surrogate cannot be put in a URL at all: the broken percent-encodings below stand for it.
const sendable = HOSTILE_STRINGS.filter(
  (value) => !/[\ud800-\udfff]/.test(value.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')),
)

/** The title each shipped page has (the first line of its Markdown file). */
const TITLES = {
  terms: '利用規約',
  privacyPolicy: 'プライバシーポリシー',
  puriTerms: 'プリ利用規約',
  paymentTerms: 'プレミアム会員規約',
  paymentProvider: '決済サービスについて',
  operatingPolicy: '運営ポリシー',
  privacy: '個人情報の取り扱いについて',
  externalTransmission: 'PuriBox特約（情報の外部送信）',
} as const

describe('information pages', () => {
  const ctx = useTestApp()

  function get(url: string, cookie?: string) {
    return ctx().app.inject({ url, headers: cookie ? { cookie } : {} })
  }

  it.each(INFORMATION_PAGES)(
    'serves the shipped %s to a guest: its latest version, as blocks',
    async (page) => {
      await ctx().app.seedContent()
      const response = await get(`${PATH}/${page}`)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body.error).toBeNull()
      expect(informationDocumentSchema.parse(body.entity)).toMatchObject({
        page,
        title: TITLES[page],
        version: '2026-04-01',
        publishedAt: '2026-04-01T00:00:00',
        versions: [{ version: '2026-04-01', publishedAt: '2026-04-01T00:00:00' }],
      })
      expect(body.entity.blocks.length).toBeGreaterThan(5)
      // Never markup: the body is data the page renders as text.
      expect(response.body).not.toMatch(/<[a-z/!]/i)
    },
  )

  it('lists the external-transmission partners as a table of company, data, purpose and opt-out', async () => {
    await ctx().app.seedContent()
    const { blocks } = (await get(`${PATH}/externalTransmission`)).json().entity
    const table = blocks.find((block: { type: string }) => block.type === 'table')
    expect(table.head.map((cell: { text: string }[]) => cell[0]!.text)).toEqual([
      '送信先の事業者（サービス）',
      '送信する情報',
      '利用の目的',
      '送信を止める方法',
    ])
    expect(table.rows.length).toBeGreaterThanOrEqual(4)
    for (const row of table.rows) expect(row).toHaveLength(4)
  })

  it('serves a given version by ?version=, and the one published last without it', async () => {
    const { db } = ctx()
    await publishInformation(db, { page: 'terms', version: '2026-04-01', title: 'Old terms' })
    await publishInformation(db, {
      page: 'terms',
      version: '2026-12-01',
      title: 'New terms',
      publishedAt: new Date('2026-11-01T00:00:00+09:00'),
    })
    const latest = (await get(`${PATH}/terms`)).json().entity
    expect(latest).toMatchObject({ version: '2026-12-01', title: 'New terms' })
    expect(latest.versions).toEqual([
      { version: '2026-12-01', publishedAt: '2026-11-01T00:00:00' },
      { version: '2026-04-01', publishedAt: '2026-04-01T00:00:00' },
    ])
    const old = await get(`${PATH}/terms?version=2026-04-01`)
    expect(old.statusCode).toBe(200)
    expect(old.json().entity).toMatchObject({ version: '2026-04-01', title: 'Old terms' })
    expect(old.json().entity.versions).toEqual(latest.versions)
  })

  it('serves members and the native app the same', async () => {
    await ctx().app.seedContent()
    const guest = (await get(`${PATH}/privacy`)).json()
    const account = await createAccount(ctx().db, { membershipStatus: 'PREMIUM' })
    const member = await createSession(ctx().db, ctx().clock, { accountId: account.id })
    const app = await createSession(ctx().db, ctx().clock, { nativeApp: true })
    expect((await get(`${PATH}/privacy`, member.cookie)).json()).toEqual(guest)
    expect((await get(`${PATH}/privacy`, app.cookie)).json()).toEqual(guest)
  })

  it('answers NOT_FOUND (404) for a page that is not one, or a version never published', async () => {
    await ctx().app.seedContent()
    for (const url of [
      `${PATH}/commercialLaw`,
      `${PATH}/Terms`,
      `${PATH}/terms%00`,
      `${PATH}/__proto__`,
      `${PATH}/constructor`,
      `${PATH}/toString`,
      `${PATH}/..%2F..%2Fetc%2Fpasswd`,
      `${PATH}/%E5%88%A9%E7%94%A8%E8%A6%8F%E7%B4%84`,
      `${PATH}/terms?version=2099-01-01`,
      `${PATH}/terms?version=`,
      `${PATH}/terms?version=2026-04-01%00`,
      `${PATH}/terms?version=2026-04-01%20`,
      `${PATH}/terms?version=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96`,
      `${PATH}/privacy?version=${encodeURIComponent("' OR '1'='1")}`,
      `${PATH}/privacy?version=${encodeURIComponent('<script>alert(1)</script>')}`,
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({
        entity: null,
        error: { code: 'NOT_FOUND', message: expect.any(String) },
        clock: null,
      })
    }
  })

  it('answers NOT_FOUND while nothing is published on the page', async () => {
    const response = await get(`${PATH}/terms`)
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('NOT_FOUND')
  })

  it('answers odd and huge values with a typed error, never a 5xx', async () => {
    await ctx().app.seedContent()
    const urls = [
      `${PATH}/terms?version=a&version=b`,
      `${PATH}/terms?version[]=1`,
      `${PATH}/terms?version[$ne]=1`,
      `${PATH}/terms?version=${'9'.repeat(65)}`,
      `${PATH}/terms?version=${'x'.repeat(20_000)}`,
      `${PATH}/${'x'.repeat(65)}`,
      `${PATH}/${'x'.repeat(5_000)}`,
      `${PATH}/terms?unknown=1&version=2026-04-01`,
      // Broken percent-encoding, in the path and in the query.
      `${PATH}/%E0%A4%A`,
      `${PATH}/%ZZ`,
      `${PATH}/terms?version=%E0%A4%A`,
      `${PATH}/terms?version=%`,
      ...sendable.map((value) => `${PATH}/terms?version=${encodeURIComponent(value)}`),
      ...sendable.filter((value) => value !== '').map((value) => `${PATH}/${encodeURIComponent(value)}`),
    ]
    for (const url of urls) {
      const response = await get(url)
      expect(response.statusCode, url.slice(0, 120)).toBeLessThan(500)
      // A page answered only when the request names one exactly (an unknown query field is ignored).
      if (response.statusCode === 200) expect(response.json().entity.page, url).toBe('terms')
      else expect(response.json().error.code, url.slice(0, 120)).toMatch(/^(NOT_FOUND|VALIDATION_FAILED)$/)
    }
  })

  it("the agreement page's links open the texts of the versions it asks for, even after a newer one", async () => {
    const { db, clock } = ctx()
    await ctx().app.seedContent()
    const account = await createAccount(db)
    const { cookie } = await createSession(db, clock, { accountId: account.id })
    const asked = (await get(LATEST, cookie)).json().entity.policies as {
      kind: string
      version: string
      url: string
    }[]
    expect(asked.map((p) => p.url)).toEqual([
      '/web/common/information/privacyPolicy?version=2026-04-01',
      '/web/common/information/externalTransmission?version=2026-04-01',
    ])

    // While the member reads, a new privacy policy is published (its text, then the policy).
    const december = new Date('2026-11-15T00:00:00+09:00')
    await publishInformation(db, {
      page: 'privacyPolicy',
      version: '2026-12-01',
      title: 'プライバシーポリシー（改定版）',
      publishedAt: december,
    })
    await publishPolicy(db, 'furyu', '2026-12-01', december)

    // The link the member holds still opens the text of the version it was shown…
    for (const policy of asked) {
      const url = new URL(policy.url, 'https://puribox.invalid')
      const page = url.pathname.split('/').pop()
      const text = (await get(`${PATH}/${page}${url.search}`)).json().entity
      expect(text).toMatchObject({ version: policy.version })
      expect(text.title).toBe(policy.kind === 'furyu' ? TITLES.privacyPolicy : TITLES.externalTransmission)
    }
    // …agreeing to it is refused as outdated, and the page then asks for the new one, linking to it.
    const outdated = await ctx().app.inject({
      method: 'POST',
      url: AGREE,
      headers: { ...XHR, cookie },
      payload: { policies: asked.map(({ kind, version }) => ({ kind, version })) },
    })
    expect(outdated.json().error.code).toBe('POLICY_VERSION_OUTDATED')
    const now = (await get(LATEST, cookie)).json().entity.policies
    expect(now[0]).toMatchObject({
      kind: 'furyu',
      version: '2026-12-01',
      url: '/web/common/information/privacyPolicy?version=2026-12-01',
    })
    const newText = (await get(`${PATH}/privacyPolicy?version=2026-12-01`)).json().entity
    expect(newText).toMatchObject({ version: '2026-12-01', title: 'プライバシーポリシー（改定版）' })
  })
})
