import { connect } from 'node:net'
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

describe('answers Node refuses before Fastify sees the request', () => {
  const ctx = useTestApp()

  /** One raw HTTP request to the app listening on a port of its own, and the answer as sent. */
  async function rawRequest(request: string): Promise<string> {
    const address = await ctx().app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    try {
      return await new Promise<string>((resolve, reject) => {
        const socket = connect({ port: Number(port), host: '127.0.0.1' }, () => socket.write(request))
        let answer = ''
        socket.on('data', (chunk) => {
          answer += chunk.toString('utf8')
        })
        socket.on('end', () => resolve(answer))
        socket.on('error', reject)
      })
    } finally {
      await ctx().app.server.close()
    }
  }

  it('headers over 16 KB: 431 in the wrapper, with the security headers', async () => {
    const answer = await rawRequest(
      `GET /sp/2/account/self HTTP/1.1\r\nHost: localhost\r\nCookie: x=${'a'.repeat(20_000)}\r\n\r\n`,
    )
    const [head, body] = answer.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 431 /)
    expect(head).toMatch(/content-type: application\/json/i)
    expect(head).toMatch(/x-content-type-options: nosniff/i)
    expect(head).toMatch(/permissions-policy: /i)
    expect(JSON.parse(body ?? '')).toEqual({
      entity: null,
      error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String) },
      clock: null,
    })
  })

  it('a request line that is not HTTP: 400 in the wrapper', async () => {
    const answer = await rawRequest('NOT HTTP AT ALL\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '').error.code).toBe('VALIDATION_FAILED')
  })
})
