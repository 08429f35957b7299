import type { z } from 'zod'
import { readAnswer, type WithClock } from '../lib/api-client'
import { sendJson } from '../lib/call-api'

/** A route of the console's API as its contract file declares it (`packages/contract/src/admin-*.ts`). */
export interface ConsoleRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  body?: z.ZodType
  response: z.ZodType
}

type EntityOfRoute<R extends ConsoleRoute> =
  z.output<R['response']> extends { entity: infer E } ? NonNullable<E> : never
type BodyOfRoute<R extends ConsoleRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined

/**
 * `readAnswer` names its entity by a route of the members' table; the console's routes are in a
 * table of their own, and the answer is read the same way (the wrapper, its error codes, its clock).
 */
const readEntity = readAnswer as unknown as <E>(
  request: Promise<Response>,
  signal?: AbortSignal,
) => Promise<WithClock<E>>

/**
 * Calls a route of the console's API as the members' client calls theirs (`callApi`): JSON in the
 * wrapper, the operator's cookie (path /admin), and the CSRF header on anything but GET. Throws
 * ApiError: the server's code, NETWORK when no answer came, BAD_RESPONSE when it was not the wrapper.
 */
export function callConsoleApi<R extends ConsoleRoute>(
  route: R,
  input: { body?: BodyOfRoute<R>; signal?: AbortSignal } = {},
): Promise<WithClock<EntityOfRoute<R>>> {
  const request = sendJson(route.method, route.path, input.body, input.signal)
  return readEntity<EntityOfRoute<R>>(request, input.signal)
}
