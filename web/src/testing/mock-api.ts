import { vi } from 'vitest'

export type ApiHandler = (request: { url: string; body: unknown }) => Response | Promise<Response>

export interface ApiCall {
  /** `METHOD /path?query`, as the handlers are keyed. */
  key: string
  body: unknown
}

/**
 * Stubs fetch with a handler per `METHOD /path` (query included when the call has one); any other
 * request fails the test. Answers the calls made, in order.
 */
export function mockApi(handlers: Record<string, ApiHandler>): ApiCall[] {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const key = `${init?.method ?? 'GET'} ${url}`
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ key, body })
      const handler = handlers[key]
      if (!handler) throw new Error(`unexpected request ${key}`)
      return handler({ url, body })
    }),
  )
  return calls
}
