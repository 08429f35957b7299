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
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (method !== 'GET') headers['X-Requested-With'] = 'XMLHttpRequest'
  let body: string | undefined
  if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(input.body)
  }

  const url =
    fillPath(path, input.params as Record<string, string | number> | undefined) +
    queryString(input.query as Record<string, string | undefined> | undefined)
  const request = fetch(url, {
    method,
    headers,
    body,
    credentials: 'include',
    signal: input.signal,
  })
  return readAnswer<K>(request, input.signal)
}
