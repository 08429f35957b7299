import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createMember, createSession } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { createNewsRepository } from './news.repository'
import { newsItems, newsReads } from './news.schema'
import { createNewsService, type NewsDraft } from './news.service'

const LIST = '/sp/2/news/self/info'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const HOUR = 60 * 60 * 1000
const ago = (hours: number) => new Date(TEST_NOW.getTime() - hours * HOUR)

describe('news', () => {
  const ctx = useTestApp()

  function service() {
    return createNewsService({ repo: createNewsRepository(ctx().db) })
  }

  async function publish(overrides: Partial<NewsDraft> = {}) {
    return service().publish({
      category: 'info',
      title: 'お知らせ',
      body: '本文です。',
      link: null,
      priorityLevel: 0,
      publishAt: ago(1),
      publishUntil: null,
      ...overrides,
    })
  }

  function list(query = '', cookie?: string) {
    return ctx().app.inject({ url: `${LIST}${query}`, headers: cookie ? { cookie } : {} })
  }

  function markRead(id: string, cookie?: string, headers: Record<string, string> = XHR) {
    return ctx().app.inject({
      method: 'POST',
      url: `/sp/2/news/${encodeURIComponent(id)}/read`,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    })
  }

  async function member() {
    return createMember(ctx().db, ctx().clock)
  }

  const titles = (response: { json(): { entity: { entry: { title: string }[] } } }) =>
    response.json().entity.entry.map((item) => item.title)

  it('answers the spec fields of what is published now, the highest priority first, then the newest', async () => {
    const top = await publish({
      title: '大切なお知らせ',
      category: 'important',
      priorityLevel: 9,
      publishAt: ago(48),
      body: '1行目\r\n2行目',
      link: { label: 'ヘルプを見る', url: '/web/common/help/top/index' },
    })
    await publish({ title: '新しい', publishAt: ago(1) })
    await publish({ title: '古い', publishAt: ago(30) })
    await publish({ title: '中くらい', priorityLevel: 3, publishAt: ago(100), category: 'campaign' })
    await publish({ title: 'まだ', publishAt: new Date(TEST_NOW.getTime() + HOUR) })
    await publish({ title: '終わった', publishAt: ago(10), publishUntil: TEST_NOW })
    await publish({
      title: 'もうすぐ終わる',
      publishAt: ago(2),
      publishUntil: new Date(TEST_NOW.getTime() + 1),
    })

    const response = await list()
    expect(response.statusCode).toBe(200)
    expect(titles(response)).toEqual(['大切なお知らせ', '中くらい', '新しい', 'もうすぐ終わる', '古い'])
    expect(response.json().entity.entry[0]).toEqual({
      id: top.id,
      newsCategoryName: 'important',
      createdAt: '2026-11-18T12:00:00',
      title: '大切なお知らせ',
      body: '1行目\n2行目',
      link: { label: 'ヘルプを見る', url: '/web/common/help/top/index' },
      priorityLevel: 9,
      read: false,
    })
    expect(response.json()).toMatchObject({ error: null, clock: null })
  })

  it('follows "now" as it moves: an item ends at its publishUntil, another starts at its publishAt', async () => {
    await publish({ title: '期間限定', publishAt: ago(1), publishUntil: new Date(TEST_NOW.getTime() + HOUR) })
    await publish({ title: 'これから', publishAt: new Date(TEST_NOW.getTime() + HOUR) })
    expect(titles(await list())).toEqual(['期間限定'])
    ctx().clock.advance(HOUR)
    expect(titles(await list())).toEqual(['これから'])
  })

  it('lists one category; a well-formed name of none is an empty list; empty means every category', async () => {
    await publish({ title: 'A', category: 'important' })
    await publish({ title: 'B', category: 'campaign' })
    await publish({ title: 'C', category: 'info' })
    expect(titles(await list('?newsCategoryName=important'))).toEqual(['A'])
    expect(titles(await list('?newsCategoryName=campaign'))).toEqual(['B'])
    expect(titles(await list('?newsCategoryName=info'))).toEqual(['C'])
    expect(titles(await list('?newsCategoryName='))).toHaveLength(3)
    for (const unknown of [
      'sports',
      'IMPORTANT',
      'Info',
      'all',
      '__proto__',
      'constructor',
      'x'.repeat(32),
    ]) {
      const response = await list(`?newsCategoryName=${unknown}`)
      expect(response.statusCode, unknown).toBe(200)
      expect(response.json().entity, unknown).toEqual({ entry: [] })
    }
  })

  it('answers at most `count` items, 50 when not said', async () => {
    for (let i = 0; i < 52; i += 1) await publish({ title: `item ${i}`, publishAt: ago(i + 1) })
    expect(titles(await list('?count=3'))).toEqual(['item 0', 'item 1', 'item 2'])
    expect(titles(await list())).toHaveLength(50)
    expect(titles(await list('?count=50&newsCategoryName=info'))).toHaveLength(50)
  })

  it('refuses odd and huge values with VALIDATION_FAILED, never a 5xx', async () => {
    await publish()
    for (const query of [
      `?newsCategoryName=${'x'.repeat(33)}`,
      `?newsCategoryName=${'x'.repeat(10_000)}`,
      '?newsCategoryName=a%20b',
      '?newsCategoryName=%3Cscript%3E',
      '?newsCategoryName=..%2F..%2Fetc',
      '?newsCategoryName=%00',
      '?newsCategoryName=%E9%87%8D%E8%A6%81',
      '?newsCategoryName=%27%20OR%20%271%27%3D%271',
      '?newsCategoryName=important&newsCategoryName=info',
      '?count=0',
      '?count=51',
      '?count=-1',
      '?count=1.5',
      '?count=abc',
      '?count=1e309',
      `?count=${'9'.repeat(400)}`,
      '?count=NaN',
    ]) {
      const response = await list(query)
      expect(response.statusCode, query.slice(0, 60)).toBe(400)
      expect(response.json()).toMatchObject({ entity: null, error: { code: 'VALIDATION_FAILED' } })
    }
  })

  it("keeps each member's reads apart; guests always see unread", async () => {
    const first = await publish({ title: '1' })
    const second = await publish({ title: '2', publishAt: ago(2) })
    const hana = await member()
    const yui = await member()

    const marked = await markRead(first.id, hana.cookie)
    expect(marked.statusCode).toBe(200)
    expect(marked.json()).toEqual({ entity: { id: first.id, read: true }, error: null, clock: null })

    const reads = (response: { json(): { entity: { entry: { read: boolean }[] } } }) =>
      response.json().entity.entry.map((item) => item.read)
    expect(reads(await list('', hana.cookie))).toEqual([true, false])
    expect(reads(await list('', yui.cookie))).toEqual([false, false])
    expect(reads(await list())).toEqual([false, false])
    const guest = await createSession(ctx().db, ctx().clock)
    expect(reads(await list('', guest.cookie))).toEqual([false, false])

    await markRead(second.id, yui.cookie)
    expect(reads(await list('', yui.cookie))).toEqual([false, true])
    expect(reads(await list('?newsCategoryName=info', hana.cookie))).toEqual([true, false])
  })

  it('marking read again changes nothing and keeps the first time', async () => {
    const item = await publish()
    const hana = await member()
    expect((await markRead(item.id, hana.cookie)).statusCode).toBe(200)
    ctx().clock.advance(HOUR)
    expect((await markRead(item.id.toUpperCase(), hana.cookie)).statusCode).toBe(200)
    const rows = await ctx().db.select().from(newsReads)
    expect(rows).toEqual([{ accountId: hana.account.id, newsId: item.id, readAt: TEST_NOW }])
  })

  it('marking read: guests get 401, without the CSRF header 403, and nothing is written', async () => {
    const item = await publish()
    const guest = await markRead(item.id)
    expect(guest.statusCode).toBe(401)
    expect(guest.json().error.code).toBe('UNAUTHENTICATED')
    const guestSession = await createSession(ctx().db, ctx().clock)
    expect((await markRead(item.id, guestSession.cookie)).statusCode).toBe(401)
    const hana = await member()
    const bare = await markRead(item.id, hana.cookie, {})
    expect(bare.statusCode).toBe(403)
    expect(bare.json().error.code).toBe('CSRF_REJECTED')
    expect(await ctx().db.select().from(newsReads)).toEqual([])
  })

  it('marking read an unknown, unpublished or ended item is NOT_FOUND; a malformed id too, never a 5xx', async () => {
    const hana = await member()
    const future = await publish({ publishAt: new Date(TEST_NOW.getTime() + HOUR) })
    const ended = await publish({ publishAt: ago(10), publishUntil: ago(1) })
    for (const id of [
      future.id,
      ended.id,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "' OR '1'='1",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '\u0000',
      'ＡＢＣ',
      '1',
      '-1',
    ]) {
      const response = await markRead(id, hana.cookie)
      expect(response.statusCode, id).toBe(404)
      expect(response.json()).toMatchObject({ entity: null, error: { code: 'NOT_FOUND' } })
    }
    const long = await markRead('x'.repeat(65), hana.cookie)
    expect(long.statusCode).toBe(400)
    expect(long.json().error.code).toBe('VALIDATION_FAILED')
    expect(await ctx().db.select().from(newsReads)).toEqual([])
  })

  it('a stored link that is not allowed any more is not served (checked again on the way out)', async () => {
    const [row] = await ctx()
      .db.insert(newsItems)
      .values({
        category: 'info',
        title: '古いリンク',
        body: '本文',
        linkLabel: '開く',
        linkUrl: 'javascript:alert(1)',
        publishAt: ago(1),
      })
      .returning()
    const response = await list()
    expect(response.json().entity.entry).toEqual([expect.objectContaining({ id: row!.id, link: null })])
  })

  it("an account's reads go with the account", async () => {
    const item = await publish()
    const hana = await member()
    await markRead(item.id, hana.cookie)
    await ctx().db.delete(accounts).where(eq(accounts.id, hana.account.id))
    expect(await ctx().db.select().from(newsReads)).toEqual([])
  })

  it('the demo news are seeded once: an edited item is kept, a deleted one comes back', async () => {
    await ctx().app.seedDemo()
    const seeded = await list()
    expect(titles(seeded)).toHaveLength(6)
    expect(seeded.json().entity.entry[0]).toMatchObject({ newsCategoryName: 'important', priorityLevel: 9 })
    const [first] = await ctx().db.select().from(newsItems).limit(1)
    await ctx().db.update(newsItems).set({ title: '編集したタイトル' }).where(eq(newsItems.id, first!.id))
    await ctx().app.seedDemo()
    const rows = await ctx().db.select().from(newsItems)
    expect(rows).toHaveLength(6)
    expect(rows.find((row) => row.id === first!.id)?.title).toBe('編集したタイトル')
    await ctx().db.delete(newsItems).where(eq(newsItems.id, first!.id))
    await ctx().app.seedDemo()
    expect(await ctx().db.select().from(newsItems)).toHaveLength(6)
    // Every demo link is allowed, and every item is in one of the categories.
    for (const item of seeded.json().entity.entry) {
      if (item.link) expect(item.link.url).toMatch(/^\/(?!\/)/)
    }
  })
})
