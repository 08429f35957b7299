import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { pages } from '@puribox/contract/pages'
import { api } from '@puribox/contract/routes'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/harness'

const HTML = { accept: 'text/html,application/xhtml+xml' }

describe('pages and answers for unknown paths', () => {
  const ctx = useTestApp()

  it('serves the web app shell for every page of the contract', async () => {
    for (const page of pages.filter((p) => !('onlyWithTimeTravel' in p))) {
      const response = await ctx().app.inject({ url: page.path, headers: HTML })
      expect(response.statusCode, page.path).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.body).toContain('<html lang="ja">')
    }
  })

  it('marks the shell for the native app (user agent or ?app=1)', async () => {
    const byAgent = await ctx().app.inject({
      url: '/web/preview?sealId=X',
      headers: { ...HTML, 'user-agent': 'PuriBoxApp/1.0' },
    })
    expect(byAgent.body).toContain('<html lang="ja" data-client="APPLI">')
    const byFlag = await ctx().app.inject({ url: '/sp/top/menu?app=1', headers: HTML })
    expect(byFlag.body).toContain('data-client="APPLI"')
  })

  it('serves built assets with a long immutable cache', async () => {
    const response = await ctx().app.inject({ url: '/assets/index-test.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('immutable')
  })

  it('sends the precompressed copy a browser accepts', async () => {
    const brotli = await ctx().app.inject({
      url: '/assets/index-test.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    const gzip = await ctx().app.inject({
      url: '/assets/index-test.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
  })

  it('sends the shell compressed as the browser accepts (brotli first), the same page inside', async () => {
    const plain = await ctx().app.inject({ url: '/sp/top/menu', headers: HTML })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('accept-encoding')
    const brotli = await ctx().app.inject({
      url: '/sp/top/menu',
      headers: { ...HTML, 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body)
    const gzip = await ctx().app.inject({
      url: '/sp/top/menu?app=1',
      headers: { ...HTML, 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('data-client="APPLI"')
  })

  it('compresses a JSON answer over 1 KB for a browser that accepts it, and not a small one', async () => {
    const big = await ctx().app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'br' } })
    expect(big.statusCode).toBe(200)
    expect(big.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi')
    const small = await ctx().app.inject({ url: api.accountSelf.path, headers: { 'accept-encoding': 'br' } })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it("answers a browser 404 with the app's shell for any other path: its not-found screen, in the frame", async () => {
    const shell = (await ctx().app.inject({ url: '/sp/top/menu', headers: HTML })).body
    for (const url of ['/sp/nothing/here', '/web/../etc/passwd', '/index.html', '/sp/2/seals']) {
      const response = await ctx().app.inject({ url, headers: HTML })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body, url).toBe(shell)
    }
  })

  it('answers an API caller the JSON wrapper with NOT_FOUND', async () => {
    const response = await ctx().app.inject({ url: '/sp/2/nothing' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      entity: null,
      error: { code: 'NOT_FOUND', message: expect.any(String) },
      clock: null,
    })
    const wrongMethod = await ctx().app.inject({
      method: 'DELETE',
      url: '/sp/2/account/self',
      headers: { 'x-requested-with': 'x' },
    })
    // The path is there with other methods: 405, naming them.
    expect(wrongMethod.statusCode).toBe(405)
    expect(wrongMethod.headers.allow).toBe('GET, HEAD')
    expect(wrongMethod.json()).toEqual({
      entity: null,
      error: { code: 'METHOD_NOT_ALLOWED', message: expect.any(String) },
      clock: null,
    })
    // A page's path too, and a path with a parameter; a path nothing has stays 404.
    const onPage = await ctx().app.inject({
      method: 'POST',
      url: '/sp/top/menu',
      headers: { 'x-requested-with': 'x' },
    })
    expect([onPage.statusCode, onPage.headers.allow]).toEqual([405, 'GET, HEAD'])
    const onSeal = await ctx().app.inject({
      method: 'PUT',
      url: '/sp/2/seals/ABCDE12345',
      headers: { 'x-requested-with': 'x' },
    })
    expect([onSeal.statusCode, onSeal.headers.allow]).toEqual([405, 'GET, HEAD'])
    const nothing = await ctx().app.inject({
      method: 'PUT',
      url: '/sp/2/nothing',
      headers: { 'x-requested-with': 'x' },
    })
    expect(nothing.statusCode).toBe(404)
  })

  it('refuses a query parameter an API route does not know, and lets a page open with any', async () => {
    const unknown = await ctx().app.inject({ url: '/sp/2/news/self/info?foo=1' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED')
    expect((await ctx().app.inject({ url: '/sp/2/account/self?x=1' })).statusCode).toBe(400)
    expect((await ctx().app.inject({ url: '/sp/2/news/self/info' })).statusCode).toBe(200)
    // A shared link with what another site added still opens its page and full-page routes.
    const page = await ctx().app.inject({ url: '/sp/top/menu?utm_source=line', headers: HTML })
    expect(page.statusCode).toBe(200)
    const signIn = await ctx().app.inject({ url: '/sp/2/login/line/puriboxauth?openExternalBrowser=1' })
    expect(signIn.statusCode).toBe(302)
  })

  it('sends the top page for / and /sp', async () => {
    for (const url of ['/', '/sp']) {
      const response = await ctx().app.inject({ url })
      expect(response.statusCode).toBe(302)
      expect(response.headers.location).toBe('/sp/top/menu')
    }
  })

  it('publishes an OpenAPI document with every API route of the contract', async () => {
    const response = await ctx().app.inject({ url: '/openapi.json' })
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    for (const route of Object.values(api)) {
      const openApiPath = route.path.replace(/:(\w+)/g, '{$1}')
      expect(
        document.paths[openApiPath]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined()
    }
  })

  it('never leaks details of an unexpected failure', async () => {
    ctx().app.get('/sp/2/explode', async () => {
      throw new Error('secret connection string postgres://user:pw@db')
    })
    const response = await ctx().app.inject({ url: '/sp/2/explode' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      entity: null,
      error: { code: 'INTERNAL_ERROR', message: 'internal error' },
      clock: null,
    })
  })
})
