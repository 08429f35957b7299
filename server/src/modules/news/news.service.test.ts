import { beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { createNewsRepository } from './news.repository'
import { createNewsService, type NewsDraft } from './news.service'

const DRAFT: NewsDraft = {
  category: 'campaign',
  title: '  冬だけの限定フレーム  ',
  body: '1行目\r\n2行目\r3行目\n',
  link: { label: ' くわしく見る ', url: 'https://example.com/winter' },
  priorityLevel: 3,
  publishAt: TEST_NOW,
  publishUntil: null,
}

describe('news service', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  async function service() {
    const { db } = await testDatabase()
    return createNewsService({ repo: createNewsRepository(db) })
  }

  it('stores a checked item: trimmed, one kind of line break, the link normalised', async () => {
    const news = await service()
    const row = await news.publish(DRAFT)
    expect(row).toMatchObject({
      category: 'campaign',
      title: '冬だけの限定フレーム',
      body: '1行目\n2行目\n3行目',
      linkLabel: 'くわしく見る',
      linkUrl: 'https://example.com/winter',
      priorityLevel: 3,
      publishAt: TEST_NOW,
      publishUntil: null,
    })
    const { entry } = await news.list({ now: TEST_NOW, categoryName: undefined, count: 50, accountId: null })
    expect(entry.map((item) => item.id)).toEqual([row.id])
  })

  it.each<[string, Partial<NewsDraft>]>([
    ['an unknown category', { category: 'sports' }],
    ['an empty title', { title: '   ' }],
    ['a title too long', { title: 'あ'.repeat(81) }],
    ['a title on two lines', { title: '1行目\n2行目' }],
    ['an empty body', { body: '\n\n' }],
    ['a body too long', { body: 'あ'.repeat(2001) }],
    ['a body with control characters', { body: 'a\u0000b' }],
    ['a javascript: link', { link: { label: '開く', url: 'javascript:alert(1)' } }],
    ['an encoded javascript: link', { link: { label: '開く', url: 'jav\tascript:alert(1)' } }],
    ['a data: link', { link: { label: '開く', url: 'data:text/html,<script>alert(1)</script>' } }],
    ['an http: link', { link: { label: '開く', url: 'http://example.com/' } }],
    ['a protocol-relative link', { link: { label: '開く', url: '//evil.example/' } }],
    ['a backslash link', { link: { label: '開く', url: '/\\evil.example/' } }],
    ['a link too long', { link: { label: '開く', url: `/sp/${'a'.repeat(500)}` } }],
    ['a link without a label', { link: { label: ' ', url: '/sp/top/menu' } }],
    ['a label too long', { link: { label: 'あ'.repeat(41), url: '/sp/top/menu' } }],
    ['a priority above 9', { priorityLevel: 10 }],
    ['a negative priority', { priorityLevel: -1 }],
    ['a fractional priority', { priorityLevel: 1.5 }],
    ['an invalid date', { publishAt: new Date(Number.NaN) }],
    ['an end before the start', { publishUntil: new Date(TEST_NOW.getTime() - 1) }],
    ['an end at the start', { publishUntil: TEST_NOW }],
    ['an id that is no UUID', { id: 'demo-1' }],
  ])('refuses %s with VALIDATION_FAILED, storing nothing', async (_name, change) => {
    const news = await service()
    await expect(news.publish({ ...DRAFT, ...change })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(
      (await news.list({ now: TEST_NOW, categoryName: undefined, count: 50, accountId: null })).entry,
    ).toEqual([])
  })

  it('a list never asks for more than 50 or fewer than 1, whatever it is given', async () => {
    const news = await service()
    await news.publish(DRAFT)
    for (const count of [0, -5, 1e9, 2.7]) {
      const { entry } = await news.list({ now: TEST_NOW, categoryName: undefined, count, accountId: null })
      expect(entry, String(count)).toHaveLength(1)
    }
  })
})
