import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { helpDocumentSchema } from '@puribox/contract/help'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { helpAnswers } from './help.schema'
import { HELP_REFRESH_MS } from './help.service'

const URL = '/static/help.json?t=1790000000'
const HTML = { accept: 'text/html,application/xhtml+xml' }

describe('help as static JSON (decision 0039)', () => {
  const ctx = useTestApp()

  const get = (url = URL, headers: Record<string, string> = {}) => ctx().app.inject({ url, headers })

  it('answers the whole help as plain JSON (not the wrapper), cacheable by anyone for five minutes', async () => {
    await ctx().app.seedContent()
    const response = await get()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('public, max-age=300')
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/)
    expect(response.headers['set-cookie']).toBeUndefined()
    const document = helpDocumentSchema.parse(response.json())
    expect(response.json()).not.toHaveProperty('entity')
    expect(document.updatedAt).toBe('2026-11-20T12:00:00')
    const premium = document.categories.find((category) => category.id === 'premium')
    expect(premium?.answers.find((answer) => answer.id === 'premium-price')?.question).toBe(
      'プレミアム会員の料金はいくらですか？',
    )
  })

  it('is the same for a guest, a member and any timestamp; `If-None-Match` with its ETag gets 304', async () => {
    await ctx().app.seedContent()
    const first = await get()
    const other = await get('/static/help.json?t=0')
    const none = await get('/static/help.json')
    expect(other.body).toBe(first.body)
    expect(none.body).toBe(first.body)
    const notModified = await get(URL, { 'if-none-match': first.headers.etag as string })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')
    expect(notModified.headers.etag).toBe(first.headers.etag)
    const weak = await get(URL, { 'if-none-match': `"other", W/${first.headers.etag}` })
    expect(weak.statusCode).toBe(304)
    expect((await get(URL, { 'if-none-match': '"other"' })).statusCode).toBe(200)
  })

  it('comes compressed, once per version, as the browser accepts', async () => {
    await ctx().app.seedContent()
    const plain = await get()
    const brotli = await get(URL, { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body)
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    const gzip = await get(URL, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  it('answers an empty help before anything is written, never an error', async () => {
    const response = await get()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ updatedAt: null, categories: [] })
  })

  it('takes any short timestamp, and refuses a huge or repeated one with a typed error', async () => {
    await ctx().app.seedContent()
    for (const t of ['abc', '%00', '%F0%9F%98%80', '-1', '1e400', '']) {
      expect((await get(`/static/help.json?t=${t}`)).statusCode, t).toBe(200)
    }
    for (const url of [`/static/help.json?t=${'9'.repeat(65)}`, '/static/help.json?t=1&t=2']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(400)
      expect(response.json()).toMatchObject({ entity: null, error: { code: 'VALIDATION_FAILED' } })
    }
  })

  it('is written again at every start without changing, and keeps what an operator edited', async () => {
    const { app, db, clock } = ctx()
    await app.seedContent()
    const first = await get()
    clock.advance(60_000)
    await app.seedContent()
    const again = await get()
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.json().updatedAt).toBe(first.json().updatedAt)

    // A row that drifted from the bundled help (an older release's text) is brought up to date…
    await db.update(helpAnswers).set({ question: '古い質問' }).where(eq(helpAnswers.id, 'premium-price'))
    // …but an operator's edit is theirs.
    await db
      .update(helpAnswers)
      .set({ question: '運営が直した質問', operatorEditedAt: clock.now() })
      .where(eq(helpAnswers.id, 'cancel-how'))
    await app.seedContent()
    const answers = (await get()).json().categories.flatMap((c: { answers: unknown[] }) => c.answers)
    const question = (id: string) => answers.find((a: { id: string }) => a.id === id).question
    expect(question('premium-price')).toBe('プレミアム会員の料金はいくらですか？')
    expect(question('cancel-how')).toBe('運営が直した質問')
  })

  it('reaches another process within its refresh time', async () => {
    const { app, db, clock } = ctx()
    await app.seedContent()
    const second = await ctx().secondProcess()
    const before = await second.inject({ url: URL })
    await db
      .update(helpAnswers)
      .set({ question: '運営が直した質問', operatorEditedAt: clock.now(), updatedAt: clock.now() })
      .where(eq(helpAnswers.id, 'premium-price'))
    expect((await second.inject({ url: URL })).body).toBe(before.body)
    clock.advance(HELP_REFRESH_MS)
    const after = await second.inject({ url: URL })
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.body).toContain('運営が直した質問')
  })

  it('serves the help pages for any id in their paths (the page says when it does not know it), and 404s the rest', async () => {
    for (const url of [
      '/web/common/help/top/index',
      '/web/common/help/top/premium',
      '/web/common/help/top/index?q=%E3%81%B7%E3%82%8C%E3%81%BF',
      `/web/common/help/top/index?q=${'a'.repeat(4000)}`,
      '/web/common/help/answer/premium-price',
      '/web/common/help/answer/no-such-answer',
      '/web/common/help/answer/%E3%81%82',
      '/web/common/help/answer/%3Cscript%3E',
    ]) {
      const response = await get(url, HTML)
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('<html lang="ja">')
    }
    for (const url of [
      '/web/common/help/answer/a/b',
      '/web/common/help/top',
      '/web/common/help',
      // A broken escape: to a browser, a page that is not there.
      '/web/common/help/answer/%E3%81',
    ]) {
      const response = await get(url, HTML)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toContain('text/html')
    }
  })
})
