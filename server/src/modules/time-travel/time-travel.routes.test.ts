import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }

describe('time travel (TIME_TRAVEL=on)', () => {
  const ctx = useTestApp({ timeTravel: true })

  async function travel(date: string, cookie?: string) {
    return ctx().app.inject({
      method: 'PUT',
      url: '/sp/2/debug/time_travel',
      headers: { ...XHR, ...(cookie ? { cookie } : {}) },
      payload: { date },
    })
  }

  it('sets "now" for the session: every answer carries the clock, seals expire by it', async () => {
    const { sealId } = await createSeal(ctx())
    const set = await travel('2026-12-01T09:30:00')
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({
      entity: { enabled: true, date: '2026-12-01T09:30:00' },
      error: null,
      clock: { date: '2026-12-01T09:30:00' },
    })
    const cookie = `pbx_session=${set.cookies.find((c) => c.name === 'pbx_session')!.value}`

    const self = await ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
    expect(self.json().clock).toEqual({ date: '2026-12-01T09:30:00' })
    const seal = await ctx().app.inject({ url: `/sp/2/seals/${sealId}`, headers: { cookie } })
    expect(seal.statusCode).toBe(410)
    expect(seal.json()).toMatchObject({
      error: { code: 'SEAL_EXPIRED' },
      clock: { date: '2026-12-01T09:30:00' },
    })

    const cleared = await ctx().app.inject({
      method: 'DELETE',
      url: '/sp/2/debug/time_travel',
      headers: { ...XHR, cookie },
    })
    expect(cleared.json()).toEqual({ entity: { enabled: true, date: null }, error: null, clock: null })
    expect((await ctx().app.inject({ url: `/sp/2/seals/${sealId}`, headers: { cookie } })).statusCode).toBe(
      200,
    )
  })

  it('does not affect other sessions', async () => {
    await travel('2030-01-01T00:00:00')
    const other = await ctx().app.inject({ url: '/sp/2/account/self' })
    expect(other.json().clock).toBeNull()
  })

  it.each(['2026-02-30T00:00:00', '2026-12-01', 'tomorrow', '2026-12-01T25:00:00'])(
    'refuses an impossible date (%s) with VALIDATION_FAILED',
    async (date) => {
      const response = await travel(date)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
    },
  )

  // Found by the contract fuzzer: 0001-01-01T00:00:00 (year 0 in UTC) was a 500 from the database,
  // and years before 100 were stored but read back as 20xx.
  it.each(['0001-01-01T00:00:00', '0099-06-01T00:00:00', '1999-12-31T23:59:59', '2100-01-01T00:00:00'])(
    'refuses a date outside 2000–2099 (%s) with VALIDATION_FAILED, and keeps the real time',
    async (date) => {
      const response = await travel(date)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
      expect(response.cookies).toEqual([])
    },
  )

  it.each(['2000-01-01T00:00:00', '2099-12-31T23:59:59'])(
    'travels to the edge of the range (%s)',
    async (date) => {
      const response = await travel(date)
      expect(response.statusCode).toBe(200)
      expect(response.json().clock).toEqual({ date })
    },
  )

  it('refuses a body that is not JSON with INVALID_JSON', async () => {
    const response = await ctx().app.inject({
      method: 'PUT',
      url: '/sp/2/debug/time_travel',
      headers: { ...XHR, 'content-type': 'application/json' },
      payload: '{"date": ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ entity: null, error: { code: 'INVALID_JSON' } })
  })

  it('refuses a state change without X-Requested-With, or from another origin (CSRF)', async () => {
    const put = (headers: Record<string, string>) =>
      ctx().app.inject({
        method: 'PUT',
        url: '/sp/2/debug/time_travel',
        headers,
        payload: { date: '2026-12-01T00:00:00' },
      })
    const bare = await put({})
    expect(bare.statusCode).toBe(403)
    expect(bare.json().error.code).toBe('CSRF_REJECTED')
    const crossSite = await put({ ...XHR, origin: 'https://evil.example', host: 'puribox.jp' })
    expect(crossSite.statusCode).toBe(403)
    const sameSite = await put({ ...XHR, origin: 'https://puribox.jp', host: 'puribox.jp' })
    expect(sameSite.statusCode).toBe(200)
  })

  it('serves the debug page', async () => {
    const response = await ctx().app.inject({
      url: '/sp/debug/time_travel',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('time travel switched off (the default)', () => {
  const ctx = useTestApp()

  it('answers TIME_TRAVEL_DISABLED and has no debug page', async () => {
    const response = await ctx().app.inject({
      method: 'PUT',
      url: '/sp/2/debug/time_travel',
      headers: XHR,
      payload: { date: '2026-12-01T00:00:00' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('TIME_TRAVEL_DISABLED')
    const page = await ctx().app.inject({ url: '/sp/debug/time_travel', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(404)
  })
})
