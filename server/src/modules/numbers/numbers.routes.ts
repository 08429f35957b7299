import { adminNumbersApi, NUMBERS_CSV_TYPE } from '@puribox/contract/admin-numbers'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { NumbersService } from './numbers.service'

/** The console's numbers: as JSON for its charts, and as a CSV file to download. */
export function registerNumbersRoutes(app: FastifyInstance, deps: { numbers: NumbersService }): void {
  const { numbers } = deps

  registerApiRoute(app, adminNumbersApi.numbers, async (request) =>
    ok(request, await numbers.daily(request.caller, request.query)),
  )

  registerApiRoute(app, adminNumbersApi.numbersCsv, async (request, reply) => {
    const file = await numbers.csv(request.caller, request.query)
    return reply
      .type(NUMBERS_CSV_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.bytes)
  })
}
