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

  it('answers a browser a Japanese 404 page for any other path', async () => {
    for (const url of ['/sp/nothing/here', '/web/../etc/passwd', '/index.html', '/sp/2/seals']) {
      const response = await ctx().app.inject({ url, headers: HTML })
      expect(response.statusCode, url).toBe(404)
      expect(response.body).toContain('ページが見つかりません')
      expect(response.body).toContain('href="/sp/top/menu"')
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
    expect(wrongMethod.statusCode).toBe(404)
    expect(wrongMethod.json().error.code).toBe('NOT_FOUND')
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
