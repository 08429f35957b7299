import { adminApi } from '@puribox/contract/admin-api'
import type { AuditionCreate } from '@puribox/contract/admin-auditions'
import { addDays } from '@puribox/contract/time'
import { describe, expect, it } from 'vitest'
import { auditTrail, consoleOperator } from '../../test/console'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import type { OperatorRole } from '../actor'
import { profiles } from '../profile/profile.schema'
import { seedDemoAuditions } from './auditions.demo'
import { createAuditionsRepository } from './auditions.repository'
import { auditionGuardianConsents } from './auditions.schema'

const HOUR = 60 * 60 * 1000
const MEMBERS_LIST = '/sp/2/auditions/self'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
/** An id the sandbox verifier knows, as an audition registered there first would be. */
const AUDITION_ID = 'adult-ad-2027'
const iso = (date: Date) => date.toISOString()

/** An audition as an editor writes it in the console: for 20 to 34, open from an hour ago for 30 days. */
function write(overrides: Partial<AuditionCreate> = {}): AuditionCreate {
  return {
    id: AUDITION_ID,
    title: '大人プリ 広告モデル オーディション',
    organizer: 'PuriBox',
    description: '大人向けのプリ機の広告モデルを募集します。\n撮影は平日の日中です。',
    minAge: 20,
    maxAge: 34,
    opensAt: iso(new Date(TEST_NOW.getTime() - HOUR)),
    closesAt: iso(addDays(TEST_NOW, 30)),
    ...overrides,
  }
}

describe('the console writes, changes and closes auditions: /admin/api/auditions', () => {
  const ctx = useTestApp()
  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** A member with a birthday: 1998-04-01 is 28 on TEST_NOW. */
  async function member(birthday = '1998-04-01') {
    const created = await createMember(ctx().db, ctx().clock)
    await ctx().db.insert(profiles).values({ accountId: created.account.id, birthday })
    return created
  }

  /** The titles of the auditions the member's page lists now. */
  async function membersTitles(cookie: string): Promise<string[]> {
    const response = await ctx().app.inject({ url: MEMBERS_LIST, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    return response.json().entity.auditions.map((audition: { title: string }) => audition.title)
  }

  /** The member applies as members do: a check at the sandbox verifier, VERIFIED, read back. */
  async function apply(cookie: string) {
    const started = await ctx().app.inject({
      method: 'POST',
      url: `/sp/2/auditions/self/${AUDITION_ID}/checks`,
      headers: { ...XHR, cookie },
    })
    expect(started.statusCode).toBe(200)
    const { check, redirectUrl } = started.json().entity
    await ctx().app.inject({
      method: 'POST',
      url: new URL(redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=VERIFIED',
    })
    const read = await ctx().app.inject({
      url: `/sp/2/auditions/self/checks/${check.id}`,
      headers: { cookie },
    })
    expect(read.json().entity.state).toBe('VERIFIED')
  }

  it('writes an audition members of its ages see at once, changes it, closes it early, and audits each step', async () => {
    const editor = await signedIn('editor')
    const adult = await member()
    const teen = await member('2010-04-01')
    const otherTeen = await member('2011-04-01')
    const created = await editor.call(adminApi.adminAuditionCreate, {
      body: write({ reason: 'spring shoot' }),
    })
    expect(created.statusCode).toBe(200)
    expect(created.json().entity).toMatchObject({
      id: AUDITION_ID,
      state: 'open',
      minAge: 20,
      maxAge: 34,
      createdAt: iso(TEST_NOW),
      applicationsSent: 0,
      progress: {
        applicants: 0,
        guardianConsents: { PENDING: 0, EXPIRED: 0, AGREED: 0, DECLINED: 0 },
        identityChecks: { PENDING: 0, VERIFIED: 0, REJECTED: 0, ABANDONED: 0, EXPIRED: 0 },
        sent: 0,
      },
    })
    expect(await membersTitles(adult.cookie)).toEqual(['大人プリ 広告モデル オーディション'])

    const changed = await editor.call(adminApi.adminAuditionChange, {
      params: { auditionId: AUDITION_ID },
      body: { title: '大人プリ 広告モデル 2027', maxAge: 39, reason: 'wider' },
    })
    expect(changed.json().entity).toMatchObject({ title: '大人プリ 広告モデル 2027', maxAge: 39 })
    expect(await membersTitles(adult.cookie)).toEqual(['大人プリ 広告モデル 2027'])
    // Once open, its opening is the members' already.
    const moved = await editor.call(adminApi.adminAuditionChange, {
      params: { auditionId: AUDITION_ID },
      body: { opensAt: iso(addDays(TEST_NOW, 1)) },
    })
    expect([moved.statusCode, moved.json().error.code]).toEqual([409, 'AUDITION_STATE_CONFLICT'])

    // One member applies; a minor asked a guardian, then asked again; another's link ran out.
    await apply(adult.cookie)
    const consent = {
      accountId: teen.account.id,
      auditionId: AUDITION_ID,
      referenceNumber: 'GC261120-ABCD',
      guardianName: '山田 花子',
      relation: 'MOTHER' as const,
      mailAddress: 'mother@example.jp',
      requestedAt: TEST_NOW,
    }
    await ctx()
      .db.insert(auditionGuardianConsents)
      .values([
        { ...consent, tokenHash: 'a', state: 'REPLACED', expiresAt: addDays(TEST_NOW, 3) },
        { ...consent, tokenHash: 'b', expiresAt: addDays(TEST_NOW, 3) },
        {
          ...consent,
          accountId: otherTeen.account.id,
          tokenHash: 'c',
          expiresAt: new Date(TEST_NOW.getTime() - HOUR),
        },
      ])
    const viewer = await signedIn('viewer')
    const read = (await viewer.call(adminApi.adminAudition, { params: { auditionId: AUDITION_ID } })).json()
      .entity
    expect(read).toMatchObject({
      applicationsSent: 1,
      progress: {
        applicants: 3,
        guardianConsents: { PENDING: 1, EXPIRED: 1, AGREED: 0, DECLINED: 0 },
        identityChecks: { PENDING: 0, VERIFIED: 1, REJECTED: 0, ABANDONED: 0, EXPIRED: 0 },
        sent: 1,
      },
    })

    // The application as it went: the member and birthday only to those who see personal data.
    const support = await signedIn('support')
    const applications = async (operator: typeof viewer) =>
      (
        await operator.call(adminApi.adminAuditionApplications, { params: { auditionId: AUDITION_ID } })
      ).json().entity
    const seen = await applications(support)
    expect(seen).toEqual({
      items: [
        {
          referenceNumber: expect.stringMatching(/^AU261120-[0-9A-Z]{6}$/),
          accountId: adult.account.id,
          birthday: '1998-04-01',
          age: 28,
          sentAt: iso(TEST_NOW),
          identityCheckedAt: expect.stringMatching(/^2026-11-20T03:00:/),
          guardianConsent: null,
        },
      ],
      next: null,
    })
    const masked = await applications(viewer)
    expect(masked.items[0]).toMatchObject({ accountId: '***', birthday: '***', age: 28 })
    expect(JSON.stringify(await applications(editor))).not.toContain(adult.account.id)

    const closed = await editor.call(adminApi.adminAuditionClose, {
      params: { auditionId: AUDITION_ID },
      body: { reason: 'filled' },
    })
    expect(closed.json().entity).toMatchObject({ state: 'closed', closesAt: iso(TEST_NOW) })
    expect(await membersTitles(adult.cookie)).toEqual([])
    for (const step of [
      editor.call(adminApi.adminAuditionClose, { params: { auditionId: AUDITION_ID }, body: {} }),
      editor.call(adminApi.adminAuditionChange, {
        params: { auditionId: AUDITION_ID },
        body: { title: 'x' },
      }),
    ]) {
      const answer = await step
      expect([answer.statusCode, answer.json().error.code]).toEqual([409, 'AUDITION_STATE_CONFLICT'])
    }

    const trail = await auditTrail(ctx(), 'audition', AUDITION_ID)
    expect(trail.map((entry) => [entry.action, entry.reason])).toEqual([
      ['auditions.closed', 'filled'],
      ['auditions.changed', 'wider'],
      ['auditions.created', 'spring shoot'],
    ])
    expect(trail[1]).toMatchObject({
      actor: { operatorId: editor.operator.id },
      before: { title: '大人プリ 広告モデル オーディション', maxAge: 34 },
      after: { title: '大人プリ 広告モデル 2027', maxAge: 39 },
    })
    expect(trail[0]).toMatchObject({ after: { closesAt: iso(TEST_NOW) } })
  })

  it('lists auditions by state in each list’s order, a page at a time, and closes one still to come', async () => {
    const admin = await signedIn('admin')
    const repo = createAuditionsRepository(ctx().db)
    const text = { organizer: 'PuriBox', description: 'テスト', minAge: 0, maxAge: 120 }
    const day = (days: number) => addDays(TEST_NOW, days)
    await repo.addAudition({ id: 'open-late', title: 'A', ...text, opensAt: day(-9), closesAt: day(20) })
    await repo.addAudition({ id: 'open-soon', title: 'B', ...text, opensAt: day(-5), closesAt: day(3) })
    await repo.addAudition({ id: 'next-one', title: 'C', ...text, opensAt: day(2), closesAt: day(30) })
    await repo.addAudition({ id: 'old-one', title: 'D', ...text, opensAt: day(-90), closesAt: day(-30) })
    await repo.addAudition({ id: 'past-one', title: 'E', ...text, opensAt: day(-60), closesAt: day(-1) })
    const ids = async (query: Record<string, unknown>) => {
      const page = (await admin.call(adminApi.adminAuditions, { query })).json().entity
      return [page.items.map((item: { id: string }) => item.id), page.next]
    }
    expect(await ids({ state: 'open' })).toEqual([['open-soon', 'open-late'], null])
    expect(await ids({ state: 'upcoming' })).toEqual([['next-one'], null])
    expect(await ids({ state: 'closed' })).toEqual([['past-one', 'old-one'], null])
    expect(await ids({ limit: 2 })).toEqual([['next-one', 'open-soon'], 'open-soon'])
    expect(await ids({ limit: 2, after: 'open-soon' })).toEqual([['open-late', 'past-one'], 'past-one'])
    expect(await ids({ limit: 2, after: 'past-one' })).toEqual([['old-one'], null])
    expect(await ids({ state: 'closed', limit: 1, after: 'past-one' })).toEqual([['old-one'], null])

    const cancelled = await admin.call(adminApi.adminAuditionClose, {
      params: { auditionId: 'next-one' },
      body: { reason: 'called off' },
    })
    expect(cancelled.json().entity).toMatchObject({
      state: 'closed',
      opensAt: iso(new Date(TEST_NOW.getTime() - 1)),
      closesAt: iso(TEST_NOW),
    })
    expect(await ids({ state: 'upcoming' })).toEqual([[], null])
    // Still to come, its opening could move; it may open at once too.
    await repo.addAudition({ id: 'later-one', title: 'F', ...text, opensAt: day(5), closesAt: day(30) })
    const now = await admin.call(adminApi.adminAuditionChange, {
      params: { auditionId: 'later-one' },
      body: { opensAt: iso(TEST_NOW) },
    })
    expect(now.json().entity).toMatchObject({ state: 'open', opensAt: iso(TEST_NOW) })
  })

  it('refuses what cannot be an audition with typed errors, and every role but editors and admins', async () => {
    const editor = await signedIn('editor')
    const refused = async (body: AuditionCreate) => {
      const answer = await editor.call(adminApi.adminAuditionCreate, { body })
      return [answer.statusCode, answer.json().error.code]
    }
    const invalid = [400, 'VALIDATION_FAILED']
    expect(await refused(write({ id: 'Has_Capitals' }))).toEqual(invalid)
    expect(await refused(write({ title: ' ' }))).toEqual(invalid)
    expect(await refused(write({ minAge: 30, maxAge: 20 }))).toEqual(invalid)
    expect(await refused(write({ maxAge: 121 }))).toEqual(invalid)
    expect(await refused(write({ closesAt: write().opensAt }))).toEqual(invalid)
    expect(
      await refused(
        write({
          opensAt: iso(new Date(TEST_NOW.getTime() - 3 * HOUR)),
          closesAt: iso(new Date(TEST_NOW.getTime() - HOUR)),
        }),
      ),
    ).toEqual(invalid)
    expect((await editor.call(adminApi.adminAuditionCreate, { body: write() })).statusCode).toBe(200)
    expect(await refused(write())).toEqual([409, 'AUDITION_TAKEN'])
    const shrink = await editor.call(adminApi.adminAuditionChange, {
      params: { auditionId: AUDITION_ID },
      body: { minAge: 35 },
    })
    expect([shrink.statusCode, shrink.json().error.code]).toEqual(invalid)

    for (const [route, input] of [
      [adminApi.adminAudition, {}],
      [adminApi.adminAuditionApplications, {}],
      [adminApi.adminAuditionChange, { body: { title: 'x' } }],
      [adminApi.adminAuditionClose, { body: {} }],
    ] as const) {
      for (const auditionId of ['no-such-one', '../etc', 'a'.repeat(64)]) {
        const answer = await editor.call(route, { params: { auditionId }, ...input })
        expect([answer.statusCode, answer.json().error.code], `${route.path} ${auditionId}`).toEqual([
          404,
          'AUDITION_NOT_FOUND',
        ])
      }
    }

    for (const role of ['viewer', 'support'] as const) {
      const operator = await signedIn(role)
      for (const [route, input] of [
        [adminApi.adminAuditionCreate, { body: write({ id: 'another-one' }) }],
        [adminApi.adminAuditionChange, { params: { auditionId: AUDITION_ID }, body: { title: 'x' } }],
        [adminApi.adminAuditionClose, { params: { auditionId: AUDITION_ID }, body: {} }],
      ] as const) {
        const answer = await operator.call(route, input)
        expect([answer.statusCode, answer.json().error.code], `${role} ${route.path}`).toEqual([
          403,
          'FORBIDDEN',
        ])
      }
      const read = await operator.call(adminApi.adminAudition, { params: { auditionId: AUDITION_ID } })
      expect(read.json().entity.title).toBe('大人プリ 広告モデル オーディション')
    }
    expect(await auditTrail(ctx(), 'audition', 'another-one')).toEqual([])
  })

  it("keeps an operator's change to a demo audition when the demo is seeded again at the next start", async () => {
    const repo = createAuditionsRepository(ctx().db)
    await seedDemoAuditions(repo, TEST_NOW)
    const editor = await signedIn('editor')
    await editor.call(adminApi.adminAuditionChange, {
      params: { auditionId: AUDITION_ID },
      body: { title: '運営が直したタイトル' },
    })
    await editor.call(adminApi.adminAuditionClose, {
      params: { auditionId: 'friends-campaign-2027' },
      body: {},
    })
    ctx().clock.advance(24 * HOUR)
    await seedDemoAuditions(repo, ctx().clock.now())
    expect((await repo.findAudition(AUDITION_ID))?.title).toBe('運営が直したタイトル')
    expect((await repo.findAudition('friends-campaign-2027'))?.closesAt).toEqual(TEST_NOW)
  })
})
