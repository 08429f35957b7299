import { TIME_TRAVEL_RANGE } from '@puribox/contract/debug'
import { api } from '@puribox/contract/routes'
import { formatJst, parseJst } from '@puribox/contract/time'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ensureSession, ok, type RequestContextOptions, refreshSession } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'

/**
 * The debug switch for "now", for testing dates by hand: only with TIME_TRAVEL=on, never in production (config
 * refuses it). The date is kept in the session, so it applies to everything this browser does.
 */
export function registerTimeTravelRoutes(app: FastifyInstance, context: RequestContextOptions): void {
  const guard = async () => {
    if (!context.timeTravel) throw new AppError('TIME_TRAVEL_DISABLED', 'time travel is switched off')
  }
  const state = (request: FastifyRequest) =>
    ok(request, { enabled: context.timeTravel, date: request.wireClock?.date ?? null })

  registerApiRoute(app, api.timeTravelGet, async (request) => state(request), { preHandler: guard })

  registerApiRoute(
    app,
    api.timeTravelSet,
    async (request, reply) => {
      const text = request.body.date
      const date = parseJst(text)
      // The wire format orders as text, so the range check needs no dates.
      if (!date || text < TIME_TRAVEL_RANGE.earliest || text > TIME_TRAVEL_RANGE.latest) {
        throw new AppError(
          'VALIDATION_FAILED',
          `date must be YYYY-MM-DDTHH:mm:ss from ${TIME_TRAVEL_RANGE.earliest} to ${TIME_TRAVEL_RANGE.latest}`,
        )
      }
      const session = await ensureSession(request, reply, context)
      refreshSession(request, await context.sessions.update(session, { timeTravelTo: date }), context)
      request.log.info({ to: formatJst(date) }, 'time travel set')
      return state(request)
    },
    { preHandler: guard },
  )

  registerApiRoute(
    app,
    api.timeTravelClear,
    async (request) => {
      if (request.session) {
        refreshSession(
          request,
          await context.sessions.update(request.session, { timeTravelTo: null }),
          context,
        )
      }
      return state(request)
    },
    { preHandler: guard },
  )
}
