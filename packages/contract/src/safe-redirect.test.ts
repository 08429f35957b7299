import { describe, expect, it } from 'vitest'
import { sameOriginAddress, sameOriginPath, sameOriginPathOr } from './safe-redirect'

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

/** What a browser does with a path once it is in a `Location` header or an `href`. */
function browserWouldOpen(path: string): string {
  return new URL(path, 'https://puribox.example/sp/top/menu').origin
}

describe('sameOriginPath decides on the resolved path', () => {
  // Each resolves, in a browser, to another host; the first was a live open redirect
  // (`afterLogin?next=%2F.%2F%2Fevil.example` answered `Location: //evil.example`).
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/a/%2e%2e/%2E%2e//evil.example/x?y#z',
    '/././/evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '/.\t//evil.example',
    '/\t/evil.example',
    '/.\n//evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '/javascript:alert(1)//%0aalert(1)',
    'data:text/html,x',
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value)).toBeNull()
  })

  it.each([
    ['/sp/./top/menu', '/sp/top/menu'],
    ['/sp/x/../top/menu', '/sp/top/menu'],
    ['/sp/%2e%2e/web/mypage', '/web/mypage'],
    ['/javascript:alert(1)', '/javascript:alert(1)'],
  ])('keeps %j as the path it resolves to, %j', (value, resolved) => {
    expect(sameOriginPath(value)).toBe(resolved)
  })

  it('answers only paths a browser opens on this site', () => {
    const tricks = ['/', '.', '%2e', '%2E', '..', '/', '\\', 'evil.example', '?', '#', '%2f', '@', ':']
    // Every short combination of the pieces above, behind a leading slash.
    let combinations = ['/']
    for (let length = 0; length < 4; length += 1) {
      combinations = combinations.flatMap((start) => tricks.map((piece) => start + piece))
      for (const value of combinations) {
        const path = sameOriginPath(value)
        if (path !== null) expect([value, browserWouldOpen(path)]).toEqual([value, 'https://puribox.example'])
      }
    }
  })
})

describe('sameOriginAddress', () => {
  const origin = 'http://127.0.0.1:3000'
  it('keeps an address on the registered origin', () => {
    expect(sameOriginAddress('http://127.0.0.1:3000/web/payment/complete?subscriptionId=1', origin)).toBe(
      'http://127.0.0.1:3000/web/payment/complete?subscriptionId=1',
    )
  })
  it.each([
    'http://evil.example/web/payment/complete',
    'http://127.0.0.1:3001/web/payment/complete',
    'https://127.0.0.1:3000/web/payment/complete',
    'http://127.0.0.1:3000//evil.example',
    'http://127.0.0.1:3000/.//evil.example',
    'http://user@127.0.0.1:3000/web/',
    'javascript:alert(1)//127.0.0.1:3000',
    '/web/payment/complete',
    '',
  ])('refuses %j', (value) => {
    expect(sameOriginAddress(value, origin)).toBeNull()
  })
})
