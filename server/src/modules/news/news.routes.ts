import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { NewsService } from './news.service'

export function registerNewsRoutes(app: FastifyInstance, deps: { news: NewsService }): void {
  const { news } = deps

  registerApiRoute(app, api.news, async (request) => {
    const { caller, query } = request
    return ok(
      request,
      await news.list({
        now: request.now,
        categoryName: query.newsCategoryName,
        count: query.count,
        accountId: caller.kind === 'member' ? caller.accountId : null,
      }),
    )
  })

  registerApiRoute(app, api.newsRead, async (request) =>
    ok(request, await news.markRead(request.caller.accountId, request.params.id, request.now)),
  )
}
