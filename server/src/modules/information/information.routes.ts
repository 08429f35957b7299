import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { InformationService } from './information.service'

export function registerInformationRoutes(
  app: FastifyInstance,
  deps: { information: InformationService },
): void {
  registerApiRoute(app, api.information, async (request) =>
    ok(request, await deps.information.read(request.params.page, request.query.version)),
  )
}
