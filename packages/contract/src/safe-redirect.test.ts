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
