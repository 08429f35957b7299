import type { Access } from '@puribox/contract/access'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import type { PaymentService } from './payments.service'
import { SIGNATURE_HEADER } from './signature'

/** A refused notification is worth a line in the log: the gateway retries, and someone may be forging them. */
function loggedRefusal(request: FastifyRequest, error: unknown): never {
  if (error instanceof AppError)
    request.log.warn({ code: error.code, err: error }, 'payment notification refused')
  throw error
}

/** The notification as its bytes came: the scope below keeps JSON bodies as text. */
const rawBodyOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '')

/** Premium payments (decisions 0019, 0020): the member's routes and the gateway's notification. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentService; accessOf: (request: FastifyRequest) => Access },
): void {
  const { payments } = deps
  const carrierOf = (request: FastifyRequest) => deps.accessOf(request).carrier

  registerApiRoute(app, api.paymentSelf, async (request) =>
    ok(request, await payments.self(request.caller.accountId, request.now)),
  )

  registerApiRoute(app, api.paymentTrial, async (request) =>
    ok(request, await payments.trial(request.caller, carrierOf(request), request.now)),
  )

  registerApiRoute(app, api.paymentUnsubscribable, async (request) =>
    ok(request, await payments.unsubscribable(request.caller.accountId, request.now)),
  )

  registerApiRoute(app, api.startSubscription, async (request) => {
    const redirectUrl = await payments.start(request.caller, carrierOf(request), request.body, request.now)
    return ok(request, { redirectUrl })
  })

  registerApiRoute(app, api.subscription, async (request) =>
    ok(request, await payments.subscription(request.caller, request.params.id, request.now)),
  )

  registerApiRoute(app, api.cancelSubscription, async (request) =>
    ok(request, await payments.cancel(request.caller, request.params.id, request.now)),
  )

  registerApiRoute(app, api.resumeSubscription, async (request) =>
    ok(request, await payments.resume(request.caller, request.params.id, request.now)),
  )

  registerApiRoute(app, api.paymentWithdrawal, async (request, reply) => {
    const url = await payments.withdrawalUrl(request.query.kind)
    return reply.header('cache-control', 'no-store').redirect(url)
  })

  // The gateway's notification is checked on its raw bytes: this scope keeps JSON bodies as text.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    registerApiRoute(
      scope,
      api.paymentNotification,
      async (request) => {
        const outcome = await payments
          .receive(rawBodyOf(request))
          .catch((error) => loggedRefusal(request, error))
        request.log.info({ outcome }, 'payment notification')
        return ok(request, { outcome })
      },
      {
        authenticate: async (request) => {
          const signature = request.headers[SIGNATURE_HEADER]
          return payments
            .verifyNotification(rawBodyOf(request), typeof signature === 'string' ? signature : undefined)
            .catch((error) => loggedRefusal(request, error))
        },
      },
    )
  })
}
