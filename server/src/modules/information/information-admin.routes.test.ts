import { adminApi } from '@puribox/contract/admin-api'
import { INFORMATION_LIMITS } from '@puribox/contract/information'
import { describe, expect, it } from 'vitest'
import { auditTrail, CONSOLE_IP, consoleOperator } from '../../test/console'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import type { OperatorRole } from '../actor'

const HOUR = 60 * 60 * 1000
const MEMBERS_PAGE = '/sp/2/information'
const LATEST = '/sp/2/users/self/privacy_policy_statuses/latest'
const AGREE = '/sp/2/users/self/privacy_policy_statuses'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }

const NEW_POLICY = [
  '## 第1条（目的）',
  '',
  'このポリシーは、PuriBoxが**会員の情報**をどう扱うかを定めます。',
  '',
  '1. 保存したプリ',
  '2. メールアドレス',
  '',
  'お問い合わせは[こちら](/web/common/inquiry)へ。',
].join('\n')

describe('the console writes the information pages and policies: /admin/api/information', () => {
  const ctx = useTestApp()

  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  function get(url: string, cookie?: string) {
    return ctx().app.inject({ url, headers: cookie ? { cookie } : {} })
  }

  /** A member who agreed to the policies in force (the shipped ones), with their session cookie. */
  async function agreedMember() {
    const member = await createMember(ctx().db, ctx().clock)
    const policies = (await get(LATEST, member.cookie)).json().entity.policies as {
      kind: string
      version: string
    }[]
    const agreed = await ctx().app.inject({
      method: 'POST',
      url: AGREE,
      headers: { ...XHR, cookie: member.cookie },
      payload: { policies: policies.map(({ kind, version }) => ({ kind, version })) },
    })
    expect(agreed.statusCode).toBe(200)
    return member
  }

  /** The policies a member must have agreed to now, and whether they have. */
  async function statusesOf(cookie: string) {
    const statuses = (await get(LATEST, cookie)).json().entity.policies as {
      kind: string
      version: string
      url: string
      agreed: boolean
    }[]
    return statuses.map(({ kind, version, agreed }) => ({ kind, version, agreed }))
  }

  it('publishes a new privacy policy: members who agreed are asked again, and read its text', async () => {
    await ctx().app.seedContent()
    const member = await agreedMember()
    const editor = await signedIn('editor')

    const before = (
      await editor.call(adminApi.adminInformationPage, { params: { page: 'privacyPolicy' } })
    ).json().entity
    expect(before).toMatchObject({
      page: 'privacyPolicy',
      policy: { kind: 'furyu', inForce: '2026-04-01', agreedToInForce: 1 },
      current: { version: '2026-04-01', state: 'current' },
      drafts: [],
      scheduled: [],
    })

    const created = await editor.call(adminApi.adminInformationDraftCreate, {
      params: { page: 'privacyPolicy' },
      body: { version: '2026-12-01', title: 'プライバシーポリシー', body: NEW_POLICY, reason: 'new partner' },
    })
    expect(created.statusCode).toBe(200)
    expect(created.json().entity).toMatchObject({
      version: '2026-12-01',
      state: 'draft',
      publishedAt: null,
      problems: [],
      createdAt: TEST_NOW.toISOString(),
      policy: { kind: 'furyu', agreedToInForce: 1 },
    })
    // A draft is no one's business but the console's.
    expect((await get(`${MEMBERS_PAGE}/privacyPolicy?version=2026-12-01`)).json().error.code).toBe(
      'NOT_FOUND',
    )
    expect(await statusesOf(member.cookie)).toEqual([
      { kind: 'furyu', version: '2026-04-01', agreed: true },
      { kind: 'puribox', version: '2026-04-01', agreed: true },
    ])

    ctx().clock.advance(HOUR)
    const published = await editor.call(adminApi.adminInformationPublish, {
      params: { page: 'privacyPolicy', version: '2026-12-01' },
      body: { reason: 'in force today' },
    })
    expect(published.statusCode).toBe(200)
    expect(published.json().entity).toMatchObject({
      state: 'current',
      publishedAt: new Date(TEST_NOW.getTime() + HOUR).toISOString(),
      askedAgain: 1,
      policy: { kind: 'furyu', inForce: '2026-12-01', agreedToInForce: 0 },
    })

    // Members' side: the privacy policy is not agreed any more, and its link opens the new text.
    expect(await statusesOf(member.cookie)).toEqual([
      { kind: 'furyu', version: '2026-12-01', agreed: false },
      { kind: 'puribox', version: '2026-04-01', agreed: true },
    ])
    const url = (await get(LATEST, member.cookie)).json().entity.policies[0].url
    expect(url).toBe('/web/common/information/privacyPolicy?version=2026-12-01')
    const text = (await get(`${MEMBERS_PAGE}/privacyPolicy`)).json().entity
    expect(text).toMatchObject({ version: '2026-12-01', title: 'プライバシーポリシー' })
    expect(text.versions.map((v: { version: string }) => v.version)).toEqual(['2026-12-01', '2026-04-01'])
    // The console's rendering is the members' page's, block for block.
    expect(text.blocks).toEqual(published.json().entity.blocks)
    // Signing in now leads to the agreement page, saying the policies changed.
    const afterLogin = await get('/sp/2/cookie/afterLogin', member.cookie)
    expect(afterLogin.headers.location).toContain('reason=revised')

    const trail = await auditTrail(ctx(), 'information-page', 'privacyPolicy')
    expect(trail.map((entry) => [entry.action, entry.reason])).toEqual([
      ['information.published', 'in force today'],
      ['information.draft-created', 'new partner'],
    ])
    expect(trail[0]).toMatchObject({
      actor: { operatorId: editor.operator.id },
      clientIp: CONSOLE_IP,
      before: { version: '2026-12-01', publishedAt: null },
      after: { version: '2026-12-01', publishedAt: new Date(TEST_NOW.getTime() + HOUR).toISOString() },
    })
    expect(trail[1]).toMatchObject({ after: { version: '2026-12-01', body: NEW_POLICY } })
  })

  it('schedules a version members see from its time on, and takes a schedule back with its policy', async () => {
    await ctx().app.seedContent()
    const member = await agreedMember()
    const admin = await signedIn('admin')
    for (const version of ['2027-01-01', '2027-02-01']) {
      await admin.call(adminApi.adminInformationDraftCreate, {
        params: { page: 'externalTransmission' },
        body: { version, title: 'PuriBox特約', body: `## ${version}\n\n改定しました。` },
      })
    }
    const scheduled = await admin.call(adminApi.adminInformationPublish, {
      params: { page: 'externalTransmission', version: '2027-01-01' },
      body: { publishAt: '2026-11-20T14:00:00+09:00', reason: 'after the meeting' },
    })
    expect(scheduled.json().entity).toMatchObject({
      state: 'scheduled',
      publishedAt: new Date(TEST_NOW.getTime() + 2 * HOUR).toISOString(),
      askedAgain: 1,
    })
    await admin.call(adminApi.adminInformationPublish, {
      params: { page: 'externalTransmission', version: '2027-02-01' },
      body: { publishAt: '2026-11-20T15:00:00+09:00' },
    })
    const list = (await admin.call(adminApi.adminInformation)).json().entity.documents
    expect(list.find((doc: { page: string }) => doc.page === 'externalTransmission')).toMatchObject({
      policyKind: 'puribox',
      current: { version: '2026-04-01' },
      scheduled: [{ version: '2027-01-01' }, { version: '2027-02-01' }],
      drafts: 0,
    })

    const taken = await admin.call(adminApi.adminInformationUnschedule, {
      params: { page: 'externalTransmission', version: '2027-02-01' },
      body: { reason: 'not yet' },
    })
    expect(taken.json().entity).toMatchObject({ state: 'draft', publishedAt: null })

    // Before its time nothing changes for members; from its time on, the new text and policy.
    ctx().clock.advance(2 * HOUR - 1)
    expect((await get(`${MEMBERS_PAGE}/externalTransmission`)).json().entity.version).toBe('2026-04-01')
    expect((await statusesOf(member.cookie))[1]).toEqual({
      kind: 'puribox',
      version: '2026-04-01',
      agreed: true,
    })
    ctx().clock.advance(1)
    expect((await get(`${MEMBERS_PAGE}/externalTransmission`)).json().entity.version).toBe('2027-01-01')
    expect((await statusesOf(member.cookie))[1]).toEqual({
      kind: 'puribox',
      version: '2027-01-01',
      agreed: false,
    })
    // The version taken back is no policy version, however long one waits.
    ctx().clock.advance(2 * HOUR)
    expect((await statusesOf(member.cookie))[1]).toMatchObject({ version: '2027-01-01' })
    expect((await get(`${MEMBERS_PAGE}/externalTransmission?version=2027-02-01`)).json().error.code).toBe(
      'NOT_FOUND',
    )
    // A schedule whose time has come cannot be taken back.
    const late = await admin.call(adminApi.adminInformationUnschedule, {
      params: { page: 'externalTransmission', version: '2027-01-01' },
      body: {},
    })
    expect(late.json().error.code).toBe('INFORMATION_VERSION_PUBLISHED')
  })

  it("serves an operator's new page at once and keeps it through a restart's shipped texts", async () => {
    await ctx().app.seedContent()
    const editor = await signedIn('editor')
    await editor.call(adminApi.adminInformationDraftCreate, {
      params: { page: 'terms' },
      body: { version: 'draft-1', title: '利用規約（案）', body: '## 第1条\n\n案です。' },
    })
    const changed = await editor.call(adminApi.adminInformationDraftChange, {
      params: { page: 'terms', version: 'draft-1' },
      body: { version: '2026-12-01', title: '利用規約', reason: 'final label' },
    })
    expect(changed.json().entity).toMatchObject({ version: '2026-12-01', title: '利用規約', state: 'draft' })
    await editor.call(adminApi.adminInformationPublish, {
      params: { page: 'terms', version: '2026-12-01' },
      body: {},
    })
    expect((await get(`${MEMBERS_PAGE}/terms`)).json().entity).toMatchObject({
      version: '2026-12-01',
      title: '利用規約',
      blocks: [
        { type: 'heading', level: 2, id: 's1', content: [{ type: 'text', text: '第1条' }] },
        { type: 'paragraph', content: [{ type: 'text', text: '案です。' }] },
      ],
    })

    // The next start publishes the shipped texts again: the operator's version stays in force.
    await ctx().app.seedContent()
    const second = await ctx().secondProcess()
    await second.seedContent()
    expect((await get(`${MEMBERS_PAGE}/terms`)).json().entity.version).toBe('2026-12-01')
    expect((await second.inject({ url: `${MEMBERS_PAGE}/terms` })).json().entity.version).toBe('2026-12-01')

    const history = await editor.call(adminApi.adminInformationHistory, {
      params: { page: 'terms' },
      query: { limit: 1 },
    })
    expect(history.json().entity).toMatchObject({
      items: [{ version: '2026-12-01', state: 'current' }],
      next: '2026-12-01',
    })
    const older = await editor.call(adminApi.adminInformationHistory, {
      params: { page: 'terms' },
      query: { limit: 1, after: '2026-12-01' },
    })
    expect(older.json().entity).toMatchObject({
      items: [{ version: '2026-04-01', state: 'past' }],
      next: null,
    })

    const trail = await auditTrail(ctx(), 'information-page', 'terms')
    expect(trail[1]).toMatchObject({
      action: 'information.draft-changed',
      reason: 'final label',
      before: { version: 'draft-1', title: '利用規約（案）' },
      after: { version: '2026-12-01', title: '利用規約' },
    })
  })

  it('previews Markdown as members get it, naming each problem, and refuses to publish a body with any', async () => {
    const editor = await signedIn('editor')
    const preview = await editor.call(adminApi.adminInformationPreview, {
      body: { body: '## 見出し\n\n<script>alert(1)</script>\n\n[押して](javascript:alert(1))' },
    })
    expect(preview.statusCode).toBe(200)
    expect(preview.json().entity).toMatchObject({
      blocks: [
        { type: 'heading', level: 2, id: 's1', content: [{ type: 'text', text: '見出し' }] },
        { type: 'paragraph', content: [{ type: 'text', text: '押して' }] },
      ],
      problems: [
        { code: 'html', detail: null },
        { code: 'link', detail: 'javascript:alert(1)' },
      ],
    })

    // A draft may hold problems while it is written; publishing refuses it, and an empty one.
    for (const [version, body] of [
      ['bad-1', '## 第1条\n\n<b>太字</b>'],
      ['bad-2', '<!-- nothing to show -->'],
    ] as const) {
      const draft = await editor.call(adminApi.adminInformationDraftCreate, {
        params: { page: 'puriTerms' },
        body: { version, title: 'プリ利用規約', body },
      })
      expect(draft.statusCode).toBe(200)
      const refused = await editor.call(adminApi.adminInformationPublish, {
        params: { page: 'puriTerms', version },
        body: {},
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.code).toBe('INFORMATION_MARKDOWN_UNSUPPORTED')
    }
    expect((await get(`${MEMBERS_PAGE}/puriTerms`)).json().error.code).toBe('NOT_FOUND')

    // Too long, a label that is no label, and a label in use: typed refusals, nothing written.
    const tooLong = await editor.call(adminApi.adminInformationDraftCreate, {
      params: { page: 'puriTerms' },
      body: { version: 'long', title: 'プリ利用規約', body: 'あ'.repeat(INFORMATION_LIMITS.bodyMax + 1) },
    })
    expect(tooLong.json().error.code).toBe('VALIDATION_FAILED')
    const badLabel = await editor.call(adminApi.adminInformationDraftCreate, {
      params: { page: 'puriTerms' },
      body: { version: '../2026', title: 'プリ利用規約', body: '本文' },
    })
    expect(badLabel.json().error.code).toBe('VALIDATION_FAILED')
    const taken = await editor.call(adminApi.adminInformationDraftCreate, {
      params: { page: 'puriTerms' },
      body: { version: 'bad-1', title: 'プリ利用規約', body: '本文' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.code).toBe('INFORMATION_VERSION_TAKEN')
    const page = (await editor.call(adminApi.adminInformationPage, { params: { page: 'puriTerms' } })).json()
      .entity
    expect(page.drafts.map((draft: { version: string }) => draft.version).sort()).toEqual(['bad-1', 'bad-2'])
  })

  it('never changes a published version; refuses steps a version’s state does not take', async () => {
    await ctx().app.seedContent()
    const editor = await signedIn('editor')
    const at = { page: 'terms', version: '2026-04-01' }
    const change = await editor.call(adminApi.adminInformationDraftChange, {
      params: at,
      body: { title: '書き換え' },
    })
    expect(change.statusCode).toBe(409)
    expect(change.json().error.code).toBe('INFORMATION_VERSION_PUBLISHED')
    for (const route of [adminApi.adminInformationDraftDiscard, adminApi.adminInformationPublish]) {
      expect((await editor.call(route, { params: at, body: {} })).json().error.code).toBe(
        'INFORMATION_VERSION_PUBLISHED',
      )
    }
    expect((await get(`${MEMBERS_PAGE}/terms`)).json().entity.title).toBe('利用規約')

    await editor.call(adminApi.adminInformationDraftCreate, {
      params: { page: 'terms' },
      body: { version: 'v2', title: '利用規約', body: '本文' },
    })
    const notScheduled = await editor.call(adminApi.adminInformationUnschedule, {
      params: { page: 'terms', version: 'v2' },
      body: {},
    })
    expect(notScheduled.json().error.code).toBe('INFORMATION_NOT_SCHEDULED')
    const past = await editor.call(adminApi.adminInformationPublish, {
      params: { page: 'terms', version: 'v2' },
      body: { publishAt: '2026-11-20T11:59:00+09:00' },
    })
    expect(past.json().error.code).toBe('SCHEDULE_IN_PAST')
    const discarded = await editor.call(adminApi.adminInformationDraftDiscard, {
      params: { page: 'terms', version: 'v2' },
      body: { reason: 'started again' },
    })
    expect(discarded.json().entity).toMatchObject({ page: 'terms', drafts: [] })
    for (const version of ['v2', 'a/b', 'no such label', 'x'.repeat(64)]) {
      const missing = await editor.call(adminApi.adminInformationVersion, {
        params: { page: 'terms', version },
      })
      expect(missing.statusCode, version).toBe(404)
      expect(missing.json().error.code, version).toBe('INFORMATION_VERSION_NOT_FOUND')
    }
    const [entry] = await auditTrail(ctx(), 'information-page', 'terms')
    expect(entry).toMatchObject({
      action: 'information.draft-discarded',
      before: { version: 'v2', title: '利用規約', body: '本文' },
      after: null,
    })
  })

  it('lets viewers and support read every version, drafts included, and change nothing', async () => {
    await ctx().app.seedContent()
    const editor = await signedIn('editor')
    await editor.call(adminApi.adminInformationDraftCreate, {
      params: { page: 'privacy' },
      body: { version: 'next', title: '個人情報の取り扱いについて', body: '## 下書き\n\n本文' },
    })
    for (const role of ['viewer', 'support'] as const) {
      const operator = await signedIn(role)
      const read = await operator.call(adminApi.adminInformationVersion, {
        params: { page: 'privacy', version: 'next' },
      })
      expect(read.json().entity).toMatchObject({ state: 'draft', title: '個人情報の取り扱いについて' })
      const refused = [
        await operator.call(adminApi.adminInformationPreview, { body: { body: '本文' } }),
        await operator.call(adminApi.adminInformationDraftCreate, {
          params: { page: 'privacy' },
          body: { version: role, title: 'x', body: 'y' },
        }),
        await operator.call(adminApi.adminInformationDraftChange, {
          params: { page: 'privacy', version: 'next' },
          body: { title: 'x' },
        }),
        await operator.call(adminApi.adminInformationPublish, {
          params: { page: 'privacy', version: 'next' },
          body: {},
        }),
      ]
      for (const response of refused) {
        expect(response.statusCode, role).toBe(403)
        expect(response.json().error.code, role).toBe('FORBIDDEN')
      }
    }
    expect((await get(`${MEMBERS_PAGE}/privacy`)).json().entity.version).toBe('2026-04-01')
    const [entry] = await auditTrail(ctx(), 'information-page', 'privacy')
    expect(entry).toMatchObject({ action: 'information.draft-created' })
  })
})
