import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/harness'

describe('the access log', () => {
  const lines: string[] = []
  const ctx = useTestApp({ logLevel: 'info' }, { log: lines })
  interface Entry {
    level: number
    msg: string
    req?: { method: string; url: string }
    res?: { statusCode: number }
    responseTime?: number
  }
  const entries = () => lines.map((line) => JSON.parse(line) as Entry)
  beforeEach(() => {
    lines.length = 0
  })

  it('writes one line per answer: the request with its secrets redacted, the status and the time', async () => {
    const response = await ctx().app.inject({
      url: '/sp/account/registerMailSent?verificationId=abc&token=s3cret',
      headers: { cookie: 'puribox_session=secret-session', accept: 'text/html' },
    })
    const logged = entries().filter((entry) => entry.req)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/sp/account/registerMailSent?verificationId=abc&token=[redacted]' },
      res: { statusCode: response.statusCode },
    })
    expect(logged[0]?.responseTime).toBeGreaterThanOrEqual(0)
    expect(lines.join('\n')).not.toContain('s3cret')
    expect(lines.join('\n')).not.toContain('secret-session')
  })

  it('logs refused and unknown requests too, once each', async () => {
    const unknown = await ctx().app.inject({ url: '/sp/2/no-such-route' })
    const refused = await ctx().app.inject({ method: 'POST', url: '/sp/2/account/self/leave', payload: {} })
    // Refused by the router itself, before any hook.
    const malformed = await ctx().app.inject({ url: '/web/common/help/answer/%E3%81' })
    expect(malformed.statusCode).toBe(400)
    const logged = entries().filter((entry) => entry.req)
    expect(logged.map((entry) => [entry.req?.url, entry.res?.statusCode])).toEqual([
      ['/sp/2/no-such-route', unknown.statusCode],
      ['/sp/2/account/self/leave', refused.statusCode],
      ['/web/common/help/answer/%E3%81', 400],
    ])
  })
})
