import { LAST_SIGN_IN_COOKIE, type SignInMethod, signInMethods } from '@puribox/contract/auth'
import { DEFAULT_AFTER_SIGN_IN } from '@puribox/contract/external-auth'
import { links, markRegistered, policyAgreementPath } from '@puribox/contract/pages'
import { api } from '@puribox/contract/routes'
import { sameOriginPathOr } from '@puribox/contract/safe-redirect'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { RequestContextOptions } from '../../http/context'
import { type HandlerRequest, registerApiRoute } from '../../http/routes'

/**
 * Whether a member must agree to the latest privacy policies before going on, and why: `REVISED`,
 * a newer version of what they agreed to; `FIRST`, they never agreed.
 */
export interface PolicyGate {
  agreementNeeded(accountId: string): Promise<'FIRST' | 'REVISED' | null>
}

const YEAR_SECONDS = 365 * 24 * 60 * 60

function isSignInMethod(value: string | undefined): value is SignInMethod {
  return (signInMethods as readonly string[]).includes(value ?? '')
}

function withQuery(path: string, name: string, value: string): string {
  return `${path}?${new URLSearchParams({ [name]: value })}`
}

/**
 * `/sp/2/cookie/afterLogin` and `/sp/2/cookie/afterRegister`: every sign-in path (mail, LINE,
 * Twitter, carrier) ends here, so the steps after a sign-in live in one place: the method is
 * remembered for the login page, a member who has not agreed to the latest policies agrees first
 * (a registration through PuriBox's own pages has agreed already), and only a same-origin `next`
 * is followed. A registration marks the page it ends on
 * (`registered=1`), which then says that the registration is complete and shows what was saved.
 */
export function registerAfterSignInRoutes(
  app: FastifyInstance,
  deps: { policies: PolicyGate; context: Pick<RequestContextOptions, 'cookieSecure'> },
): void {
  async function land(
    request: HandlerRequest<typeof api.afterLogin | typeof api.afterRegister>,
    reply: FastifyReply,
    registered: boolean,
  ): Promise<FastifyReply> {
    const requested = sameOriginPathOr(request.query.next, DEFAULT_AFTER_SIGN_IN)
    const { caller } = request
    // No member here (the session ended, or the link was opened elsewhere): sign in, then go on.
    if (caller.kind !== 'member') return reply.redirect(withQuery(links.login, 'next', requested), 303)
    const next = registered ? markRegistered(requested) : requested

    const method = request.query.method
    if (isSignInMethod(method)) {
      reply.setCookie(LAST_SIGN_IN_COOKIE, method, {
        path: '/',
        // The login page reads it to put the last method first; it says nothing secret.
        httpOnly: false,
        secure: deps.context.cookieSecure,
        sameSite: 'lax',
        maxAge: YEAR_SECONDS,
      })
    }
    reply.header('cache-control', 'no-store')
    const needed = await deps.policies.agreementNeeded(caller.accountId)
    if (needed) {
      // The page says why it asks: the policies changed, or (an account just made without agreeing,
      // e.g. LINE used on the login page by someone new) this is the registration's last step.
      const reason = needed === 'REVISED' ? 'revised' : registered ? 'registration' : undefined
      return reply.redirect(policyAgreementPath(next, reason), 303)
    }
    return reply.redirect(next, 303)
  }

  registerApiRoute(app, api.afterLogin, (request, reply) => land(request, reply, false))
  registerApiRoute(app, api.afterRegister, (request, reply) => land(request, reply, true))
}
