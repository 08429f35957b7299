import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ensureSession, ok, type RequestContextOptions, signIn } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { AuthService } from './auth.service'
import type { PasswordResetService } from './password-reset.service'

/** Password reset by mail (decision 0035): request, the code or the link, the new password. */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { resets: PasswordResetService; auth: AuthService; context: RequestContextOptions },
): void {
  const { resets, auth, context } = deps

  registerApiRoute(app, api.requestPasswordReset, async (request) =>
    ok(request, await resets.request(request.body.mailAddress, request.caller, request.now)),
  )

  // Proving the reset ties it to this browser's session (made here if there is none yet): only the
  // browser that proved it may then choose the password.
  registerApiRoute(app, api.verifyPasswordResetCode, async (request, reply) => {
    const { idHash } = await ensureSession(request, reply, context)
    const { resetId, code } = request.body
    return ok(request, await resets.verifyCode(resetId, code, idHash, request.now))
  })

  registerApiRoute(app, api.verifyPasswordResetLink, async (request, reply) => {
    const { idHash } = await ensureSession(request, reply, context)
    return ok(request, await resets.verifyLink(request.params.id, request.body.token, idHash, request.now))
  })

  registerApiRoute(app, api.resetPassword, async (request, reply) => {
    const { resetId, password } = request.body
    const account = await resets.resetPassword(resetId, password, request.caller, request.now)
    await signIn(request, reply, account, context)
    return ok(request, auth.present(account, request.now))
  })
}
