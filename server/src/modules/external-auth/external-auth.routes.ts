import {
  allowedReturnPath,
  DEFAULT_AFTER_LINK,
  DEFAULT_AFTER_SIGN_IN,
  type ExternalProvider,
  isCarrier,
  parseAgreed,
} from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromOtherSite, type PersonCaller } from '../../http/caller'
import { ensureSession, ok, type RequestContextOptions, signIn } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import {
  type ExternalAuthService,
  type FlowPurpose,
  failureReasonOf,
  returnPath,
  type StartRequest,
  withParam,
} from './external-auth.service'

type Param = string | string[] | undefined

/** Redirects never to be cached or replayed from a cache: they carry one-time state. */
function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location)
}

/**
 * The sign-in, registration and link paths the product keeps (docs/guide/ground-rules.md; decision 0008). Each is a full-page route:
 * it redirects to the auth service, whose answer comes back to the callback, which redirects to the
 * page to end on: `/sp/2/cookie/afterLogin?next=…` or `/sp/2/cookie/afterRegister?next=…` after
 * signing in, `acp` after linking, and `/web/login/fail?reason=<CODE>` (or `alp&reason=`) on failure.
 */
export function registerExternalAuthRoutes(
  app: FastifyInstance,
  deps: { externalAuth: ExternalAuthService; context: RequestContextOptions },
): void {
  const { externalAuth, context } = deps

  /** Validates the request's return paths (`describe`), then starts the flow; any failure is a page. */
  async function start(
    request: FastifyRequest & { caller: PersonCaller },
    reply: FastifyReply,
    describe: () => StartRequest,
  ): Promise<FastifyReply> {
    let flow: StartRequest
    try {
      flow = describe()
    } catch (error) {
      // Return paths not yet trusted: the failure page, never the given address.
      const reason = failureReasonOf(error)
      if (!reason) throw error
      return redirect(reply, withParam(links.loginFail, 'reason', reason))
    }
    try {
      await externalAuth.admitStart(request.caller.ip, request.now)
      const session = await ensureSession(request, reply, context)
      const location = await externalAuth.start(flow, request.caller, session.idHash, request.now)
      return redirect(reply, location)
    } catch (error) {
      const reason = failureReasonOf(error)
      if (!reason) throw error
      request.log.warn({ reason, err: error }, 'external sign-in could not start')
      return redirect(reply, withParam(flow.onFailure, 'reason', reason))
    }
  }

  /**
   * A sign-in or registration, carrying the policies agreed on the page that sent the person
   * (`agreed=`). Another site's page cannot make anyone agree: from there, it is not taken.
   */
  const signInFlow =
    (purpose: FlowPurpose, provider: ExternalProvider, next: Param, request: FastifyRequest, agreed: Param) =>
    (): StartRequest => ({
      purpose,
      provider,
      onSuccess: returnPath(next, DEFAULT_AFTER_SIGN_IN),
      onFailure: links.loginFail,
      agreed: fromOtherSite(request.headers) ? null : parseAgreed(agreed),
    })

  const linkFlow = (purpose: FlowPurpose, acp: Param, alp: Param) => (): StartRequest => ({
    purpose,
    provider: 'line',
    onSuccess: returnPath(acp, DEFAULT_AFTER_LINK),
    onFailure: returnPath(alp, DEFAULT_AFTER_LINK),
  })

  registerApiRoute(app, api.carrierAuth, async (request, reply) => {
    const { carrier, next, agreed } = request.query
    return start(request, reply, () => {
      if (!isCarrier(carrier))
        throw new AppError('AUTH_REQUEST_INVALID', 'carrier must be au, docomo or softbank')
      return signInFlow('LOGIN', carrier, next, request, agreed)()
    })
  })

  registerApiRoute(app, api.lineLogin, async (request, reply) =>
    start(request, reply, signInFlow('LOGIN', 'line', request.query.next, request, request.query.agreed)),
  )

  registerApiRoute(app, api.twitterLogin, async (request, reply) =>
    start(request, reply, signInFlow('LOGIN', 'twitter', request.query.next, request, request.query.agreed)),
  )

  registerApiRoute(app, api.lineRegistration, async (request, reply) =>
    start(
      request,
      reply,
      signInFlow('REGISTER', 'line', request.query.redirectUri, request, request.query.agreed),
    ),
  )

  registerApiRoute(app, api.lineLink, async (request, reply) =>
    start(request, reply, linkFlow('LINK', request.query.acp, request.query.alp)),
  )

  registerApiRoute(app, api.lineSwitchStart, async (request, reply) =>
    start(request, reply, linkFlow('SWITCH', request.query.acp, request.query.alp)),
  )

  // A GET changes nothing (a link or an <img> on any page could send one): it opens the
  // recommendation, where its "not now" button declines with the POST below.
  registerApiRoute(app, api.lineSkipRecommendation, async (request, reply) => {
    let back: string
    try {
      back = returnPath(request.query.rp, DEFAULT_AFTER_LINK)
    } catch {
      return redirect(reply, withParam(links.loginFail, 'reason', 'REDIRECT_URI_INVALID'))
    }
    return redirect(reply, withParam(links.lineRecommendation, 'rp', back))
  })

  registerApiRoute(app, api.lineDeclineRecommendation, async (request) => {
    const next = allowedReturnPath(request.body.rp) ?? DEFAULT_AFTER_LINK
    await externalAuth.declineLineRecommendation(request.caller.accountId, request.now)
    return ok(request, { next })
  })

  registerApiRoute(app, api.externalAuthCallback, async (request, reply) => {
    const queryAt = request.url.indexOf('?')
    const outcome = await externalAuth.complete(
      queryAt === -1 ? '' : request.url.slice(queryAt + 1),
      request.query.state,
      request.caller,
      request.now,
    )
    switch (outcome.kind) {
      case 'SIGNED_IN': {
        await signIn(request, reply, outcome.account, context)
        const after = outcome.registered ? links.afterRegister : links.afterLogin
        // The login page suggests the method used last time (afterLogin remembers it).
        const method =
          outcome.provider === 'line' || outcome.provider === 'twitter' ? outcome.provider : 'carrier'
        return redirect(reply, withParam(withParam(after, 'next', outcome.onSuccess), 'method', method))
      }
      case 'LINKED':
        return redirect(reply, withParam(outcome.onSuccess, 'linked', outcome.provider))
      case 'CANCELLED':
        return redirect(reply, outcome.backTo)
      case 'FAILED':
        request.log.warn({ reason: outcome.reason, err: outcome.cause }, 'external sign-in failed')
        return redirect(
          reply,
          outcome.penaltyReason
            ? withParam(
                withParam(outcome.onFailure, 'reason', outcome.reason),
                'penaltyReason',
                outcome.penaltyReason,
              )
            : withParam(outcome.onFailure, 'reason', outcome.reason),
        )
    }
  })

  registerApiRoute(app, api.lineRegistrationValidate, async (request) =>
    ok(request, externalAuth.validateRegistration(request.query.redirectUri, DEFAULT_AFTER_SIGN_IN)),
  )

  registerApiRoute(app, api.externalIdentities, async (request) =>
    ok(request, await externalAuth.identities(request.caller.accountId)),
  )
}
