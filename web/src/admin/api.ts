import type { z } from 'zod'
import { readAnswer, type WithClock } from '../lib/api-client'
import { sendJson } from '../lib/call-api'
import { withQuery } from './paths'

/** A route of the console's API as its contract file declares it (`packages/contract/src/admin-*.ts`). */
export interface ConsoleRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  query?: z.ZodType
  body?: z.ZodType
  response: z.ZodType
}

type EntityOfRoute<R extends ConsoleRoute> =
  z.output<R['response']> extends { entity: infer E } ? NonNullable<E> : never
type BodyOfRoute<R extends ConsoleRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined
/** A query is sent as text, and what it leaves out is left out of the address. */
type QueryOfRoute<R extends { query?: z.ZodType }> = R['query'] extends z.ZodType
  ? Partial<Record<keyof z.input<R['query']>, string | undefined>>
  : undefined

/**
 * `readAnswer` names its entity by a route of the members' table; the console's routes are in a
 * table of their own, and the answer is read the same way (the wrapper, its error codes, its clock).
 */
const readEntity = readAnswer as unknown as <E>(
  request: Promise<Response>,
  signal?: AbortSignal,
) => Promise<WithClock<E>>

/** The address of a console route with its query, as a link (a file to download) or a request names it. */
export function consoleApiUrl<R extends { path: string; query?: z.ZodType }>(
  route: R,
  query?: QueryOfRoute<R>,
): string {
  return withQuery(route.path, (query ?? {}) as Record<string, string | undefined>)
}

/**
 * Calls a route of the console's API as the members' client calls theirs (`callApi`): JSON in the
 * wrapper, the operator's cookie (path /admin), and the CSRF header on anything but GET. Throws
 * ApiError: the server's code, NETWORK when no answer came, BAD_RESPONSE when it was not the wrapper.
 */
export function callConsoleApi<R extends ConsoleRoute>(
  route: R,
  input: { query?: QueryOfRoute<R>; body?: BodyOfRoute<R>; signal?: AbortSignal } = {},
): Promise<WithClock<EntityOfRoute<R>>> {
  const request = sendJson(route.method, consoleApiUrl(route, input.query), input.body, input.signal)
  return readEntity<EntityOfRoute<R>>(request, input.signal)
}
