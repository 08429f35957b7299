import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/harness'

describe('answers the router refuses before any route runs', () => {
  const ctx = useTestApp()

  // Found by the contract fuzzer: these bypassed the error handler and answered Fastify's own JSON
  // (`{ error, code: 'FST_ERR_…', statusCode }`, even a 414 the contract does not know).
  it('a path parameter longer than the router takes is a validation failure, in the wrapper', async () => {
    const response = await ctx().app.inject({ url: `/sp/2/seals/${'9'.repeat(101)}` })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      entity: null,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('max param length') },
      clock: null,
    })
  })

  it('a malformed percent-encoding in the path is a validation failure, in the wrapper', async () => {
    const response = await ctx().app.inject({ url: '/sp/2/seals/%E0%A4%A' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ entity: null, error: { code: 'VALIDATION_FAILED' }, clock: null })
  })
})
