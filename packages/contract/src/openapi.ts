import { z } from 'zod'
import type { ApiRouteName } from './api-paths'
import { type ErrorCode, errorCodes, errorMeanings, errorStatus } from './errors'
import { type ApiRoute, api, isConsoleRole, OPERATORS, type Role } from './routes'
import { clockSchema } from './wrapper'

/**
 * What the OpenAPI document says about a route beyond its schemas, derived from the route table so
 * that it cannot drift from what the server does: the operation's id, who may call it (security)
 * and every error it can answer, by status. The server's swagger registration puts these into the
 * document (`server/src/http/openapi.ts`); decision 0023 says why the document looks as it does.
 */

/**
 * The version of the API in the document's `info` (semantic: the major part goes up when a change
 * breaks an app built on the one before; the minor when routes or fields are added).
 */
export const API_VERSION = '1.0.0'

/** The security schemes of the document; the server describes each (the cookie's name is its own). */
export type SecuritySchemeName = 'session' | 'machineKey' | 'gatewaySignature' | 'adToken'
export type SecurityRequirement = Partial<Record<SecuritySchemeName, string[]>>

const routeNames = new Map<ApiRoute, ApiRouteName>(
  Object.entries(api).map(([name, route]) => [route, name as ApiRouteName]),
)

/** The route of the table served at this method and path (Fastify-style `:id`), with its name. */
export function contractRouteAt(method: string, path: string): [ApiRouteName, ApiRoute] | undefined {
  for (const [route, name] of routeNames) {
    if (route.method === method && route.path === path) return [name, route]
  }
  return undefined
}

/** Booths (their machine key) and the payment gateway (its signature) are callers without a session. */
function serviceOf(route: ApiRoute): 'MACHINE' | 'GATEWAY' | null {
  if (route.roles.includes('MACHINE')) return 'MACHINE'
  if (route.roles.includes('GATEWAY')) return 'GATEWAY'
  return null
}

/**
 * Who may call the route, as OpenAPI security requirements (any one of them will do): a route a
 * guest may call needs nothing, or takes the session cookie (a guest's session counts: registration
 * proves the address in it); a members' route needs the cookie of a signed-in member's session.
 */
const SESSION_ROLES = ['GUEST', 'MINI', 'PREMIUM', 'JHS_PREMIUM'] as const satisfies readonly Role[]

export function securityOf(route: ApiRoute): SecurityRequirement[] {
  // The ad routes take the viewer's ad token besides (a member's session is what it is bound to).
  if (route.adToken) return [{ adToken: [] }, { adToken: [], session: [] }]
  const requirements: SecurityRequirement[] = []
  if (route.roles.includes('GUEST')) requirements.push({})
  if (route.roles.some((role) => (SESSION_ROLES as readonly Role[]).includes(role))) {
    requirements.push({ session: [] })
  }
  if (route.roles.includes('MACHINE')) requirements.push({ machineKey: [] })
  if (route.roles.includes('GATEWAY')) requirements.push({ gatewaySignature: [] })
  return requirements
}

/**
 * What the role guard (`registerApiRoute`) answers each caller the route does not admit. An
 * operators' route knows no member: nobody signed in to the console is OPERATOR_UNAUTHENTICATED,
 * an operator whose role it does not admit FORBIDDEN.
 */
function guardRefusals(roles: readonly Role[]): ErrorCode[] {
  if (roles.some(isConsoleRole)) {
    return roles.length < OPERATORS.length
      ? ['OPERATOR_UNAUTHENTICATED', 'FORBIDDEN']
      : ['OPERATOR_UNAUTHENTICATED']
  }
  const guestsOnly = roles.length === 1 && roles[0] === 'GUEST'
  return SESSION_ROLES.filter((role) => !roles.includes(role)).map((role) =>
    role === 'GUEST' ? 'UNAUTHENTICATED' : guestsOnly ? 'ALREADY_SIGNED_IN' : 'FORBIDDEN',
  )
}

/**
 * Every error code the route can answer: its own (`route.errors`) and those of its kind.
 * Any URL can be unreadable (VALIDATION_FAILED) and anything can fail (INTERNAL_ERROR). A body is
 * parsed by its content type before the route runs (the gateway's is kept as text, for its
 * signature); a browser's state change passes the CSRF guard; a session's role passes the role guard;
 * a booth shows its key and the gateway its signature. Sorted by status, then as in `errors.ts`.
 */
export function errorCodesOf(route: ApiRoute): ErrorCode[] {
  const service = serviceOf(route)
  // Any request may be refused before routing: headers over 16 KB (431), or one that never arrived
  // whole (408).
  const codes = new Set<ErrorCode>([
    'VALIDATION_FAILED',
    'INTERNAL_ERROR',
    'HEADERS_TOO_LARGE',
    'REQUEST_TIMEOUT',
    ...(route.errors ?? []),
  ])
  // An empty path parameter makes the path another one (`/uploads/{id}` → `/uploads/`), which
  // may exist with other methods only: the router answers 405 with `Allow`.
  if (route.path.includes(':')) codes.add('METHOD_NOT_ALLOWED')
  if (route.method !== 'GET') {
    codes.add('PAYLOAD_TOO_LARGE')
    codes.add('UNSUPPORTED_MEDIA_TYPE')
    if (service !== 'GATEWAY') codes.add('INVALID_JSON')
    if (service === null) codes.add('CSRF_REJECTED')
  }
  if (service === 'MACHINE') codes.add('MACHINE_KEY_INVALID')
  if (service === 'GATEWAY') codes.add('PAYMENT_SIGNATURE_INVALID')
  if (service === null) for (const code of guardRefusals(route.roles)) codes.add(code)
  return errorCodes.filter((code) => codes.has(code)).sort((a, b) => errorStatus[a] - errorStatus[b])
}

/** The wrapper of a failure whose code is one of `codes`. */
export function errorAnswerSchema(codes: readonly [ErrorCode, ...ErrorCode[]]) {
  return z.object({
    entity: z.null(),
    error: z.object({
      code: z.enum(codes),
      message: z.string().describe('For developers only: clients show their own text for the code'),
    }),
    clock: clockSchema,
  })
}

export interface ErrorAnswer {
  status: number
  codes: [ErrorCode, ...ErrorCode[]]
  /** What each code means (Markdown), for the document. */
  description: string
  schema: ReturnType<typeof errorAnswerSchema>
}

/** The route's error answers, one per status, each with the codes that status can carry. */
export function errorAnswersOf(route: ApiRoute): ErrorAnswer[] {
  const byStatus = new Map<number, [ErrorCode, ...ErrorCode[]]>()
  for (const code of errorCodesOf(route)) {
    const codes = byStatus.get(errorStatus[code])
    if (codes) codes.push(code)
    else byStatus.set(errorStatus[code], [code])
  }
  return [...byStatus].map(([status, codes]) => ({
    status,
    codes,
    description: [
      'The wrapper with `entity` null and one of these codes:',
      '',
      ...codes.map((code) => `- \`${code}\`: ${errorMeanings[code]}`),
    ].join('\n'),
    schema: errorAnswerSchema(codes),
  }))
}

/**
 * A GET answering a redirect or a file opens as a page: a browser the route does not admit is sent
 * on with a 303 (to sign in, or to the failure page) instead of the JSON refusal
 * (`pageRoleGuard` in `server/src/http/routes.ts`).
 */
export function redirectsRefusedBrowsers(route: ApiRoute): boolean {
  return (
    route.method === 'GET' &&
    route.response === undefined &&
    serviceOf(route) === null &&
    !route.roles.some(isConsoleRole) &&
    guardRefusals(route.roles).length > 0
  )
}
