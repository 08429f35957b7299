import { createHash } from 'node:crypto'
import { brotliDecompressSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildImage, createMember } from '../test/factories'
import { type TestContext, useTestApp } from '../test/harness'
import { createSeal } from '../test/seals'
import { PERMISSIONS_POLICY } from './security-headers'

const HTML = { accept: 'text/html,application/xhtml+xml' }
const XHR = { 'x-requested-with': 'XMLHttpRequest' }

/** What the test shell (test/fixtures/web-dist/index.html) carries inline, as written there. */
const SHELL_BOOT_SCRIPT = "document.getElementById('root').dataset.shell = 'booted'"
const SHELL_STYLE = '#root{min-height:100vh}'

/** A CSP hash source, as the browser computes it from an element's text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** The Content-Security-Policy of an answer, directive → values. */
function policyOf(response: LightMyRequestResponse, what: string): Map<string, string[]> {
  const header = response.headers['content-security-policy']
  expect(header, `${what}: content-security-policy`).toEqual(expect.any(String))
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

/** The element texts of `<script>` (without src or a JSON type) and `<style>` in a page as served. */
function inlineTexts(html: string) {
  const scripts = [
    ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g),
  ]
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
  return { scripts: scripts.map((m) => m[1]!), styles: styles.map((m) => m[1]!) }
}

/** The headers every answer carries, whatever it is; answers its policy for the checks of its kind. */
function expectSecurityHeaders(
  response: LightMyRequestResponse,
  what: string,
  imageSources: string[] = [],
): Map<string, string[]> {
  const policy = policyOf(response, what)
  expect(policy.get('default-src'), what).toEqual(["'self'"])
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"])
  expect(policy.get('object-src'), what).toEqual(["'none'"])
  expect(policy.get('base-uri'), what).toEqual(["'none'"])
  expect(policy.get('connect-src'), what).toEqual(["'self'"])
  expect(policy.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:', ...imageSources])
  expect(policy.get('script-src-attr'), what).toEqual(["'none'"])
  for (const directive of ['script-src', 'style-src']) {
    expect(policy.get(directive)?.[0], what).toBe("'self'")
    expect(policy.get(directive), what).not.toContain("'unsafe-inline'")
    expect(policy.get(directive), what).not.toContain("'unsafe-eval'")
  }
  expect(response.headers['x-content-type-options'], what).toBe('nosniff')
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(response.headers['x-frame-options'], what).toBe('DENY')
  expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin')
  expect(response.headers['cross-origin-resource-policy'], what).toBe('same-origin')
  const permissions = String(response.headers['permissions-policy'])
  expect(permissions, what).toBe(PERMISSIONS_POLICY)
  for (const refused of ['camera=()', 'microphone=()', 'payment=()', 'usb=()']) {
    expect(permissions.split(', '), what).toContain(refused)
  }
  expect(permissions.split(', '), what).toContain('geolocation=(self)')
  return policy
}

/** No inline script or style admitted: what every answer but our own HTML pages gets. */
function expectNothingInline(policy: Map<string, string[]>, what: string) {
  expect(policy.get('script-src'), what).toEqual(["'self'"])
  expect(policy.get('style-src'), what).toEqual(["'self'"])
}

async function savedPlay(ctx: TestContext) {
  const { sealId } = await createSeal(ctx)
  const member = await createMember(ctx.db, ctx.clock, { membershipStatus: 'PREMIUM' })
  const saved = await ctx.app.inject({
    method: 'POST',
    url: `/sp/2/seals/${sealId}/registrations`,
    headers: { ...XHR, cookie: member.cookie },
  })
  expect(saved.statusCode).toBe(200)
  return { sealId, cookie: member.cookie }
}

describe('security headers on every answer (outside production)', () => {
  const ctx = useTestApp()

  it("a page admits the shell's own inline script and style by hash, and nothing else inline", async () => {
    const page = await ctx().app.inject({ url: '/sp/top/menu', headers: HTML })
    expect(page.statusCode).toBe(200)
    const policy = expectSecurityHeaders(page, 'page')
    expect(policy.get('script-src')).toEqual(["'self'", hashSource(SHELL_BOOT_SCRIPT)])
    expect(policy.get('style-src')).toEqual(["'self'", hashSource(SHELL_STYLE)])
    // The hashes are those of what the page carries inline as served, every element of it.
    const served = inlineTexts(page.body)
    expect(served.scripts).toEqual([SHELL_BOOT_SCRIPT])
    expect(served.styles).toEqual([SHELL_STYLE])
    expect(page.body).not.toMatch(/\sstyle=/)
    expect(page.headers['strict-transport-security']).toBeUndefined()
    expect(policy.has('upgrade-insecure-requests')).toBe(false)
    expect(policy.get('form-action')).toEqual(["'self'", 'http://localhost:3000'])

    // The shell compressed once per version carries the same policy.
    const brotli = await ctx().app.inject({
      url: '/sp/top/menu',
      headers: { ...HTML, 'accept-encoding': 'br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-security-policy']).toBe(page.headers['content-security-policy'])
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page.body)
  })

  it("a member's page with its first answers embedded admits no more than the shell: data blocks never run", async () => {
    const { cookie } = await savedPlay(ctx())
    const guest = await ctx().app.inject({ url: '/sp/2/mypage/', headers: HTML })
    const member = await ctx().app.inject({ url: '/sp/2/mypage/', headers: { ...HTML, cookie } })
    expect(member.body).toContain('<script type="application/json"')
    expectSecurityHeaders(member, 'my page')
    expect(member.headers['content-security-policy']).toBe(guest.headers['content-security-policy'])
  })

  it('the plain Japanese 404 page (an address the router cannot read) admits its own style by hash, and has no style attribute', async () => {
    // Any other unknown path is the app's shell (pages.routes.test.ts), whose headers are the pages'.
    const page = await ctx().app.inject({ url: '/web/common/help/answer/%E3%81', headers: HTML })
    expect(page.statusCode).toBe(404)
    const policy = expectSecurityHeaders(page, '404 page')
    const served = inlineTexts(page.body)
    expect(served.scripts).toEqual([])
    expect(served.styles).toHaveLength(1)
    expect(policy.get('style-src')).toEqual(["'self'", hashSource(served.styles[0]!)])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(page.body).not.toMatch(/\sstyle=/)
  })

  it('JSON answers, successful or not, carry them', async () => {
    const answers = {
      'a JSON answer': await ctx().app.inject({ url: '/sp/2/account/self' }),
      'a 404 for an API caller': await ctx().app.inject({ url: '/sp/2/nothing' }),
      'a role refusal': await ctx().app.inject({ url: '/sp/2/mypage/plays' }),
      'a validation failure': await ctx().app.inject({ url: '/sp/puri/thum.jpg?sealId=nope&number=1' }),
      'a refused CSRF check': await ctx().app.inject({
        method: 'POST',
        url: '/sp/2/seals/0000000000/registrations',
      }),
      'a path the router refuses': await ctx().app.inject({ url: '/sp/2/seals/%E0%A4%A' }),
      'the OpenAPI document': await ctx().app.inject({ url: '/openapi.json' }),
    }
    const statuses = Object.fromEntries(Object.entries(answers).map(([what, r]) => [what, r.statusCode]))
    expect(statuses).toEqual({
      'a JSON answer': 200,
      'a 404 for an API caller': 404,
      'a role refusal': 401,
      'a validation failure': 400,
      'a refused CSRF check': 403,
      'a path the router refuses': 400,
      'the OpenAPI document': 200,
    })
    for (const [what, response] of Object.entries(answers)) {
      expect(response.headers['content-type'], what).toContain('application/json')
      expectNothingInline(expectSecurityHeaders(response, what), what)
    }
  })

  it("a member's JSON and private pictures are kept by no cache, shared or the browser's", async () => {
    const { cookie } = await savedPlay(ctx())
    async function uploadedProfilePicture(cookie: string) {
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(await buildImage())], { type: 'image/jpeg' }), 'me.jpg')
      const body = new Response(form)
      const uploaded = await ctx().app.inject({
        method: 'POST',
        url: '/sp/profile/image',
        headers: { ...XHR, cookie, 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      })
      const { imageId } = uploaded.json().entity as { imageId: string }
      return ctx().app.inject({ url: `/sp/profile/image/${imageId}`, headers: { cookie } })
    }
    const plays = await ctx().app.inject({ url: '/sp/2/mypage/plays', headers: { cookie } })
    const image = plays.json().entity.items[0].images[0]
    const answers = {
      'the account': await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } }),
      'my page': plays,
      'the profile summary': await ctx().app.inject({ url: '/sp/profile/summary', headers: { cookie } }),
      'a saved thumbnail': await ctx().app.inject({ url: image.thumbnailUrl, headers: { cookie } }),
      'a saved picture': await ctx().app.inject({ url: image.originalUrl, headers: { cookie } }),
      'a profile picture': await uploadedProfilePicture(cookie),
      'a refusal to a member': await ctx().app.inject({
        url: '/sp/2/api/account/mail_address',
        method: 'POST',
        headers: { ...XHR, cookie },
        payload: {},
      }),
    }
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBeLessThan(500)
      expect(response.headers['cache-control'], what).toBe('private, no-store')
    }
  })

  it('pictures, a ZIP, built assets and redirects carry them', async () => {
    const { sealId, cookie } = await savedPlay(ctx())
    const answers = {
      'a preview picture': await ctx().app.inject({ url: `/sp/puri/thum.jpg?sealId=${sealId}&number=1` }),
      'a ZIP of a play': await ctx().app.inject({
        url: `/sp/2/mypage/plays/${sealId}/zip`,
        headers: { cookie },
      }),
      'a built asset': await ctx().app.inject({ url: '/assets/index-test.js' }),
      'a precompressed asset': await ctx().app.inject({
        url: '/assets/index-test.js',
        headers: { 'accept-encoding': 'br' },
      }),
      'a redirect': await ctx().app.inject({ url: '/' }),
    }
    expect(answers['a preview picture'].headers['content-type']).toBe('image/jpeg')
    expect(answers['a ZIP of a play'].headers['content-type']).toBe('application/zip')
    expect(answers['a precompressed asset'].headers['content-encoding']).toBe('br')
    expect(answers['a redirect'].statusCode).toBe(302)
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBeLessThan(400)
      expectNothingInline(expectSecurityHeaders(response, what), what)
    }
  })

  it('the sandboxes carry them, their pages with nothing inline and a stylesheet of their own', async () => {
    const pages = {
      "the payment gateway's console": await ctx().app.inject({ url: '/_sandbox/pay/', headers: HTML }),
      "the payment gateway's closed consent page": await ctx().app.inject({
        url: '/_sandbox/pay/consent/none',
        headers: HTML,
      }),
      "the auth service's error page": await ctx().app.inject({
        url: '/_sandbox/auth/interaction/none',
        headers: HTML,
      }),
    }
    for (const [what, page] of Object.entries(pages)) {
      expect(page.headers['content-type'], what).toContain('text/html')
      expectNothingInline(expectSecurityHeaders(page, what), what)
      expect(inlineTexts(page.body), what).toEqual({ scripts: [], styles: [] })
      expect(page.body, what).not.toMatch(/\sstyle=/)
      const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(page.body)?.[1]
      expect(stylesheet, what).toMatch(/^\/_sandbox\/(pay|auth)\/style\.css$/)
      const css = await ctx().app.inject({ url: stylesheet! })
      expect(css.statusCode, what).toBe(200)
      expect(css.headers['content-type'], what).toContain('text/css')
      expectSecurityHeaders(css, `${what}: stylesheet`)
    }
    // The brand colours went from style attributes into the stylesheets.
    const payCss = (await ctx().app.inject({ url: '/_sandbox/pay/style.css' })).body
    expect(payCss).toContain('.brand-credit{--brand:')
    const authCss = (await ctx().app.inject({ url: '/_sandbox/auth/style.css' })).body
    expect(authCss).toContain('.brand-line{--brand:')

    // The auth service itself answers straight to the socket (a Koa application): the headers too.
    const discovery = await ctx().app.inject({ url: '/_sandbox/auth/.well-known/openid-configuration' })
    expect(discovery.statusCode).toBe(200)
    expectNothingInline(expectSecurityHeaders(discovery, 'OIDC discovery'), 'OIDC discovery')
  })
})

describe('security headers in production', () => {
  const ctx = useTestApp({
    production: true,
    publicUrl: 'https://puribox.example',
    authIssuerUrl: 'https://auth.example/issuer',
    payment: {
      gatewayUrl: 'https://pay.example/v1',
      merchantId: 'puribox',
      apiKey: 'k'.repeat(32),
      notificationSecret: 's'.repeat(32),
    },
    blogUrl: 'https://blog.example/wp',
  })

  it('add HSTS and the upgrade of insecure requests, let forms go to the auth service and the gateway, and show the blog’s pictures', async () => {
    for (const response of [
      await ctx().app.inject({ url: '/sp/top/menu', headers: HTML }),
      await ctx().app.inject({ url: '/sp/2/account/self' }),
      await ctx().app.inject({ url: '/' }),
    ]) {
      const policy = expectSecurityHeaders(response, String(response.headers['content-type'] ?? 'redirect'), [
        'https://blog.example',
      ])
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      expect(policy.get('upgrade-insecure-requests')).toEqual([])
      expect(policy.get('form-action')).toEqual([
        "'self'",
        'https://puribox.example',
        'https://auth.example',
        'https://pay.example',
      ])
    }
  })
})
