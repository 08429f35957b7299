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

/**
 * A guest's browser key for one lookup: the one its cookie holds, and the one to count an unknown ID
 * against, made only then when the browser has none (a guest who types right IDs costs nothing).
 */
export interface GuestKey {
  held: string | null
  orNew(): string
}

export function createGuestKeys(options: { cookieSecure: boolean }) {
  return {
    /**
     * Runs a guest's seal lookup with their browser's key. A key made during the lookup is given to
     * the browser when the lookup counted an unknown ID against it (the error answer then says where
     * the guest stands). A cookie in any other form is not a key: a new one replaces it.
     */
    async withGuestKey<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      lookUp: (guestKey: GuestKey) => Promise<T>,
    ): Promise<T> {
      const cookie = request.cookies[PURIGET_GUEST_COOKIE]
      const held = cookie && GUEST_KEY.test(cookie) ? cookie : null
      let made: string | null = null
      const key: GuestKey = {
        held,
        orNew() {
          if (held) return held
          made ??= randomBytes(16).toString('base64url')
          return made
        },
      }
      try {
        return await lookUp(key)
      } catch (error) {
        if (made && error instanceof AppError && error.code === 'SEAL_NOT_FOUND' && error.details.penalty) {
          reply.setCookie(PURIGET_GUEST_COOKIE, made, {
            path: '/',
            httpOnly: true,
            secure: options.cookieSecure,
            sameSite: 'lax',
            maxAge: GUEST_KEY_MAX_AGE_SECONDS,
          })
        }
        throw error
      }
    },
  }
}

export type GuestKeys = ReturnType<typeof createGuestKeys>
