import { describe, expect, it } from 'vitest'
import { newsFromOf, newsHash, newsPagePath, parseNewsHash } from './news-pages'

const ID = '6e0f3c1a-0d5e-4d7a-9a51-000000000001'

describe('the news page hash', () => {
  it.each([
    ['#/all', { view: 'list', category: null }],
    ['', { view: 'list', category: null }],
    ['#', { view: 'list', category: null }],
    ['#/', { view: 'list', category: null }],
    ['#/important', { view: 'list', category: 'important' }],
    ['#/campaign', { view: 'list', category: 'campaign' }],
    ['#/info', { view: 'list', category: 'info' }],
    ['#/IMPORTANT', { view: 'list', category: null }],
    ['#/sports', { view: 'list', category: null }],
    [`#/${ID}`, { view: 'item', id: ID }],
    [`#/${ID.toUpperCase()}`, { view: 'item', id: ID }],
    [`#/${ID}/x`, { view: 'list', category: null }],
    ['#/<script>', { view: 'list', category: null }],
    ['#/%E3%81%82', { view: 'list', category: null }],
  ])('%j shows %j', (hash, view) => {
    expect(parseNewsHash(hash)).toEqual(view)
  })

  it('writes what it reads', () => {
    for (const view of [
      { view: 'list', category: null },
      { view: 'list', category: 'campaign' },
      { view: 'item', id: ID },
    ] as const) {
      expect(parseNewsHash(newsHash(view))).toEqual(view)
    }
  })

  it('builds the page path with where the person came from', () => {
    expect(newsPagePath({ view: 'list', category: null }, 'top')).toBe('/sp/puri_news?from=top#/all')
    expect(newsPagePath({ view: 'item', id: ID }, 'banner')).toBe(`/sp/puri_news?from=banner#/${ID}`)
  })

  it('knows the pages people come from, and nothing else', () => {
    expect(newsFromOf('top')).toBe('top')
    expect(newsFromOf('mypage')).toBe('mypage')
    expect(newsFromOf('evil')).toBeNull()
    expect(newsFromOf(null)).toBeNull()
    expect(newsFromOf('__proto__')).toBeNull()
  })
})
