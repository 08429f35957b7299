import { sameOriginAddress } from '@puribox/contract/safe-redirect'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { SANDBOX_PAY_PATH } from '../../config'
import { startBodySchema } from '../../ports/payment-gateway'
import { isSandboxPerson } from '../auth/sandbox-identities'
import { serveSandboxStylesheet } from '../sandbox-page'
import {
  createSandboxGateway,
  DECLINED_CARD,
  isCardNumber,
  SANDBOX_PRODUCTS,
  type SandboxBooksStore,
  type SandboxGateway,
  SandboxGatewayError,
  type SandboxProduct,
  withResult,
} from './sandbox-pay.gateway'
import {
  carrierPage,
  closedPage,
  consentPage,
  consolePage,
  errorPage,
  SANDBOX_PAY_STYLE,
  SANDBOX_PAY_STYLESHEET,
} from './sandbox-pay.page'

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox payment gateway, outside production (tests drive its deliveries and schedule). */
    sandboxPay?: SandboxGateway
  }
}

export interface SandboxPayOptions {
  publicUrl: string
  merchantId: string
  apiKey: string
  notificationSecret: string
  /** PuriBox's notification route, where the gateway sends what happened. */
  notificationPath: string
  books: SandboxBooksStore
  now: () => Date
  fetch?: (url: string, init: RequestInit) => Promise<Response>
  /**
   * Deliver notifications and run renewals by itself, as a gateway does (`npm start`). Tests leave it
   * off and call `deliverDue` and `runSchedule` when they mean to.
   */
  autoRun: boolean
}

const productSchema = z.enum(SANDBOX_PRODUCTS as [SandboxProduct, ...SandboxProduct[]])
const refSchema = z.string().min(1).max(200)
const CONSOLE_ACTIONS = ['renew', 'failRenewal', 'toggleFailures', 'end', 'resend'] as const

/**
 * The development stand-in for the payment gateway (docs/guide/ground-rules.md, decision 0020) under /_sandbox/pay:
 * the gateway's API (bearer key), its consent page, the carriers' cancellation and withdrawal pages,
 * signed notifications to PuriBox with retries, monthly renewals, and a console for testers.
 * PuriBox's payment code does not know it talks to a sandbox. Never mounted in production.
 */
export async function mountSandboxPay(
  app: FastifyInstance,
  options: SandboxPayOptions,
): Promise<SandboxGateway> {
  const base = SANDBOX_PAY_PATH
  // A gateway sends the payer back only to the merchant's registered site: a return address
  // anywhere else is refused, so the consent and carrier pages cannot send a browser off-site.
  const returnUrl = z.url().refine((url) => sameOriginAddress(url, options.publicUrl) !== null)
  const startSchema = startBodySchema.extend({ returnUrl })
  const cancellationBodySchema = z.object({ subscriptionId: refSchema, returnUrl })
  const withdrawalBodySchema = z.object({ returnUrl })
  const gateway = createSandboxGateway({
    merchantId: options.merchantId,
    apiKey: options.apiKey,
    notificationSecret: options.notificationSecret,
    notificationUrl: `${options.publicUrl}${options.notificationPath}`,
    baseUrl: `${options.publicUrl}${base}`,
    books: options.books,
    now: options.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  app.decorate('sandboxPay', gateway)

  if (options.autoRun) {
    let running = false
    let lastSchedule = 0
    const tick = async () => {
      if (running) return
      running = true
      try {
        if (Date.now() - lastSchedule >= 60_000) {
          lastSchedule = Date.now()
          gateway.runSchedule()
        }
        const next = gateway.nextDeliveryAt()
        if (next !== null && next <= options.now().getTime()) await gateway.deliverDue()
      } catch (error) {
        app.log.warn({ err: error }, 'sandbox payment gateway: a round failed')
      } finally {
        running = false
      }
    }
    const timer = setInterval(() => void tick(), 250).unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body)
  const apiFailure = (reply: FastifyReply, error: unknown) => {
    if (error instanceof SandboxGatewayError) {
      return reply
        .status(error.status)
        .send({ error: { code: error.code }, ...(error.event ? { event: error.event } : {}) })
    }
    if (error instanceof z.ZodError) return reply.status(400).send({ error: { code: 'BAD_REQUEST' } })
    throw error
  }

  // The gateway's API: JSON, called by PuriBox's server with its key.
  await app.register(async (scope) => {
    type ApiRequest = FastifyRequest<{ Params: { product: string; id?: string; action?: string } }>
    /** One call of the API: the merchant's key, the product, then what the call does (201 or 200). */
    const call = (
      path: string,
      run: (request: ApiRequest, product: SandboxProduct) => { status: 200 | 201; body: unknown } | null,
    ) =>
      scope.post(path, { schema: { hide: true } }, async (request: ApiRequest, reply) => {
        try {
          const body = (request.body ?? {}) as { merchantId?: unknown }
          gateway.authenticate(request.headers.authorization, body.merchantId)
          const answer = run(request, productSchema.parse(request.params.product))
          if (!answer) return reply.status(404).send({ error: { code: 'NOT_FOUND' } })
          return reply.status(answer.status).send(answer.body)
        } catch (error) {
          return apiFailure(reply, error)
        }
      })

    call(`${base}/v1/:product/subscriptions`, (request, product) => {
      const key = request.headers['idempotency-key']
      const body = startSchema.parse(request.body)
      return { status: 201, body: gateway.start(product, body, typeof key === 'string' ? key : undefined) }
    })
    call(`${base}/v1/:product/subscriptions/:id/:action`, (request, product) => {
      const id = refSchema.parse(request.params.id)
      if (request.params.action === 'void') return { status: 200, body: { event: gateway.void(product, id) } }
      if (request.params.action === 'cancel') {
        return { status: 200, body: { event: gateway.cancel(product, id, 'api') } }
      }
      if (request.params.action === 'resume')
        return { status: 200, body: { event: gateway.resume(product, id) } }
      return null
    })
    call(`${base}/v1/:product/cancellation_sessions`, (request, product) => {
      const body = cancellationBodySchema.parse(request.body)
      return {
        status: 201,
        body: { url: gateway.cancellationSession(product, body.subscriptionId, body.returnUrl) },
      }
    })
    call(`${base}/v1/:product/withdrawal_sessions`, (request, product) => {
      const body = withdrawalBodySchema.parse(request.body)
      return { status: 201, body: { url: gateway.withdrawalSession(product, body.returnUrl) } }
    })
  })

  // The pages members and testers see: plain forms.
  serveSandboxStylesheet(app, SANDBOX_PAY_STYLESHEET, SANDBOX_PAY_STYLE)
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    type Form = { Params: { id: string }; Body: Record<string, string> | undefined }

    scope.get<Form>(`${base}/consent/:id`, { schema: { hide: true } }, async (request, reply) => {
      const subscription = gateway.awaitingConsent(request.params.id)
      if (!subscription) {
        const known = gateway.subscription(request.params.id)
        return html(reply, closedPage(known ? withResult(known.returnUrl, 'closed') : null), 410)
      }
      return html(reply, consentPage({ action: request.url, subscription }))
    })

    scope.post<Form>(`${base}/consent/:id`, { schema: { hide: true } }, async (request, reply) => {
      const subscription = gateway.awaitingConsent(request.params.id)
      if (!subscription) {
        const known = gateway.subscription(request.params.id)
        return html(reply, closedPage(known ? withResult(known.returnUrl, 'closed') : null), 410)
      }
      const form = request.body ?? {}
      if (form.answer === 'decline' || form.answer === 'cancel') {
        return reply.redirect(gateway.consent(subscription.id, { kind: form.answer }), 303)
      }
      if (form.answer !== 'approve') return html(reply, errorPage(), 400)
      if (subscription.product === 'credit') {
        const card = (form.card ?? '').replace(/[\s-]/g, '')
        if (!isCardNumber(card)) {
          return html(reply, consentPage({ action: request.url, subscription, cardError: true }), 400)
        }
        // The card company refuses this test card.
        const answer =
          card === DECLINED_CARD ? { kind: 'decline' as const } : { kind: 'approve' as const, payer: null }
        return reply.redirect(gateway.consent(subscription.id, answer), 303)
      }
      if (!isSandboxPerson(form.person) || form.person === 'new') return html(reply, errorPage(), 400)
      return reply.redirect(gateway.consent(subscription.id, { kind: 'approve', payer: form.person }), 303)
    })

    scope.get<Form>(`${base}/carrier/:id`, { schema: { hide: true } }, async (request, reply) => {
      const session = gateway.carrierSession(request.params.id)
      if (!session) return html(reply, closedPage(null), 410)
      return html(reply, carrierPage({ action: request.url, session }))
    })

    scope.post<Form>(`${base}/carrier/:id`, { schema: { hide: true } }, async (request, reply) => {
      const session = gateway.carrierSession(request.params.id)
      if (!session) return html(reply, closedPage(null), 410)
      const form = request.body ?? {}
      if (form.answer === 'back') return reply.redirect(gateway.abandonCarrierSession(session.id), 303)
      if (session.product === 'softbank' && !/^\d{4}$/.test(form.pin ?? '')) {
        return html(reply, carrierPage({ action: request.url, session, problem: 'pin' }), 400)
      }
      if (!isSandboxPerson(form.person) || form.person === 'new') return html(reply, errorPage(), 400)
      const done = gateway.completeCarrierSession(session.id, form.person)
      if (!done) return html(reply, carrierPage({ action: request.url, session, problem: 'none' }), 404)
      return reply.redirect(done.returnUrl, 303)
    })

    scope.get(`${base}/`, { schema: { hide: true } }, async (_request, reply) =>
      html(
        reply,
        consolePage({ base, subscriptions: gateway.subscriptions(), deliveries: gateway.deliveries() }),
      ),
    )

    scope.post<{ Params: { id: string; action: string } }>(
      `${base}/console/:id/:action`,
      { schema: { hide: true } },
      async (request, reply) => {
        const action = CONSOLE_ACTIONS.find((candidate) => candidate === request.params.action)
        if (!action) return html(reply, errorPage(), 404)
        try {
          gateway.act(request.params.id, action)
        } catch (error) {
          if (!(error instanceof SandboxGatewayError)) throw error
          return html(reply, errorPage(), error.status)
        }
        return reply.redirect(`${base}/`, 303)
      },
    )
  })

  return gateway
}
