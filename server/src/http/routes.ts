import { isAdminApiPath } from '@puribox/contract/admin-api'
import { links } from '@puribox/contract/pages'
import { loginPath } from '@puribox/contract/registration-paths'
import { type ApiRoute, isConsoleRole, type Role } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import FindMyWay, { type HTTPMethod } from 'find-my-way'
import { z } from 'zod'
import {
  type Caller,
  type CallerFor,
  type CallerOfRole,
  consoleRoleOf,
  fromOtherSite,
  type OperatorCaller,
  personOf,
  roleOf,
  SERVICE_ROLES,
  type ServiceRole,
} from './caller'
import { AppError } from './errors'

/**
 * How a console request proves which operator sends it (the console's own session cookie): the
 * module that owns operators provides it, so this file knows none. Null when nobody is signed in
 * to the console, whatever member session the browser also has.
 */
export type OperatorAuthenticator = (request: FastifyRequest) => Promise<OperatorCaller | null>

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, from the contract. */
    roles?: readonly Role[]
    /**
     * A plain HTML form posts here (no JavaScript, so no X-Requested-With): the CSRF guard asks
     * for a same-origin Origin (or Referer) instead.
     */
    formPost?: boolean
    /**
     * Called as the request arrives, before its session is looked up, to start reads the handler
     * will need (see `installWarmUps`). It must not answer, throw or decide anything.
     */
    warm?: (request: FastifyRequest) => void
  }
  interface FastifyInstance {
    /** Every route the app serves, as registered (see `trackRoutes`). */
    registeredRoutes: readonly RegisteredRoute[]
  }
  interface FastifyRequest {
    /**
     * Who called a contract route, as its roles admitted them: set before its handler (which gets
     * it typed by the route, `HandlerRequest`), and kept as it was even if the handler signs in or
     * out. Null outside contract routes.
     */
    caller: Caller | null
  }
  interface FastifyInstance {
    /** The methods the app serves at this path (`trackRoutes`); none when the path is unknown. */
    allowedMethods(url: string): string[]
    /** Who is signed in to the console, from its own cookie (`installOperatorAuthenticator`). */
    operatorOf?: OperatorAuthenticator
  }
}

/** Gives the app the console's authenticator, for every operators' route, registered before or after. */
export function installOperatorAuthenticator(
  app: FastifyInstance,
  authenticate: OperatorAuthenticator,
): void {
  app.decorate('operatorOf', authenticate)
}

/** The query of a route that takes none: any parameter is refused. */
const NO_QUERY = z.strictObject({})

/**
 * The query a route accepts. A parameter the route does not know is refused (400
 * VALIDATION_FAILED), so a client learns of its typo instead of the server ignoring it. A route a
 * browser opens as a page is the exception: a shared link may carry what another site added
 * (`utm_source`, LINE's `openExternalBrowser`), and a page must open all the same.
 */
function queryOf(route: ApiRoute): z.ZodType | undefined {
  if (opensAsPage(route)) return route.query
  if (!route.query) return NO_QUERY
  // A loose query (the auth service's callback takes whatever the provider sends) stays loose.
  return route.query instanceof z.ZodObject && route.query.def.catchall === undefined
    ? route.query.strict()
    : route.query
}

/** A GET without a JSON answer: a redirect or a file, which a browser opens by itself. */
function opensAsPage(route: ApiRoute): boolean {
  return route.method === 'GET' && route.response === undefined
}

export interface RegisteredRoute {
  method: string
  url: string
  /** The contract's roles when registered by `registerApiRoute`; null for anything else. */
  roles: readonly Role[] | null
}

/**
 * Keeps the list of every route the app serves (`app.registeredRoutes`), so a test can check that
 * nothing but pages, assets and sandboxes is served outside the contract's route table. Install it
 * before any route is registered.
 */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = []
  // The same router Fastify uses, with every route's path under each of its methods: it answers
  // which methods a path has, for a request whose method it does not have (405 with `Allow`).
  const byMethod = FindMyWay({ ignoreTrailingSlash: true })
  app.decorate('registeredRoutes', routes)
  app.decorate('allowedMethods', (url: string) =>
    ALLOWABLE_METHODS.filter((method) => byMethod.find(method, url.split('?')[0] ?? '/') !== null),
  )
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      routes.push({ method, url: options.url, roles: options.config?.roles ?? null })
      if ((ALLOWABLE_METHODS as readonly string[]).includes(method)) {
        byMethod.on(method as HTTPMethod, options.url, () => {})
      }
    }
  })
}

/** The methods a 405 names (HEAD comes with GET, and nothing of PuriBox answers OPTIONS). */
const ALLOWABLE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * Runs each route's `warm` as its request arrives, so that the route's own reads go to the database
 * together with the session lookup instead of after it (decision 0015). Install it before the
 * request context resolves sessions.
 */
export function installWarmUps(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.routeOptions.config.warm?.(request)
    done()
  })
}

type Infer<T> = T extends z.ZodType ? z.output<T> : unknown

/** A route's request before its handler: params, query and body typed by the contract. */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Params: Infer<R['params']>
  Querystring: Infer<R['query']>
  Body: Infer<R['body']>
}>

/** The request a route's handler gets: with the caller its roles admit. */
export type HandlerRequest<R extends ApiRoute> = RouteRequest<R> & { caller: CallerFor<R['roles']> }

/** Every answer to a member, JSON and their own pictures alike, unless it is the same for everyone. */
export const MEMBER_CACHE_CONTROL = 'private, no-store'

type RoleGuardHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void

/**
 * The route table's roles for people, enforced before anything else of the route runs (even before
 * its input is validated): the caller comes from the session, and a guest where members only are
 * admitted is UNAUTHENTICATED, a member where guests only are (registration) is ALREADY_SIGNED_IN,
 * any other mismatch FORBIDDEN. An admitted caller is the request's `caller`.
 */
export function roleGuard(roles: readonly Role[]): RoleGuardHook {
  return (request, reply, done) => {
    const caller = personOf(request.session, request.ip, fromOtherSite(request.headers))
    const role = roleOf(caller)
    // What a member is answered is theirs alone, and is not left behind on a shared phone: no
    // cache keeps it, the browser's included. An answer the same for everyone says so itself.
    if (caller.kind === 'member') reply.header('cache-control', MEMBER_CACHE_CONTROL)
    if (roles.includes(role)) {
      request.caller = caller
      return done()
    }
    if (role === 'GUEST') return done(new AppError('UNAUTHENTICATED', 'sign in first'))
    if (roles.length === 1 && roles[0] === 'GUEST') {
      return done(new AppError('ALREADY_SIGNED_IN', 'only for guests: sign out first'))
    }
    return done(new AppError('FORBIDDEN', 'not for your membership'))
  }
}

/**
 * `roleGuard` for a route a browser opens as a page (a GET that answers with a redirect or a file):
 * a browser with the wrong role gets a page, not JSON. A guest goes to the login page and comes
 * back; anyone else lands on `/web/login/fail` with the reason. API callers (no `text/html` in
 * Accept) still get the typed error.
 */
export function pageRoleGuard(roles: readonly Role[]): RoleGuardHook {
  const guard = roleGuard(roles)
  return (request, reply, done) => {
    guard(request, reply, (error) => {
      if (!(error instanceof AppError) || !(request.headers.accept ?? '').includes('text/html')) {
        return done(error)
      }
      const to =
        error.code === 'UNAUTHENTICATED'
          ? loginPath(request.url)
          : `${links.loginFail}?${new URLSearchParams({ reason: error.code })}`
      // Answered here: the hook does not go on to the route.
      void reply.redirect(to, 303)
    })
  }
}

/**
 * The route table's roles for operators, enforced before anything else of the route runs: the
 * caller comes from the console's own cookie alone (a member's session never makes an operator),
 * nobody signed in to the console is OPERATOR_UNAUTHENTICATED, an operator whose role the route
 * does not admit FORBIDDEN.
 */
export function operatorGuard(roles: readonly Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const authenticate = request.server.operatorOf
    if (!authenticate) throw new Error('no operator authenticator: the operators module is not registered')
    const caller = await authenticate(request)
    if (!caller) throw new AppError('OPERATOR_UNAUTHENTICATED', 'sign in to the console first')
    if (!roles.includes(consoleRoleOf(caller.role))) {
      throw new AppError('FORBIDDEN', 'not for your operator role')
    }
    request.caller = caller
  }
}

/** Nothing the console answers is kept by a cache, its refusals and its sign-in included. */
function keptByNoCache(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('cache-control', MEMBER_CACHE_CONTROL)
  done()
}

type ServiceRoleOf<R extends ApiRoute> = Extract<R['roles'][number], ServiceRole>

/**
 * How a booth's or the gateway's request proves who sent it (a key, a signature): the module that
 * owns the credential provides it, so this file knows none. It answers the caller or throws the
 * route's refusal.
 */
export type Authenticator<R extends ApiRoute> = (
  request: RouteRequest<R>,
) => Promise<CallerOfRole[ServiceRoleOf<R>]>

interface RouteOptions<R extends ApiRoute> {
  successStatus?: 200 | 201
  /** Runs after the caller is known (and the service authenticated), before the handler. */
  preHandler?: (request: HandlerRequest<R>) => Promise<void>
  /** Starts the route's reads while the session is looked up (`installWarmUps`); params not yet validated. */
  warm?: (request: RouteRequest<R>) => void
}

/** A service's route must say how its caller is authenticated; a people's route has its session. */
type OptionsFor<R extends ApiRoute> = [ServiceRoleOf<R>] extends [never]
  ? [options?: RouteOptions<R>]
  : [options: RouteOptions<R> & { authenticate: Authenticator<R> }]

/**
 * The hook that makes the caller of a service's route, its first preHandler: after a body a
 * signature covers is parsed, before the handler reads a multipart body (nothing of it is read yet).
 */
function authenticatedBy(authenticate: Authenticator<ApiRoute>) {
  return async (request: FastifyRequest) => {
    request.caller = await authenticate(request as RouteRequest<ApiRoute>)
  }
}

/**
 * Registers one route of the contract: its method, path and schemas come from `packages/contract`,
 * so validation, serialisation, the OpenAPI document and the web client cannot drift apart. The
 * handler gets the caller the route's roles admit (`HandlerRequest`): people's from their session
 * (`roleGuard`), a booth's or the gateway's from the route's `authenticate`.
 */
export function registerApiRoute<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (request: HandlerRequest<R>, reply: FastifyReply) => Promise<unknown>,
  ...[options]: OptionsFor<R>
): void {
  const extra: RouteOptions<R> & { authenticate?: Authenticator<R> } = options ?? {}
  const status = extra.successStatus ?? 200
  const serviceRoles = route.roles.filter((role): role is ServiceRole =>
    SERVICE_ROLES.includes(role as ServiceRole),
  )
  // A route is for people or for one service: one way to know its caller.
  if (serviceRoles.length > 0 && route.roles.length !== 1) {
    throw new Error(`${route.method} ${route.path}: a service's route admits that service alone`)
  }
  if (serviceRoles.length > 0 && !extra.authenticate) {
    throw new Error(`${route.method} ${route.path}: a ${serviceRoles[0]} route needs its authenticator`)
  }
  // Operators are known by the console's cookie, members by their session: never both on one route.
  const forOperators = route.roles.some(isConsoleRole)
  if (forOperators && !route.roles.every(isConsoleRole)) {
    throw new Error(`${route.method} ${route.path}: an operators' route admits operators alone`)
  }
  const forConsole = isAdminApiPath(route.path)
  if (forOperators && !forConsole) {
    throw new Error(`${route.method} ${route.path}: an operators' route lives under the console's API`)
  }
  const guard = forOperators
    ? operatorGuard(route.roles)
    : opensAsPage(route)
      ? pageRoleGuard(route.roles)
      : roleGuard(route.roles)
  const preHandlers = [
    ...(extra.authenticate ? [authenticatedBy(extra.authenticate as Authenticator<ApiRoute>)] : []),
    ...(extra.preHandler ? [extra.preHandler as (request: FastifyRequest) => Promise<void>] : []),
  ]
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      // The console's API is not the native app's contract: it stays out of /openapi.json.
      ...(forConsole ? { hide: true } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(queryOf(route) ? { querystring: queryOf(route) } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.response ? { response: { [status]: route.response } } : {}),
    },
    config: {
      roles: route.roles,
      ...(route.form ? { formPost: true } : {}),
      ...(extra.warm ? { warm: extra.warm as (request: FastifyRequest) => void } : {}),
    },
    // Booths and the payment gateway are not browsers: their key or signature makes the caller.
    ...(serviceRoles.length > 0 ? {} : { onRequest: forConsole ? [keptByNoCache, guard] : guard }),
    ...(preHandlers.length > 0 ? { preHandler: preHandlers } : {}),
    handler: handler as never,
  })
}
