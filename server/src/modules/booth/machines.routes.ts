import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { MachinesService } from './machines.service'

export function registerMachinesRoutes(app: FastifyInstance, deps: { machines: MachinesService }): void {
  const { machines } = deps

  registerApiRoute(app, api.machineModels, async (request) =>
    ok(request, await machines.models(request.query.isIdFederationSupported === 'true')),
  )

  registerApiRoute(app, api.machineModel, async (request) =>
    ok(request, await machines.model(request.params.id)),
  )

  // The wrapper comes ready as JSON bytes (decision 0042): sent as they are, past the serializer.
  registerApiRoute(app, api.shopSearch, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await machines.search(request.query, request.wireClock)),
  )

  registerApiRoute(app, api.shopCities, async (request) =>
    ok(request, await machines.cities(request.query.prefecture)),
  )

  registerApiRoute(app, api.machineSample, async (request, reply) => {
    const picture = await machines.sample(request.params.file)
    // A sample is written once under its name and never changed: any cache may keep it a week.
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=604800')
      .header('x-content-type-options', 'nosniff')
      .send(picture)
  })
}
