import type { ErrorCode } from '@puribox/contract/errors'
import type { ApiRoutes } from '@puribox/contract/routes'
import type { Clock } from '@puribox/contract/wrapper'
import type { z } from 'zod'
import { recordClock } from './clock'

/** The API's error codes plus what can go wrong before an answer arrives. */
export type ClientErrorCode = ErrorCode | 'NETWORK' | 'BAD_RESPONSE'

/** The fields an answer's `error` may carry besides its code and message. */
export interface ErrorDetails {
  penalty?: unknown
  usedAt?: unknown
  penaltyReason?: unknown
}

export class ApiError extends Error {
  readonly code: ClientErrorCode
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number
  /**
   * How many seconds to wait before asking again, from the answer's `Retry-After` (sent with the
   * 429s: PURIGET_PENALTY_YELLOW, RATE_LIMITED); null when the answer did not say.
   */
  readonly retryAfterSeconds: number | null
  /**
   * What else the answer's `error` carried, as sent and unchecked (undefined when absent):
   * `penalty`, where the caller stands with the puri-getting penalty (the seal feature reads it,
   * `purigetStandingOf`); with COUPON_ALREADY_USED `usedAt`, when the ticket was used; with
   * ACCOUNT_SUSPENDED `penaltyReason`, why. One object, so a new detail costs the first load nothing.
   */
  readonly details: ErrorDetails

  constructor(
    code: ClientErrorCode,
    status: number,
    message?: string,
    options: { retryAfterSeconds?: number | null; details?: ErrorDetails } = {},
  ) {
    super(message ?? code)
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.retryAfterSeconds = options.retryAfterSeconds ?? null
    this.details = options.details ?? {}
  }
}

/**
 * `Retry-After` in seconds. PuriBox sends the delta-seconds form only; the HTTP-date form (which
 * would depend on this phone's clock) and anything malformed read as "not said".
 */
export function parseRetryAfter(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null
  const seconds = Number(header)
  return Number.isSafeInteger(seconds) ? seconds : null
}

type Schema<K extends keyof ApiRoutes, F extends string> =
  ApiRoutes[K] extends Record<F, infer S> ? (S extends z.ZodType ? S : never) : never

/** Routes answering JSON in the wrapper (not files). */
export type JsonRouteKey = {
  [K in keyof ApiRoutes]: ApiRoutes[K] extends { response: z.ZodType } ? K : never
}[keyof ApiRoutes]

/** What a component gets: the entity with the answer's clock attached, so a screen knows "now" under time travel. */
export type WithClock<T> = T & { clock: Clock }
export type EntityOf<K extends JsonRouteKey> =
  z.output<Schema<K, 'response'>> extends { entity: infer E } ? NonNullable<E> : never

type ParamsInput<K extends keyof ApiRoutes> = [Schema<K, 'params'>] extends [never]
  ? { params?: undefined }
  : { params: z.input<Schema<K, 'params'>> }
type BodyInput<K extends keyof ApiRoutes> = [Schema<K, 'body'>] extends [never]
  ? { body?: undefined }
  : { body: z.input<Schema<K, 'body'>> }
/** A route's query is always optional to send: what it leaves out is left out of the address. */
type QueryInput<K extends keyof ApiRoutes> = [Schema<K, 'query'>] extends [never]
  ? { query?: undefined }
  : { query?: Partial<Record<keyof z.input<Schema<K, 'query'>>, string | undefined>> }
export type CallInput<K extends JsonRouteKey> = ParamsInput<K> &
  BodyInput<K> &
  QueryInput<K> & { signal?: AbortSignal }
/** The input may be left out only when the route takes no params and no body. */
export type CallArgs<K extends JsonRouteKey> =
  object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>]

type Wrapper = {
  entity: unknown
  error: ({ code: ClientErrorCode; message: string } & ErrorDetails) | null
  clock: Clock
}

function isWrapper(body: unknown): body is Wrapper {
  return typeof body === 'object' && body !== null && 'entity' in body && 'error' in body && 'clock' in body
}

/**
 * The entity of the answer to a request of route K already sent (by callApi, or by index.html's boot
 * script before the app had loaded), with callApi's checks and errors (`call-api.ts`).
 */
export async function readAnswer<K extends JsonRouteKey>(
  request: Promise<Response>,
  signal?: AbortSignal,
): Promise<WithClock<EntityOf<K>>> {
  let response: Response
  try {
    response = await request
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError('NETWORK', 0, String(cause))
  }

  let payload: unknown
  try {
    payload = await response.json()
  } catch {
    throw new ApiError('BAD_RESPONSE', response.status, `Not JSON (HTTP ${response.status})`)
  }
  if (!isWrapper(payload)) throw new ApiError('BAD_RESPONSE', response.status, 'Not the response wrapper')

  // An answer that is the same for everyone (`public`) may come from the browser's cache, kept from
  // before this session began to time travel: it says nothing of the session's clock. (While the
  // session travels, the server answers those `private` too, with its clock.)
  if (!/\bpublic\b/.test(response.headers.get('cache-control') ?? '')) recordClock(payload.clock)
  if (payload.error) {
    throw new ApiError(payload.error.code, response.status, payload.error.message, {
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      details: payload.error,
    })
  }
  if (!response.ok || typeof payload.entity !== 'object' || payload.entity === null) {
    throw new ApiError('BAD_RESPONSE', response.status, `No entity (HTTP ${response.status})`)
  }
  return { ...(payload.entity as EntityOf<K>), clock: payload.clock }
}

/** `GET` of a route's address with its query string (which callApi does not send), and its entity. */
export function getAnswer<K extends JsonRouteKey>(url: string, signal?: AbortSignal) {
  return readAnswer<K>(
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'include', signal }),
    signal,
  )
}

/** Worth retrying: the network or the server failed, not the request. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500)
}
