import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ensureSession, ok, type RequestContextOptions, signIn, signOut } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import { GUEST_STATUS } from '../accounts/accounts.service'
import type { AuthService, Caller } from './auth.service'

function caller(request: FastifyRequest): Caller {
  return { sessionHash: request.session?.idHash ?? null, ip: request.ip, now: request.now }
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; context: RequestContextOptions },
): void {
  const { auth, context } = deps

  registerApiRoute(app, api.sendVerificationMail, async (request) =>
    ok(request, await auth.sendVerificationMail(request.body.mailAddress, caller(request))),
  )

  // Proving the address ties it to this browser's session (made here if there is none yet): only
  // the browser that proved it may then choose the password.
  registerApiRoute(app, api.verifyCode, async (request, reply) => {
    await ensureSession(request, reply, context)
    return ok(request, await auth.verifyCode(request.body.verificationId, request.body.code, caller(request)))
  })

  registerApiRoute(app, api.verifyLink, async (request, reply) => {
    await ensureSession(request, reply, context)
    return ok(request, await auth.verifyLink(request.params.id, request.body.token, caller(request)))
  })

  registerApiRoute(
    app,
    api.register,
    async (request, reply) => {
      const account = await auth.register(request.body.verificationId, request.body.password, caller(request))
      await signIn(request, reply, account, context)
      return reply.status(201).send(ok(request, auth.present(account)))
    },
    { successStatus: 201 },
  )

  registerApiRoute(app, api.login, async (request, reply) => {
    const account = await auth.login(request.body.mailAddress, request.body.password, caller(request))
    await signIn(request, reply, account, context)
    return ok(request, auth.present(account))
  })

  registerApiRoute(app, api.logout, async (request, reply) => {
    await signOut(request, reply, context)
    return ok(request, GUEST_STATUS)
  })
}
