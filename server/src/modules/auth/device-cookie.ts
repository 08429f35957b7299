import type { FastifyReply, FastifyRequest } from 'fastify'
import { cookieName } from '../sessions/sessions.service'

/**
 * The cookie that tells a browser which has signed in to an account before from every other client
 * (OWASP's "device cookies" against online guessing): a random token, kept by the browser for a
 * year, whose hash the account knows (`sign_in_devices`). Strangers' failed sign-ins slow the
 * account down for other clients only, so its owner's own phone always gets in.
 */
export const SIGN_IN_DEVICE_COOKIE = 'pbx_device'

/** A year: browsers cap a cookie's life at 400 days. Every sign-in renews it. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** The device token the browser holds, if any. */
export function heldDeviceToken(request: FastifyRequest, options: { cookieSecure: boolean }): string | null {
  return request.cookies[cookieName(SIGN_IN_DEVICE_COOKIE, options.cookieSecure)] ?? null
}

export function setDeviceCookie(
  reply: FastifyReply,
  token: string,
  options: { cookieSecure: boolean },
): void {
  reply.setCookie(cookieName(SIGN_IN_DEVICE_COOKIE, options.cookieSecure), token, {
    path: '/',
    httpOnly: true,
    secure: options.cookieSecure,
    // Only PuriBox's own pages sign in: no other site's request needs to carry it.
    sameSite: 'strict',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  })
}
