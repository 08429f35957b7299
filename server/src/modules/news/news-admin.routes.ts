import { adminNewsApi } from '@puribox/contract/admin-news'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { NewsAdminService } from './news-admin.service'

/** The console's routes for news: each hands the operator (the actor) and its input to the service. */
export function registerNewsAdminRoutes(app: FastifyInstance, deps: { admin: NewsAdminService }): void {
  const { admin } = deps
  const api = adminNewsApi

  registerApiRoute(app, api.adminNews, async (request) =>
    ok(request, await admin.list(request.caller, request.query)),
  )
  registerApiRoute(app, api.adminNewsItem, async (request) =>
    ok(request, await admin.item(request.caller, request.params.newsId)),
  )
  registerApiRoute(app, api.adminNewsCreate, async (request) =>
    ok(request, await admin.createDraft(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminNewsChange, async (request) =>
    ok(request, await admin.change(request.caller, request.params.newsId, request.body)),
  )
  registerApiRoute(app, api.adminNewsSchedule, async (request) =>
    ok(request, await admin.schedule(request.caller, request.params.newsId, request.body)),
  )
  registerApiRoute(app, api.adminNewsPublish, async (request) =>
    ok(request, await admin.publishNow(request.caller, request.params.newsId, request.body)),
  )
  registerApiRoute(app, api.adminNewsWithdraw, async (request) =>
    ok(request, await admin.withdraw(request.caller, request.params.newsId, request.body)),
  )
}
