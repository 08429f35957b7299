import { describe, expect, it } from 'vitest'
import { consoleReturnPath, signInPath } from './paths'

describe('consoleReturnPath', () => {
  it('keeps a console screen’s path, its query and fragment', () => {
    expect(consoleReturnPath('/admin')).toBe('/admin')
    expect(consoleReturnPath('/admin/numbers?from=2026-11-01#chart')).toBe(
      '/admin/numbers?from=2026-11-01#chart',
    )
  })

  it('refuses anything that is not a console screen once a browser resolves it', () => {
    for (const value of [
      null,
      '',
      'admin',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '/sp/top/menu',
      '/administrator',
      '/admin/../sp/top/menu',
      '/admin/%2e%2e/sp/top/menu',
      '/admin/api/session',
      '/admin/assets/index.js',
      '/admin/login',
      '/admin/login/?next=/admin',
      'javascript:alert(1)',
    ]) {
      expect(consoleReturnPath(value), String(value)).toBeNull()
    }
  })
})

describe('signInPath', () => {
  it('names the path to come back to unless it is home, and why sign-in is shown', () => {
    expect(signInPath()).toBe('/admin/login')
    expect(signInPath({ next: '/admin' })).toBe('/admin/login')
    expect(signInPath({ next: '/admin/numbers?from=2026-11-01', reason: 'sessionEnded' })).toBe(
      '/admin/login?next=%2Fadmin%2Fnumbers%3Ffrom%3D2026-11-01&reason=sessionEnded',
    )
    expect(signInPath({ next: '/sp/top/menu', reason: 'signedOut' })).toBe('/admin/login?reason=signedOut')
  })
})
