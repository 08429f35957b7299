import { adminApi } from '@puribox/contract/admin-api'
import { describe, expect, it } from 'vitest'
import { CONSOLE_IP, consoleOperator } from '../../test/console'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import type { OperatorRole } from '../actor'

const HOUR = 60 * 60 * 1000
const MEMBERS_NEWS = '/sp/2/news/self/info'

describe('the console writes news: /admin/api/news', () => {
  const ctx = useTestApp()

  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** The titles members see now, as a member's browser asks for them. */
  async function membersSee(cookie: string): Promise<string[]> {
    const response = await ctx().app.inject({ url: MEMBERS_NEWS, headers: { cookie } })
    return response.json().entity.entry.map((item: { title: string }) => item.title)
  }

  it('schedules an item that members see from its time on, with every step in the audit log', async () => {
    const editor = await signedIn('editor')
    const member = await createMember(ctx().db, ctx().clock)
    const created = await editor.call(adminApi.adminNewsCreate, {
      body: {
        category: 'important',
        title: '年末年始のお休み',
        body: '12月31日から休みます。',
        reason: 'holidays',
      },
    })
    expect(created.statusCode).toBe(200)
    const item = created.json().entity
    expect(item).toMatchObject({ state: 'draft', publishAt: null, createdAt: TEST_NOW.toISOString() })

    const at = new Date(TEST_NOW.getTime() + 2 * HOUR)
    const scheduled = await editor.call(adminApi.adminNewsSchedule, {
      params: { newsId: item.id },
      body: { publishAt: '2026-11-20T14:00:00+09:00', reason: 'after the evening meeting' },
    })
    expect(scheduled.json().entity).toMatchObject({ state: 'scheduled', publishAt: at.toISOString() })

    // Members see it from its time on, and not a moment before: no job publishes it.
    expect(await membersSee(member.cookie)).toEqual([])
    ctx().clock.advance(2 * HOUR - 1)
    expect(await membersSee(member.cookie)).toEqual([])
    ctx().clock.advance(1)
    expect(await membersSee(member.cookie)).toEqual(['年末年始のお休み'])

    const withdrawn = await editor.call(adminApi.adminNewsWithdraw, {
      params: { newsId: item.id },
      body: { reason: 'posted too early' },
    })
    expect(withdrawn.json().entity.state).toBe('withdrawn')
    expect(await membersSee(member.cookie)).toEqual([])

    const audit = await (await signedIn('admin')).call(adminApi.auditLog, {
      query: { targetKind: 'news', targetId: item.id },
    })
    const entries = audit.json().entity.entries
    expect(
      entries.map((entry: { action: string; reason: string | null }) => [entry.action, entry.reason]),
    ).toEqual([
      ['news.withdrawn', 'posted too early'],
      ['news.scheduled', 'after the evening meeting'],
      ['news.draft-created', 'holidays'],
    ])
    expect(entries[1]).toMatchObject({
      actor: { kind: 'operator', operatorId: editor.operator.id },
      clientIp: CONSOLE_IP,
      before: { publishAt: null },
      after: { publishAt: at.toISOString() },
    })
  })

  it('changes a published item for members at once, publishes a draft now, and lists by state', async () => {
    const admin = await signedIn('admin')
    const member = await createMember(ctx().db, ctx().clock)
    const draft = (
      await admin.call(adminApi.adminNewsCreate, {
        body: { category: 'info', title: '旧タイトル', body: '本文', priorityLevel: 3 },
      })
    ).json().entity
    const other = (
      await admin.call(adminApi.adminNewsCreate, {
        body: { category: 'campaign', title: '下書き', body: '本文' },
      })
    ).json().entity
    expect(
      (await admin.call(adminApi.adminNewsPublish, { params: { newsId: draft.id }, body: {} })).json().entity
        .state,
    ).toBe('published')
    expect(await membersSee(member.cookie)).toEqual(['旧タイトル'])
    const changed = await admin.call(adminApi.adminNewsChange, {
      params: { newsId: draft.id },
      body: { title: '新タイトル', reason: 'typo' },
    })
    expect(changed.json().entity).toMatchObject({ title: '新タイトル', state: 'published', priorityLevel: 3 })
    expect(await membersSee(member.cookie)).toEqual(['新タイトル'])

    const published = await admin.call(adminApi.adminNews, { query: { state: 'published' } })
    expect(published.json().entity).toMatchObject({ items: [{ id: draft.id }], next: null })
    const drafts = await admin.call(adminApi.adminNews, { query: { state: 'draft' } })
    expect(drafts.json().entity.items.map((item: { id: string }) => item.id)).toEqual([other.id])

    const entry = (await admin.call(adminApi.auditLog, { query: { action: 'news.changed' } })).json().entity
      .entries[0]
    expect(entry).toMatchObject({
      reason: 'typo',
      before: { title: '旧タイトル' },
      after: { title: '新タイトル' },
    })
  })

  it('lets viewers and support read and change nothing; refuses a published item twice and an unknown id', async () => {
    const editor = await signedIn('editor')
    const item = (
      await editor.call(adminApi.adminNewsCreate, {
        body: { category: 'info', title: 'お知らせ', body: '本文' },
      })
    ).json().entity
    for (const role of ['viewer', 'support'] as const) {
      const reader = await signedIn(role)
      expect((await reader.call(adminApi.adminNews)).json().entity.items).toHaveLength(1)
      expect((await reader.call(adminApi.adminNewsItem, { params: { newsId: item.id } })).statusCode).toBe(
        200,
      )
      for (const [route, input] of [
        [adminApi.adminNewsCreate, { body: { category: 'info', title: 'x', body: 'y' } }],
        [adminApi.adminNewsChange, { params: { newsId: item.id }, body: { title: 'x' } }],
        [adminApi.adminNewsPublish, { params: { newsId: item.id }, body: {} }],
        [adminApi.adminNewsWithdraw, { params: { newsId: item.id }, body: {} }],
      ] as const) {
        const answer = await reader.call(route, input)
        expect([answer.statusCode, answer.json().error.code], `${role} ${route.path}`).toEqual([
          403,
          'FORBIDDEN',
        ])
      }
    }
    await editor.call(adminApi.adminNewsPublish, { params: { newsId: item.id }, body: {} })
    const twice = await editor.call(adminApi.adminNewsPublish, { params: { newsId: item.id }, body: {} })
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'NEWS_STATE_CONFLICT'])
    const past = await editor.call(adminApi.adminNewsSchedule, {
      params: { newsId: item.id },
      body: { publishAt: '2026-11-20T11:00:00+09:00' },
    })
    expect(past.json().error.code).toBe('NEWS_STATE_CONFLICT')
    const unknown = await editor.call(adminApi.adminNewsItem, {
      params: { newsId: '00000000-0000-4000-8000-0000000000ff' },
    })
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'NEWS_NOT_FOUND'])
    const badLink = await editor.call(adminApi.adminNewsChange, {
      params: { newsId: item.id },
      body: { link: { label: '開く', url: 'javascript:alert(1)' } },
    })
    expect([badLink.statusCode, badLink.json().error.code]).toEqual([400, 'VALIDATION_FAILED'])
  })
})
