import { adminSessionApi } from '@puribox/contract/admin-session'
import type { FastifyInstance } from 'fastify'
import { ok, type RequestContextOptions } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import { heldDeviceToken, setDeviceCookie } from '../auth/device-cookie'
import { clearOperatorCookie, heldOperatorCookie, setOperatorCookie } from './operator-cookie'
import { type OperatorService, presentOperator } from './operators.service'

/** The console's session: signing in (a new session and cookie each time), who is in, signing out. */
export function registerOperatorsRoutes(
  app: FastifyInstance,
  deps: { operators: OperatorService; context: RequestContextOptions },
): void {
  const { operators, context } = deps

  registerApiRoute(app, adminSessionApi.operatorSignIn, async (request, reply) => {
    const signedIn = await operators.signIn(request.body, {
      ip: request.ip,
      deviceToken: heldDeviceToken(request, context),
    })
    // A session id planted before sign-in is worth nothing after it.
    const previous = heldOperatorCookie(request, context)
    if (previous) await operators.forgetSession(previous)
    setDeviceCookie(reply, signedIn.deviceToken, context)
    setOperatorCookie(reply, signedIn.sessionId, context)
    return ok(request, presentOperator(signedIn.operator))
  })

  registerApiRoute(app, adminSessionApi.operatorSession, async (request) => {
    const operator = await operators.current(request.caller)
    if (!operator) throw new AppError('OPERATOR_UNAUTHENTICATED', 'sign in to the console first')
    return ok(request, operator)
  })

  registerApiRoute(app, adminSessionApi.operatorSignOut, async (request, reply) => {
    await operators.signOut(request.caller)
    clearOperatorCookie(reply, context)
    return ok(request, { signedOut: true as const })
  })
}
