import { links } from '@puribox/contract/pages'
import { loginPath } from '@puribox/contract/registration-paths'
import type { ApiRoute, Role } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { AppError } from './errors'

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
  app.decorate('registeredRoutes', routes)
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      routes.push({ method, url: options.url, roles: options.config?.roles ?? null })
    }
  })
}

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

export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Params: Infer<R['params']>
  Querystring: Infer<R['query']>
  Body: Infer<R['body']>
}>

/**
 * The route table's roles, enforced before anything else of the route runs (even before its input
 * is validated): a guest where members only are admitted is UNAUTHENTICATED, a member where guests
 * only are (registration) is ALREADY_SIGNED_IN, any other mismatch FORBIDDEN. Booth routes
 * (MACHINE) and the gateway's (GATEWAY) authenticate by key or signature in the service instead.
 */
export function roleGuard(roles: readonly Role[]) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const role = request.session?.role ?? 'GUEST'
    if (roles.includes(role)) return done()
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
export function pageRoleGuard(roles: readonly Role[]) {
  const guard = roleGuard(roles)
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
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
 * Registers one route of the contract: its method, path and schemas come from `packages/contract`,
 * so validation, serialisation, the OpenAPI document and the web client cannot drift apart.
 */
export function registerApiRoute<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<unknown>,
  extra: {
    successStatus?: 200 | 201
    preHandler?: (request: FastifyRequest) => Promise<void>
    /** Starts the route's reads while the session is looked up (`installWarmUps`); params not yet validated. */
    warm?: (request: RouteRequest<R>) => void
  } = {},
): void {
  const status = extra.successStatus ?? 200
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.response ? { response: { [status]: route.response } } : {}),
    },
    config: {
      roles: route.roles,
      ...(route.form ? { formPost: true } : {}),
      ...(extra.warm ? { warm: extra.warm as (request: FastifyRequest) => void } : {}),
    },
    // Booths and the payment gateway are not browsers: their key or signature is checked by the service.
    ...(route.roles.includes('MACHINE') || route.roles.includes('GATEWAY')
      ? {}
      : { onRequest: opensAsPage(route) ? pageRoleGuard(route.roles) : roleGuard(route.roles) }),
    ...(extra.preHandler ? { preHandler: extra.preHandler } : {}),
    handler: handler as never,
  })
}
