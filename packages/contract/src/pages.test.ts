import { describe, expect, it } from 'vitest'
import { isPathOf, links, pages } from './pages'

describe('page paths with parameters', () => {
  it('match one non-empty segment per parameter, and nothing else', () => {
    const pattern = '/web/common/help/answer/:answerId'
    expect(isPathOf(pattern, '/web/common/help/answer/premium-price')).toBe(true)
    expect(isPathOf(pattern, '/web/common/help/answer/%E3%81%82')).toBe(true)
    expect(isPathOf(pattern, '/web/common/help/answer/')).toBe(false)
    expect(isPathOf(pattern, '/web/common/help/answer')).toBe(false)
    expect(isPathOf(pattern, '/web/common/help/answer/a/b')).toBe(false)
    expect(isPathOf(pattern, '/web/common/help/top/index')).toBe(false)
  })

  it('leave a path without parameters to match exactly', () => {
    expect(isPathOf('/sp/top/menu', '/sp/top/menu')).toBe(true)
    expect(isPathOf('/sp/top/menu', '/sp/top/menu/')).toBe(false)
    expect(isPathOf('/sp/2/mypage/', '/sp/2/mypage/')).toBe(true)
  })

  it('take a parameter only as the last segment', () => {
    for (const page of pages) {
      const at = page.path.indexOf('/:')
      if (at >= 0) expect(page.path.slice(at + 1), page.path).toMatch(/^:\w+$/)
    }
  })

  it('has the help top among its pages (the footer links to it)', () => {
    expect(pages.some((page) => isPathOf(page.path, links.help))).toBe(true)
  })
})
