import { adminInformationApi, INFORMATION_ADMIN_LIMITS } from '@puribox/contract/admin-information'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { InformationAdminService } from './information-admin.service'

/**
 * The console's routes for the information pages and policies: each hands the operator (the actor)
 * and its input to the service.
 */
export function registerInformationAdminRoutes(
  app: FastifyInstance,
  deps: { admin: InformationAdminService },
): void {
  const { admin } = deps
  const api = adminInformationApi

  registerApiRoute(app, api.adminInformation, async (request) =>
    ok(request, await admin.list(request.caller)),
  )
  registerApiRoute(app, api.adminInformationPage, async (request) =>
    ok(request, await admin.page(request.caller, request.params.page)),
  )
  registerApiRoute(app, api.adminInformationHistory, async (request) =>
    ok(request, await admin.history(request.caller, request.params.page, request.query)),
  )
  registerApiRoute(app, api.adminInformationVersion, async (request) =>
    ok(request, await admin.version(request.caller, request.params.page, request.params.version)),
  )
  // A legal text in Japanese is three bytes a character: the routes that carry one take more than
  // the server's usual limit of a request, up to the longest body a version may have.
  app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.bodyLimit = INFORMATION_ADMIN_LIMITS.requestMaxBytes
    })
    registerApiRoute(scope, api.adminInformationPreview, async (request) =>
      ok(request, admin.preview(request.caller, request.body.body)),
    )
    registerApiRoute(scope, api.adminInformationDraftCreate, async (request) =>
      ok(request, await admin.createDraft(request.caller, request.params.page, request.body)),
    )
    registerApiRoute(scope, api.adminInformationDraftChange, async (request) =>
      ok(
        request,
        await admin.changeDraft(request.caller, request.params.page, request.params.version, request.body),
      ),
    )
  })
  registerApiRoute(app, api.adminInformationDraftDiscard, async (request) =>
    ok(
      request,
      await admin.discardDraft(request.caller, request.params.page, request.params.version, request.body),
    ),
  )
  registerApiRoute(app, api.adminInformationPublish, async (request) =>
    ok(
      request,
      await admin.publish(request.caller, request.params.page, request.params.version, request.body),
    ),
  )
  registerApiRoute(app, api.adminInformationUnschedule, async (request) =>
    ok(
      request,
      await admin.unschedule(request.caller, request.params.page, request.params.version, request.body),
    ),
  )
}
