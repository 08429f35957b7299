import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/harness'

const HTML = { accept: 'text/html,application/xhtml+xml' }

/** What the test console shell (test/fixtures/web-dist/admin/admin.html) carries inline. */
const CONSOLE_INLINE_SCRIPT = "document.getElementById('console').dataset.shell = 'console'"

function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** The Content-Security-Policy of an answer, directive → values. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  return new Map(
    String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

describe('the operators’ console shell', () => {
  const ctx = useTestApp()

  it('is served for /admin and every console path, never the members’ shell', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/login?next=%2Fadmin', '/admin/a/b/c']) {
      const response = await ctx().app.inject({ url, headers: HTML })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(response.body, url).toContain('<div id="console"></div>')
      // Nothing of the members' app: not its shell, not its prerendered screens.
      expect(response.body, url).not.toContain('<div id="root">')
      expect(response.body, url).not.toContain('/assets/index-test.js')
    }
  })

  it('is kept by no cache and no search engine', async () => {
    const response = await ctx().app.inject({ url: '/admin/login', headers: HTML })
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow')
  })

  it('carries the site’s security headers, admitting its inline script by hash and nothing inline else', async () => {
    const response = await ctx().app.inject({ url: '/admin', headers: HTML })
    const policy = policyOf(response)
    expect(policy.get('script-src')).toEqual(["'self'", hashSource(CONSOLE_INLINE_SCRIPT)])
    expect(policy.get('style-src')).toEqual(["'self'"])
    expect(policy.get('script-src-attr')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  it('serves the console’s built assets as files, with a long immutable cache', async () => {
    const response = await ctx().app.inject({ url: '/admin/assets/admin-test.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('javascript')
    expect(response.headers['cache-control']).toContain('immutable')
  })

  it('never answers its API’s or its assets’ unknown paths with the shell', async () => {
    const api = await ctx().app.inject({ url: '/admin/api/nothing' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({
      entity: null,
      error: { code: 'NOT_FOUND', message: expect.any(String) },
      clock: null,
    })
    // Another method on an unknown API path is not told to use GET: nothing is there.
    const posted = await ctx().app.inject({
      method: 'POST',
      url: '/admin/api/nothing',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(posted.statusCode).toBe(404)
    for (const url of ['/admin/api', '/admin/api/nothing', '/admin/assets/missing.js']) {
      const response = await ctx().app.inject({ url, headers: HTML })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('<div id="console">')
    }
  })

  it('does not serve the built shell files themselves', async () => {
    for (const url of ['/admin/admin.html', '/index.html']) {
      const response = await ctx().app.inject({ url, headers: HTML })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('<div id="console">')
    }
  })

  it('takes GET and HEAD only', async () => {
    const head = await ctx().app.inject({ method: 'HEAD', url: '/admin/login' })
    expect(head.statusCode).toBe(200)
    const posted = await ctx().app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect([posted.statusCode, posted.headers.allow]).toEqual([405, 'GET, HEAD'])
  })

  it('is left out of /openapi.json, the native app’s contract', async () => {
    const document = (await ctx().app.inject({ url: '/openapi.json' })).json()
    expect(Object.keys(document.paths).filter((openApiPath) => openApiPath.startsWith('/admin'))).toEqual([])
  })
})

describe('the operators’ console before the web is built', () => {
  const ctx = useTestApp({ webDistDir: mkdtempSync(path.join(tmpdir(), 'puribox-unbuilt-')) })

  it('answers a notice saying so, still kept by no cache', async () => {
    const response = await ctx().app.inject({ url: '/admin', headers: HTML })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('npm run build')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline')
  })
})
