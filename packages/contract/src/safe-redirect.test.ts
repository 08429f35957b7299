import { describe, expect, it } from 'vitest'
import { sameOriginPath, sameOriginPathOr } from './safe-redirect'

describe('sameOriginPath', () => {
  it.each([
    '/sp/top/menu',
    '/web/mypage?sealId=ABCDE12345',
    '/sp/2/mypage/#/puri/new',
    '/sp/setting/setting?x=%2F%2Fevil.example',
  ])('keeps the same-origin path %s', (path) => {
    expect(sameOriginPath(path)).toBe(path)
  })

  it.each([
    null,
    undefined,
    '',
    'sp/top/menu',
    '//evil.example/',
    '///evil.example/',
    '/\\evil.example/',
    '/\\/evil.example/',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    ' /sp/top/menu',
    '/sp/top/menu\n',
    '/\t/evil.example',
    '/sp/top menu',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value)).toBeNull()
  })

  it('falls back', () => {
    expect(sameOriginPathOr('//evil.example', '/sp/top/menu')).toBe('/sp/top/menu')
    expect(sameOriginPathOr('/web/preview', '/sp/top/menu')).toBe('/web/preview')
  })
})

describe('sameOriginPath, for a Location header', () => {
  it('answers characters beyond ASCII percent-encoded, as the browser would send them', () => {
    expect(sameOriginPath('/\u1f1f')).toBe('/%E1%BC%9F')
    expect(sameOriginPath('/web/mypage?q=プリ#上')).toBe('/web/mypage?q=%E3%83%97%E3%83%AA#%E4%B8%8A')
    expect(sameOriginPath('/sp/2/mypage/#/puri/new')).toBe('/sp/2/mypage/#/puri/new')
  })
})
