// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { wrapperResponse } from '../testing/render'
import { ApiError, getAnswer, parseRetryAfter } from './api-client'
import { callApi } from './call-api'
import { useClock } from './clock'

const seal = {
  sealId: 'ABCDE12345',
  sealExpireDate: '2025-11-28T14:05:00',
  machine: { id: 'm1', name: 'Booth', seriesId: 's', version: '1' },
  isProof: false,
  puris: [],
}

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(respond)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('callApi', () => {
  it('fills the path from the contract route, sends the cookie, and attaches the clock to the entity', async () => {
    const fetchMock = stubFetch(async () =>
      wrapperResponse({ entity: seal, clock: { date: '2025-11-25T10:00:00' } }),
    )
    const result = await callApi('seal', { params: { id: 'abcde-12345' } })
    expect(result.sealId).toBe('ABCDE12345')
    expect(result.clock).toEqual({ date: '2025-11-25T10:00:00' })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/sp/2/seals/abcde-12345')
    expect(init?.method).toBe('GET')
    expect(init?.credentials).toBe('include')
  })

  it('maps the error wrapper to an ApiError with the code and status', async () => {
    stubFetch(async () =>
      wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'no such seal' } }, 404),
    )
    const error = await caught(callApi('seal', { params: { id: 'ABCDE12345' } }))
    expect(error.code).toBe('SEAL_NOT_FOUND')
    expect(error.status).toBe(404)
  })

  it('carries the Retry-After of a refusal, in seconds; null when the answer does not say', async () => {
    stubFetch(async () =>
      wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x' } }, 429, {
        'Retry-After': '720',
      }),
    )
    const refused = await caught(callApi('seal', { params: { id: 'ABCDE12345' } }))
    expect(refused.code).toBe('PURIGET_PENALTY_YELLOW')
    expect(refused.retryAfterSeconds).toBe(720)

    stubFetch(async () => wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'x' } }, 404))
    expect((await caught(callApi('seal', { params: { id: 'ABCDE12345' } }))).retryAfterSeconds).toBeNull()
  })

  it("keeps the error's penalty as the answer sent it, for the seal feature to read", async () => {
    const penalty = { triesLeft: 2, stopsWith: 'YELLOW', pausedUntil: null }
    stubFetch(async () => wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'x', penalty } }, 404))
    expect((await caught(callApi('seal', { params: { id: 'ABCDE12345' } }))).details.penalty).toEqual(penalty)
    stubFetch(async () => wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'x' } }, 404))
    expect((await caught(callApi('seal', { params: { id: 'ABCDE12345' } }))).details.penalty).toBeUndefined()
  })

  it('reports a network failure as NETWORK', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch')
    })
    const error = await caught(callApi('accountSelf'))
    expect(error.code).toBe('NETWORK')
    expect(error.status).toBe(0)
  })

  it('reports an answer that is not the wrapper as BAD_RESPONSE', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = await caught(callApi('accountSelf'))
    expect(error.code).toBe('BAD_RESPONSE')
    expect(error.status).toBe(502)
  })

  it('sends state-changing requests as JSON with the CSRF header', async () => {
    const fetchMock = stubFetch(async () =>
      wrapperResponse({ entity: { enabled: true, date: '2030-01-01T00:00:00' } }),
    )
    await callApi('timeTravelSet', { body: { date: '2030-01-01T00:00:00' } })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/sp/2/debug/time_travel')
    expect(init?.method).toBe('PUT')
    expect(init?.body).toBe('{"date":"2030-01-01T00:00:00"}')
    expect(init?.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    })
  })
})

describe('parseRetryAfter', () => {
  it.each([
    ['3600', 3600],
    [' 12 ', 12],
    ['0', 0],
    [null, null],
    ['', null],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    ['Wed, 21 Oct 2026 07:28:00 GMT', null],
    ['99999999999999999999', null],
  ])('reads %j as %j', (header, seconds) => {
    expect(parseRetryAfter(header)).toBe(seconds)
  })
})

describe('the time-travel clock', () => {
  it("an answer the same for everyone, perhaps from the browser's cache, leaves the session's clock as it is", async () => {
    const travelled = { date: '2026-12-05T20:16:00' }
    const clock = renderHook(() => useClock())
    stubFetch(async () =>
      wrapperResponse({ entity: seal, clock: travelled }, 200, { 'cache-control': 'private, no-store' }),
    )
    await getAnswer<'seal'>('/sp/2/seals/ABCDE12345')
    expect(clock.result.current).toEqual(travelled)

    // Kept from before the session travelled: public, and no clock.
    stubFetch(async () =>
      wrapperResponse({ entity: { links: 1 } }, 200, { 'cache-control': 'public, max-age=300' }),
    )
    await getAnswer<'dynamicLinks'>('/sp/2/dynamic_links')
    expect(clock.result.current).toEqual(travelled)

    // The session's own answer says the travel has ended.
    stubFetch(async () =>
      wrapperResponse({ entity: seal, clock: null }, 200, { 'cache-control': 'private, no-store' }),
    )
    await getAnswer<'seal'>('/sp/2/seals/ABCDE12345')
    await waitFor(() => expect(clock.result.current).toBeNull())
  })
})
