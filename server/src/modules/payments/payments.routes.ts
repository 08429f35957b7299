import type { Access } from '@puribox/contract/access'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import type { PaymentCaller, PaymentService } from './payments.service'
import { SIGNATURE_HEADER } from './signature'

function memberId(request: FastifyRequest): string {
  const accountId = request.session?.accountId
  if (!accountId || request.session?.role === 'GUEST') throw new AppError('UNAUTHENTICATED', 'sign in first')
  return accountId
}

/** Premium payments (decisions 0019, 0020): the member's routes and the gateway's notification. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentService; accessOf: (request: FastifyRequest) => Access },
): void {
  const { payments } = deps

  const callerOf = (request: FastifyRequest): PaymentCaller => ({
    accountId: request.session?.accountId ?? null,
    role: request.session?.role ?? 'GUEST',
    carrier: deps.accessOf(request).carrier,
    now: request.now,
  })

  registerApiRoute(app, api.paymentSelf, async (request) =>
    ok(request, await payments.self(memberId(request), request.now)),
  )

  registerApiRoute(app, api.paymentTrial, async (request) =>
    ok(request, await payments.trial(callerOf(request))),
  )

  registerApiRoute(app, api.optimizedFlow, async (request) =>
    ok(request, payments.flow(request.params.flowName, request.session?.accountId ?? null)),
  )

  registerApiRoute(app, api.paymentUnsubscribable, async (request) =>
    ok(request, await payments.unsubscribable(memberId(request), request.now)),
  )

  registerApiRoute(app, api.startSubscription, async (request) => {
    const caller = { ...callerOf(request), accountId: memberId(request) }
    return ok(request, { redirectUrl: await payments.start(caller, request.body) })
  })

  registerApiRoute(app, api.subscription, async (request) =>
    ok(request, await payments.subscription(memberId(request), request.params.id, request.now)),
  )

  registerApiRoute(app, api.cancelSubscription, async (request) =>
    ok(request, await payments.cancel(memberId(request), request.params.id, request.now)),
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
    registerApiRoute(scope, api.paymentNotification, async (request) => {
      const body = typeof request.body === 'string' ? request.body : ''
      const signature = request.headers[SIGNATURE_HEADER]
      try {
        const outcome = await payments.receive(body, typeof signature === 'string' ? signature : undefined)
        request.log.info({ outcome }, 'payment notification')
        return ok(request, { outcome })
      } catch (error) {
        if (error instanceof AppError)
          request.log.warn({ code: error.code, err: error }, 'payment notification refused')
        throw error
      }
    })
  })
}
