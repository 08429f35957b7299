import { apiPaths } from '@puribox/contract/api-paths'
import {
  type CallArgs,
  type CallInput,
  type EntityOf,
  type JsonRouteKey,
  readAnswer,
  type WithClock,
} from './api-client'

// Apart from api-client.ts: the table of every route's path comes with callApi, so the first load
// (which asks only account/self, by its path) does not carry it.

function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** `?name=value&…` of the values given (none: no `?`). */
function queryString(query: Record<string, string | undefined> | undefined): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, value)
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * Sends a JSON request as every call of the web's API clients does: asking for JSON, with the
 * session cookie, the CSRF header on anything but GET, and the body (when given) as JSON.
 */
export function sendJson(
  method: string,
  url: string,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (method !== 'GET') headers['X-Requested-With'] = 'XMLHttpRequest'
  let json: string | undefined
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    json = JSON.stringify(body)
  }
  return fetch(url, { method, headers, body: json, credentials: 'include', signal })
}

/**
 * Calls one route of the contract and answers its entity with the clock attached. Throws ApiError:
 * with the server's code when the wrapper carries an error, NETWORK when no answer arrived,
 * BAD_RESPONSE when the answer is not the wrapper.
 */
export async function callApi<K extends JsonRouteKey>(
  key: K,
  ...args: CallArgs<K>
): Promise<WithClock<EntityOf<K>>> {
  const input: CallInput<K> = args[0] ?? ({} as CallInput<K>)
  const { method, path } = apiPaths[key]
  const url =
    fillPath(path, input.params as Record<string, string | number> | undefined) +
    queryString(input.query as Record<string, string | undefined> | undefined)
  return readAnswer<K>(sendJson(method, url, input.body, input.signal), input.signal)
}
