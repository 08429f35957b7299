import { adminHelpApi } from '@puribox/contract/admin-help'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { HelpAdminService } from './help-admin.service'

/** The console's routes for help: each hands the operator (the actor) and its input to the service. */
export function registerHelpAdminRoutes(app: FastifyInstance, deps: { admin: HelpAdminService }): void {
  const { admin } = deps
  const api = adminHelpApi

  registerApiRoute(app, api.adminHelp, async (request) => ok(request, await admin.help(request.caller)))
  registerApiRoute(app, api.adminHelpCategoryChange, async (request) =>
    ok(request, await admin.changeCategory(request.caller, request.params.categoryId, request.body)),
  )
  registerApiRoute(app, api.adminHelpAnswersOrder, async (request) =>
    ok(request, await admin.orderAnswers(request.caller, request.params.categoryId, request.body)),
  )
  registerApiRoute(app, api.adminHelpAnswerCreate, async (request) =>
    ok(request, await admin.createAnswer(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminHelpAnswerChange, async (request) =>
    ok(request, await admin.changeAnswer(request.caller, request.params.answerId, request.body)),
  )
  registerApiRoute(app, api.adminHelpAnswerRemove, async (request) =>
    ok(request, await admin.removeAnswer(request.caller, request.params.answerId, request.body)),
  )
}
