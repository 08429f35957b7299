import { errorStatus } from '@puribox/contract/errors'
import { errorCodesOf } from '@puribox/contract/openapi'
import { type ApiRoute, api } from '@puribox/contract/routes'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { z } from 'zod'
import { validInput } from './zod-arbitrary'

/**
 * Requests built from the contract's route table, for tests that walk every route (the role walk,
 * the fuzzer). Nothing here names a route: a route added to `api` is walked as it is.
 */

export type RouteName = keyof typeof api

/** Every route of the contract, in table order. */
export const contractRoutes = Object.entries(api) as Array<[RouteName, ApiRoute]>

/** Booth routes: no session role is admitted, the machine key is the credential. */
export function isMachineOnly(route: ApiRoute): boolean {
  return route.roles.length > 0 && route.roles.every((role) => role === 'MACHINE')
}

/**
 * Routes for a service, not a browser: a booth (its machine key is the credential) or the payment
 * gateway (the signature of what it sends). No session role is admitted. Null for browsers' routes.
 */
export function serviceOf(route: ApiRoute): 'MACHINE' | 'GATEWAY' | null {
  if (route.roles.length === 0) return null
  if (route.roles.every((role) => role === 'MACHINE')) return 'MACHINE'
  if (route.roles.every((role) => role === 'GATEWAY')) return 'GATEWAY'
  return null
}

export function changesState(route: ApiRoute): boolean {
  return route.method !== 'GET'
}

/** What a route takes; each part is checked by the route's schema of the same name. */
export interface RouteInput {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
}

/** The host the tests' requests name, and the headers that pass the CSRF guard for it. */
export const SITE_HOST = 'puribox.test'
export const SAME_ORIGIN_HEADERS = {
  host: SITE_HOST,
  origin: `https://${SITE_HOST}`,
  'x-requested-with': 'XMLHttpRequest',
} as const

const UNRESERVED = /[A-Za-z0-9\-._~]/

/** Percent-encodes every byte but the unreserved ones; a lone surrogate goes as U+FFFD, as browsers send it. */
export function percentEncode(value: string): string {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte)
    out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** `?a=1&b=x&b=y`: arrays repeat their key, absent values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const pairs: string[] = []
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${percentEncode(key)}=${percentEncode(asText(item))}`)
    }
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

/** The route's path with its `:params` filled in (encoded), and the query. */
export function urlFor(route: ApiRoute, input: RouteInput): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    percentEncode(asText(input.params?.[name] ?? '')),
  )
  return `${path}${queryString(input.query)}`
}

/** One valid example of each part the route declares, from its schemas; the same for the same seed. */
export function generatedInput(route: ApiRoute, seed = 20261120): RouteInput {
  const sample = (schema: z.ZodType | undefined, where: string) =>
    schema ? fc.sample(validInput(schema, where), { numRuns: 1, seed })[0] : undefined
  const input: RouteInput = {}
  const params = sample(route.params, 'params')
  const query = sample(route.query, 'query')
  const body = sample(route.body, 'body')
  if (params !== undefined) input.params = params as Record<string, unknown>
  if (query !== undefined) input.query = query as Record<string, unknown>
  if (body !== undefined) input.body = body
  return input
}

/** An inject request for the route with this input; a JSON body when the route declares one. */
export function injectOptions(
  route: ApiRoute,
  input: RouteInput,
  headers: Record<string, string> = {},
): InjectOptions {
  const withBody = route.body !== undefined && input.body !== undefined
  return {
    method: route.method,
    url: urlFor(route, input),
    headers: {
      ...SAME_ORIGIN_HEADERS,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(withBody ? { payload: JSON.stringify(input.body) } : {}),
  }
}

export interface WireError {
  code: string
  message: string
}

export function describeResponse(response: LightMyRequestResponse): string {
  return `${response.raw.req.method} ${response.raw.req.url} → ${response.statusCode} ${response.body.slice(0, 300)}`
}

/** The answer's JSON when it is JSON (by content type), else null. */
export function jsonOf(response: LightMyRequestResponse): unknown {
  if (!(response.headers['content-type'] ?? '').toString().startsWith('application/json')) return null
  try {
    return JSON.parse(response.body)
  } catch {
    throw new Error(`JSON content type, but not JSON: ${describeResponse(response)}`)
  }
}

/**
 * The answer is the wrapper `{ entity, error, clock }` and nothing else; on a failure, `entity` is
 * null and `error` carries a code of the contract whose status is the one answered. Throws, with
 * the request and the answer, when not. Returns the error (or null).
 */
export function checkWrapper(response: LightMyRequestResponse): WireError | null {
  const json = jsonOf(response)
  const fail = (why: string) => {
    throw new Error(`${why}: ${describeResponse(response)}`)
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return fail('not the JSON wrapper')
  const keys = Object.keys(json).sort().join(',')
  if (keys !== 'clock,entity,error') return fail(`wrapper keys are ${keys}`)
  const { entity, error, clock } = json as { entity: unknown; error: WireError | null; clock: unknown }
  if (
    clock !== null &&
    (typeof clock !== 'object' || typeof (clock as { date?: unknown }).date !== 'string')
  ) {
    return fail('clock is neither null nor { date }')
  }
  if (response.statusCode < 400) {
    if (error !== null) fail('a success carries an error')
    return null
  }
  if (entity !== null) fail('a failure carries an entity')
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
    return fail('a failure without { code, message }')
  }
  if (!Object.hasOwn(errorStatus, error.code)) fail(`${error.code} is not a code of the contract`)
  const status = errorStatus[error.code as keyof typeof errorStatus]
  if (status !== response.statusCode) fail(`${error.code} is ${status} in the contract`)
  return error
}

/**
 * A failure answers a code the contract lists for the route (`errorCodesOf`: the route's `errors`
 * and those of its kind), so the OpenAPI document's error answers leave none out. Throws when not.
 */
export function checkListedError(
  route: ApiRoute,
  error: WireError | null,
  response: LightMyRequestResponse,
): void {
  if (!error || (errorCodesOf(route) as string[]).includes(error.code)) return
  // The router's own 404 (`registerPages`): the request never reached the route, as when a generated
  // path parameter is empty and the path becomes another one.
  if (error.code === 'NOT_FOUND' && error.message.startsWith('no route ')) return
  // The same, when the path it became has other methods: the router's 405, with `Allow`.
  if (error.code === 'METHOD_NOT_ALLOWED' && typeof response.headers.allow === 'string') return
  throw new Error(
    `${error.code} is not an error of this route in the contract: add it to the route's \`errors\` in packages/contract/src/routes.ts (${describeResponse(response)})`,
  )
}

/**
 * Whether the answer must be the wrapper: always on a JSON route, and wherever the answer is JSON,
 * except a static JSON route's success (the document itself, served as a file: docs/guide/ground-rules.md).
 */
export function answersWrapper(route: ApiRoute, response: LightMyRequestResponse): boolean {
  if (route.response) return true
  if (route.staticJson && response.statusCode < 300) return false
  return jsonOf(response) !== null
}

/** A success of a JSON route matches the route's response schema (a static JSON route's, its document's). */
export function checkSuccess(route: ApiRoute, response: LightMyRequestResponse): void {
  const schema = route.response ?? route.staticJson
  if (!schema || response.statusCode >= 300) return
  const result = schema.safeParse(jsonOf(response))
  if (!result.success)
    throw new Error(
      `answer does not match the contract (${result.error.message}): ${describeResponse(response)}`,
    )
}
