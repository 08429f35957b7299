import { describe, expect, it } from 'vitest'
import { allowedReturnPath, externalAuthHref } from './external-auth'

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
})
