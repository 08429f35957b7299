import { normalizeMailAddress } from '@puribox/contract/auth'
import { mailSentPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { api } from '@puribox/contract/routes'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import type { FastifyInstance } from 'fastify'
import { ensureSession, ok, type RequestContextOptions, signIn, signOut } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import { GUEST_STATUS } from '../accounts/accounts.service'
import type { AuthService } from './auth.service'
import { heldDeviceToken, setDeviceCookie } from './device-cookie'

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; context: RequestContextOptions },
): void {
  const { auth, context } = deps

  registerApiRoute(app, api.sendVerificationMail, async (request) =>
    ok(
      request,
      await auth.sendVerificationMail(
        request.body.mailAddress,
        request.caller,
        request.now,
        sameOriginPath(request.body.next),
      ),
    ),
  )

  // Proving the address ties it to this browser's session (made here if there is none yet): only
  // the browser that proved it may then choose the password.
  registerApiRoute(app, api.verifyCode, async (request, reply) => {
    const { idHash } = await ensureSession(request, reply, context)
    const { verificationId, code } = request.body
    return ok(request, await auth.verifyCode(verificationId, code, idHash, request.now))
  })

  registerApiRoute(app, api.verifyLink, async (request, reply) => {
    const { idHash } = await ensureSession(request, reply, context)
    return ok(request, await auth.verifyLink(request.params.id, request.body.token, idHash, request.now))
  })

  registerApiRoute(
    app,
    api.register,
    async (request, reply) => {
      const { verificationId, password, policies } = request.body
      const account = await auth.register(
        { verificationId, password, agreed: policies },
        request.caller,
        request.now,
      )
      await signIn(request, reply, account, context)
      return reply.status(201).send(ok(request, auth.present(account, request.now)))
    },
    { successStatus: 201 },
  )

  registerApiRoute(app, api.startMailVerification, async (request) =>
    ok(request, await auth.startMailChange(request.body.mailAddress, request.caller, request.now)),
  )

  registerApiRoute(app, api.registerMailAddress, async (request) => {
    const account = await auth.attachMailAddress(
      request.body.verificationId,
      request.body.password,
      request.caller,
      request.now,
    )
    return ok(request, auth.present(account, request.now))
  })

  registerApiRoute(app, api.validateEmailParameters, async (request) => {
    const mailAddress = normalizeMailAddress(request.body.mailAddress)
    if (!mailAddress) throw new AppError('MAIL_ADDRESS_INVALID', 'not a mail address')
    return ok(request, { mailAddress })
  })

  // The registration form also works as a plain HTML form, for a browser whose JavaScript has not
  // arrived yet: the form body is parsed only on this route.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    registerApiRoute(scope, api.sendRegisterMailFromForm, async (request, reply) => {
      const typed = (request.body.mailAddress ?? '').slice(0, 300)
      const next = sameOriginPath(request.body.next)
      const back = (error: string) =>
        reply.redirect(registerEmailPath({ error, mailAddress: typed, next }), 303)
      if (request.caller.kind === 'member') return back('ALREADY_SIGNED_IN')
      try {
        const sent = await auth.sendVerificationMail(typed, request.caller, request.now, next)
        return reply.redirect(mailSentPath({ ...sent, next }), 303)
      } catch (error) {
        if (error instanceof AppError) return back(error.code)
        throw error
      }
    })
  })

  registerApiRoute(app, api.login, async (request, reply) => {
    const { mailAddress, password } = request.body
    const held = heldDeviceToken(request, context)
    const { account, deviceToken } = await auth.login(
      mailAddress,
      password,
      held,
      request.caller,
      request.now,
    )
    setDeviceCookie(reply, deviceToken, context)
    await signIn(request, reply, account, context)
    return ok(request, auth.present(account, request.now))
  })

  registerApiRoute(app, api.logout, async (request, reply) => {
    await signOut(request, reply, context)
    return ok(request, GUEST_STATUS)
  })
}
