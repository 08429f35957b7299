import type { ApiRoute, Role } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, from the contract. */
    roles?: readonly Role[]
  }
}

type Infer<T> = T extends z.ZodType ? z.output<T> : unknown

export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Params: Infer<R['params']>
  Querystring: Infer<R['query']>
  Body: Infer<R['body']>
}>

/**
 * Registers one route of the contract: its method, path and schemas come from `packages/contract`,
 * so validation, serialisation, the OpenAPI document and the web client cannot drift apart.
 */
export function registerApiRoute<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<unknown>,
  extra: { successStatus?: 200 | 201; preHandler?: (request: FastifyRequest) => Promise<void> } = {},
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
    config: { roles: route.roles },
    ...(extra.preHandler ? { preHandler: extra.preHandler } : {}),
    handler: handler as never,
  })
}
