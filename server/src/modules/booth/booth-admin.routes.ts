import { adminBoothsApi, BOOTH_ADMIN_LIMITS } from '@puribox/contract/admin-booths'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import type { BoothAdminService } from './booth-admin.service'

/** The console's routes for booths: each hands the operator (the actor) and its input to the service. */
export function registerBoothAdminRoutes(app: FastifyInstance, deps: { admin: BoothAdminService }): void {
  const { admin } = deps
  const api = adminBoothsApi

  registerApiRoute(app, api.adminMachineModels, async (request) =>
    ok(request, await admin.models(request.caller)),
  )
  registerApiRoute(app, api.adminMachineModelCreate, async (request) =>
    ok(request, await admin.createModel(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminMachineModelChange, async (request) =>
    ok(request, await admin.changeModel(request.caller, request.params.modelId, request.body)),
  )

  registerApiRoute(app, api.adminShops, async (request) =>
    ok(request, await admin.shops(request.caller, request.query)),
  )
  registerApiRoute(app, api.adminShopCreate, async (request) =>
    ok(request, await admin.createShop(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminShop, async (request) =>
    ok(request, await admin.shop(request.caller, request.params.shopId)),
  )
  registerApiRoute(app, api.adminShopChange, async (request) =>
    ok(request, await admin.changeShop(request.caller, request.params.shopId, request.body)),
  )
  // A shops file is the CSV's bytes as they are: the service finds their encoding.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: BOOTH_ADMIN_LIMITS.importMaxBytes },
      (_request, body, done) => done(null, body),
    )
    registerApiRoute(scope, api.adminShopsImport, async (request) => {
      const file: unknown = request.body
      if (!Buffer.isBuffer(file)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send the file as text/csv')
      return ok(request, await admin.importShops(request.caller, file))
    })
  })

  registerApiRoute(app, api.adminShopMachines, async (request) =>
    ok(request, await admin.machines(request.caller, request.params.shopId, request.query)),
  )
  registerApiRoute(app, api.adminMachineCreate, async (request) =>
    ok(request, await admin.createMachine(request.caller, request.params.shopId, request.body)),
  )
  registerApiRoute(app, api.adminMachine, async (request) =>
    ok(request, await admin.machine(request.caller, request.params.machineId)),
  )
  registerApiRoute(app, api.adminMachineChange, async (request) =>
    ok(request, await admin.changeMachine(request.caller, request.params.machineId, request.body)),
  )
  // The key is in this answer alone; like every console answer, no cache keeps it (`private, no-store`).
  registerApiRoute(app, api.adminMachineKeyIssue, async (request) =>
    ok(request, await admin.issueKey(request.caller, request.params.machineId)),
  )
  registerApiRoute(app, api.adminMachineKeyRevoke, async (request) =>
    ok(
      request,
      await admin.revokeKey(request.caller, request.params.machineId, request.params.keyId, request.body),
    ),
  )
}
