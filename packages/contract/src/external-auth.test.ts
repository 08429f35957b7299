import { describe, expect, it } from 'vitest'
import { allowedReturnPath, externalAuthHref, parseAgreed } from './external-auth'

describe('allowedReturnPath', () => {
  it('keeps same-origin paths under /sp/ and /web/, with their query and fragment', () => {
    for (const path of ['/sp/top/menu', '/web/mypage?sealId=ABCDE12345&from=x', '/sp/2/mypage/#/puri/new']) {
      expect(allowedReturnPath(path)).toBe(path)
    }
  })

  it('refuses other sites, other schemes, other prefixes and dot segments', () => {
    for (const value of [
      undefined,
      '',
      'https://evil.example/sp/',
      '//evil.example/sp/',
      '/\\evil.example',
      'javascript:alert(1)',
      'sp/top/menu',
      '/openapi.json',
      '/_sandbox/auth/jwks',
      '/spx/top',
      '/sp/../_sandbox/auth',
      '/sp/..//evil.example',
      '/sp/%2e%2e/openapi.json',
      '/web/./x',
      '/sp/top\tmenu',
    ]) {
      expect(allowedReturnPath(value), String(value)).toBeNull()
    }
  })
})

describe('externalAuthHref', () => {
  it('builds the links of the sign-in buttons, encoding the return paths', () => {
    expect(externalAuthHref.lineLogin()).toBe('/sp/2/login/line/puriboxauth')
    expect(externalAuthHref.carrier('au', '/web/mypage?sealId=A')).toBe(
      '/sp/account/carrier_auth?carrier=au&next=%2Fweb%2Fmypage%3FsealId%3DA',
    )
    expect(externalAuthHref.lineRegistration('/sp/top/menu')).toBe(
      '/sp/2/account/registration/line/puriboxauth?redirectUri=%2Fsp%2Ftop%2Fmenu',
    )
    expect(externalAuthHref.lineLink('/sp/setting/setting', '/sp/setting/setting')).toBe(
      '/sp/2/link/line/puriboxauth?acp=%2Fsp%2Fsetting%2Fsetting&alp=%2Fsp%2Fsetting%2Fsetting',
    )
  })

  it('carries the policies agreed, one `agreed=<kind>:<version>` each, and reads them back', () => {
    const agreed = [
      { kind: 'furyu', version: '2026-04-01' },
      { kind: 'puribox', version: 'v:2' },
    ]
    const href = externalAuthHref.twitterLogin('/web/preview', agreed)
    expect(href).toBe(
      '/sp/2/login/twitter/puriboxauth?next=%2Fweb%2Fpreview&agreed=furyu%3A2026-04-01&agreed=puribox%3Av%3A2',
    )
    expect(parseAgreed(new URL(href, 'https://puribox.example').searchParams.getAll('agreed'))).toEqual(
      agreed,
    )
    expect(externalAuthHref.carrier('au', undefined, [])).toBe('/sp/account/carrier_auth?carrier=au')
  })
})

describe('parseAgreed', () => {
  it('is null when absent or not one `<kind>:<version>` per value', () => {
    expect(parseAgreed(undefined)).toBeNull()
    expect(parseAgreed('furyu:2026-04-01')).toEqual([{ kind: 'furyu', version: '2026-04-01' }])
    for (const value of [[], ':2026', 'furyu', 'furyu:', `furyu:${'9'.repeat(200)}`, Array(11).fill('a:b')]) {
      expect(parseAgreed(value), String(value)).toBeNull()
    }
  })
})
