import { beforeEach, describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { buildMemberCaller } from '../../test/callers'
import { buildOperatorActor } from '../../test/console'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { type Actor, systemActor } from '../actor'
import { createEventBus, type EventEnvelope } from '../events'
import { createNewsRepository } from './news.repository'
import { createNewsService } from './news.service'
import { createNewsAdminRepository } from './news-admin.repository'
import { createNewsAdminService } from './news-admin.service'

const operator = buildOperatorActor
const editor = operator('editor')
const HOUR = 60 * 60 * 1000
const later = (hours: number) => new Date(TEST_NOW.getTime() + hours * HOUR)

const DRAFT = { category: 'info', title: ' 冬のお知らせ ', body: '1行目\r\n2行目' } as const

async function setUp() {
  const { db } = await testDatabase()
  const bus = createEventBus()
  const told: EventEnvelope[] = []
  bus.onEvery('test', async (_tx, event) => {
    told.push(event)
  })
  const clock = fixedClock(TEST_NOW)
  const admin = createNewsAdminService({ repo: createNewsAdminRepository(db, bus), clock })
  const members = createNewsService({ repo: createNewsRepository(db) })
  const shown = async () =>
    (await members.list({ now: clock.now(), categoryName: undefined, count: 50, accountId: null })).entry.map(
      (item) => item.id,
    )
  return { admin, clock, told, shown }
}

describe('news in the console (service)', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('takes an item from draft to scheduled, published, withdrawn and back, each step an event', async () => {
    const { admin, clock, told, shown } = await setUp()
    const draft = await admin.createDraft(editor, { ...DRAFT, reason: 'winter notice' })
    expect(draft).toMatchObject({
      state: 'draft',
      title: '冬のお知らせ',
      body: '1行目\n2行目',
      priorityLevel: 0,
      link: null,
      publishAt: null,
    })
    expect(await shown()).toEqual([])

    const scheduled = await admin.schedule(editor, draft.id, { publishAt: later(2).toISOString() })
    expect(scheduled).toMatchObject({ state: 'scheduled', publishAt: later(2).toISOString() })
    expect(await shown()).toEqual([])
    clock.advance(2 * HOUR)
    expect((await admin.item(editor, draft.id)).state).toBe('published')
    expect(await shown()).toEqual([draft.id])

    expect((await admin.withdraw(editor, draft.id, { reason: 'wrong date' })).state).toBe('withdrawn')
    expect(await shown()).toEqual([])
    expect((await admin.publishNow(editor, draft.id, {})).state).toBe('published')
    expect(await shown()).toEqual([draft.id])

    expect(told.map((event) => [event.name, event.reason])).toEqual([
      ['news.draft-created', 'winter notice'],
      ['news.scheduled', null],
      ['news.withdrawn', 'wrong date'],
      ['news.published', null],
    ])
    expect(told[0]).toMatchObject({
      actor: editor,
      target: { kind: 'news', id: draft.id },
      before: null,
      after: { title: '冬のお知らせ', category: 'info', publishUntil: null },
    })
    expect(told[1]).toMatchObject({
      before: { publishAt: null },
      after: { publishAt: later(2).toISOString() },
    })
    expect(told[2]).toMatchObject({
      before: { withdrawnAt: null },
      after: { withdrawnAt: later(2).toISOString() },
    })
  })

  it('changes only the fields given, records them before and after, and tells nothing when nothing changed', async () => {
    const { admin, told } = await setUp()
    const draft = await admin.createDraft(editor, DRAFT)
    const changed = await admin.change(editor, draft.id, {
      title: '新しいタイトル',
      link: { label: 'くわしく', url: '/sp/puri_news' },
      reason: 'typo',
    })
    expect(changed).toMatchObject({
      title: '新しいタイトル',
      body: '1行目\n2行目',
      link: { label: 'くわしく', url: '/sp/puri_news' },
    })
    expect(told[1]).toMatchObject({
      name: 'news.changed',
      reason: 'typo',
      before: { title: '冬のお知らせ', linkLabel: null, linkUrl: null },
      after: { title: '新しいタイトル', linkLabel: 'くわしく', linkUrl: '/sp/puri_news' },
    })
    expect(Object.keys(told[1]!.after ?? {}).sort()).toEqual(['linkLabel', 'linkUrl', 'title'])
    await admin.change(editor, draft.id, { title: '新しいタイトル' })
    expect(told).toHaveLength(2)
  })

  it('refuses steps the state does not allow, a time that has passed, and a window that ends before it starts', async () => {
    const { admin } = await setUp()
    const draft = await admin.createDraft(editor, { ...DRAFT, publishUntil: later(1).toISOString() })
    await expect(admin.withdraw(editor, draft.id, {})).rejects.toMatchObject({ code: 'NEWS_STATE_CONFLICT' })
    await expect(
      admin.schedule(editor, draft.id, { publishAt: TEST_NOW.toISOString() }),
    ).rejects.toMatchObject({ code: 'SCHEDULE_IN_PAST' })
    await expect(
      admin.schedule(editor, draft.id, { publishAt: later(3).toISOString() }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    await admin.publishNow(editor, draft.id, {})
    await expect(admin.publishNow(editor, draft.id, {})).rejects.toMatchObject({
      code: 'NEWS_STATE_CONFLICT',
    })
    await expect(
      admin.schedule(editor, draft.id, { publishAt: later(0.5).toISOString() }),
    ).rejects.toMatchObject({ code: 'NEWS_STATE_CONFLICT' })
    await expect(
      admin.change(editor, draft.id, { publishUntil: TEST_NOW.toISOString() }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    await expect(
      admin.change(editor, draft.id, { link: { label: '開く', url: 'javascript:alert(1)' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    await admin.withdraw(editor, draft.id, {})
    await expect(admin.withdraw(editor, draft.id, {})).rejects.toMatchObject({ code: 'NEWS_STATE_CONFLICT' })
    const unknown = '00000000-0000-4000-8000-0000000000ff'
    await expect(admin.publishNow(editor, unknown, {})).rejects.toMatchObject({ code: 'NEWS_NOT_FOUND' })
    await expect(admin.item(editor, unknown)).rejects.toMatchObject({ code: 'NEWS_NOT_FOUND' })
  })

  it('lists by state, the newest written first, a page at a time', async () => {
    const { admin, clock } = await setUp()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000)
      ids.push((await admin.createDraft(editor, { ...DRAFT, title: `item ${i}` })).id)
    }
    await admin.publishNow(editor, ids[1]!, {})
    await admin.schedule(editor, ids[3]!, { publishAt: later(5).toISOString() })
    const first = await admin.list(editor, { limit: 2 })
    expect(first.items.map((item) => item.id)).toEqual([ids[4], ids[3]])
    const second = await admin.list(editor, { limit: 2, after: first.next! })
    expect(second.items.map((item) => item.id)).toEqual([ids[2], ids[1]])
    const third = await admin.list(editor, { limit: 2, after: second.next! })
    expect([third.items.map((item) => item.id), third.next]).toEqual([[ids[0]], null])
    expect((await admin.list(editor, { state: 'draft', limit: 50 })).items.map((item) => item.id)).toEqual([
      ids[4],
      ids[2],
      ids[0],
    ])
    expect(
      (await admin.list(editor, { state: 'scheduled', limit: 50 })).items.map((item) => item.id),
    ).toEqual([ids[3]])
    expect(
      (await admin.list(editor, { state: 'published', limit: 50 })).items.map((item) => item.id),
    ).toEqual([ids[1]])
  })

  it('refuses every change but to editors and admins, and every reading but to operators, with FORBIDDEN', async () => {
    const { admin, told } = await setUp()
    const draft = await admin.createDraft(editor, DRAFT)
    const refused: Actor[] = [
      operator('viewer'),
      operator('support'),
      buildMemberCaller(),
      systemActor('demo'),
    ]
    for (const actor of refused) {
      for (const attempt of [
        () => admin.createDraft(actor, DRAFT),
        () => admin.change(actor, draft.id, { title: 'x' }),
        () => admin.schedule(actor, draft.id, { publishAt: later(1).toISOString() }),
        () => admin.publishNow(actor, draft.id, {}),
        () => admin.withdraw(actor, draft.id, {}),
      ]) {
        await expect(attempt(), actor.kind).rejects.toMatchObject({ code: 'FORBIDDEN' })
      }
    }
    for (const actor of [buildMemberCaller(), systemActor('demo')]) {
      await expect(admin.list(actor, { limit: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    }
    expect((await admin.list(operator('viewer'), { limit: 10 })).items).toHaveLength(1)
    expect((await admin.publishNow(operator('admin'), draft.id, {})).state).toBe('published')
    expect(told.map((event) => event.name)).toEqual(['news.draft-created', 'news.published'])
  })
})
