import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../http/errors'

/**
 * The cookie that tells one guest's browser from another behind the same address, so that a guest
 * is counted as a person (10 unknown seal IDs in an hour) and not only with everyone on the shop's
 * Wi-Fi (decision 0034). It holds 128 random bits and nothing else; the database keeps their hash,
 * and only while the counts last. Given with the first unknown ID a guest types, never before: a
 * guest who types right IDs gets no cookie.
 */
export const PURIGET_GUEST_COOKIE = 'pbx_puriget'

/** As long as a person's window and the pause it can lead to last, with room to spare. */
const GUEST_KEY_MAX_AGE_SECONDS = 24 * 60 * 60

const GUEST_KEY = /^[A-Za-z0-9_-]{22}$/

export function createGuestKeys(options: { cookieSecure: boolean }) {
  function setCookie(reply: FastifyReply, key: string): void {
    reply.setCookie(PURIGET_GUEST_COOKIE, key, {
      path: '/',
      httpOnly: true,
      secure: options.cookieSecure,
      sameSite: 'lax',
      maxAge: GUEST_KEY_MAX_AGE_SECONDS,
    })
  }

  return {
    /**
     * Runs a guest's seal lookup with their browser's key: the one its cookie holds, or a new one,
     * which the browser is given when the lookup counted an unknown ID against it (the error answer
     * then says where the guest stands). A key in any other form is not a key: a new one replaces it.
     */
    async withGuestKey<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      lookUp: (guestKey: string) => Promise<T>,
    ): Promise<T> {
      const held = request.cookies[PURIGET_GUEST_COOKIE]
      if (held && GUEST_KEY.test(held)) return lookUp(held)
      const fresh = randomBytes(16).toString('base64url')
      try {
        return await lookUp(fresh)
      } catch (error) {
        if (error instanceof AppError && error.code === 'SEAL_NOT_FOUND' && error.details.penalty) {
          setCookie(reply, fresh)
        }
        throw error
      }
    },
  }
}

export type GuestKeys = ReturnType<typeof createGuestKeys>
