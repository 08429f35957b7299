import type { FastifyInstance } from 'fastify'
import type { HttpFetch } from '../ports/auth-service'

/**
 * How the server calls HTTP services: requests to its own public address go through `app.inject()`
 * (the sandboxes under /_sandbox, and the sandbox gateway's notifications to PuriBox, answer
 * in-process: no port needs to be open yet, and the public address need not be reachable from the
 * server itself); anything else goes to `otherwise` — the network, or in tests a failure, so a test
 * never reaches the network.
 */
export function loopbackFetch(
  publicUrl: string,
  app: () => FastifyInstance,
  otherwise: HttpFetch = (url, init) => fetch(url, init),
): HttpFetch {
  const origin = new URL(publicUrl).origin
  return async (url, init) => {
    const target = new URL(url)
    if (target.origin !== origin) return otherwise(url, init)
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const body = init.body
    const answer = await app().inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      ...(body === undefined || body === null
        ? {}
        : { payload: body instanceof URLSearchParams ? body.toString() : (body as string) }),
    })
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one !== undefined) responseHeaders.append(name, String(one))
      }
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    })
  }
}
