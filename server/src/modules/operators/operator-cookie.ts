import type { FastifyReply, FastifyRequest } from 'fastify'
import { cookieName } from '../sessions/sessions.service'

/**
 * The console's session cookie (decision 0070): its own name, never a member's session. Where
 * cookies are Secure (production) it is `__Host-pbx_admin`, which the browser takes only from this
 * very host over https, with no Domain and path `/` (the prefix demands it): no other subdomain and
 * no network attacker over http can plant or shadow it. `SameSite=Strict`: no request another site
 * starts carries it. No Max-Age: it goes when the browser session does, and the server ends it after
 * 30 minutes without a request in any case. Only the console's authenticator reads it.
 */
export const OPERATOR_COOKIE = 'pbx_admin'

interface CookieOptions {
  cookieSecure: boolean
}

export function operatorCookieName(options: CookieOptions): string {
  return cookieName(OPERATOR_COOKIE, options.cookieSecure)
}

/** The console session id the browser holds, if any. */
export function heldOperatorCookie(request: FastifyRequest, options: CookieOptions): string | null {
  return request.cookies[operatorCookieName(options)] ?? null
}

export function setOperatorCookie(reply: FastifyReply, sessionId: string, options: CookieOptions): void {
  reply.setCookie(operatorCookieName(options), sessionId, {
    path: '/',
    httpOnly: true,
    secure: options.cookieSecure,
    sameSite: 'strict',
  })
}

export function clearOperatorCookie(reply: FastifyReply, options: CookieOptions): void {
  reply.clearCookie(operatorCookieName(options), {
    path: '/',
    httpOnly: true,
    secure: options.cookieSecure,
    sameSite: 'strict',
  })
}
