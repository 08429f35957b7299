import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { AD_LIMITS } from '@puribox/contract/ads'
import type { PersonCaller } from '../../http/caller'

/**
 * The ad routes' bearer token (the product's ad routes take a bearer token made from the session cookie; decision 0041). The
 * session cookie is HttpOnly, so the web cannot read it: the server hands out a token derived from
 * it instead, which the web keeps in a readable cookie and sends as `Authorization: Bearer`.
 *
 * - A member's token is `s1.` and an HMAC of the session's id hash: it holds nothing a reader could
 *   use, is the same for the whole session, and means nothing once the session ends or for anyone
 *   else's session.
 * - A guest has no session to bind to (and gets none just for ads: sessions are rows, and the top
 *   page is the busiest page). A guest's token is `g1.<viewer id>.<HMAC of it>`: a random viewer id
 *   the server signed, so reactions are counted once per viewer, and a made-up id is refused.
 *
 * A member's token is refused for a guest and a guest's for a member: after signing in or out the
 * web gets the new one.
 */

/** Who reacted, for counting once per viewer: a member by account, a guest by viewer id. */
export interface Viewer {
  key: string
  accountId: string | null
}

const TOKEN_SHAPE = /^[A-Za-z0-9_.-]+$/
const VIEWER_ID = /^[A-Za-z0-9_-]{22}$/

export function createAdTokens(secret: string) {
  const mac = (purpose: string, value: string) =>
    createHmac('sha256', secret).update(`puribox-ads/${purpose}/${value}`).digest('base64url')

  const same = (a: string, b: string) => {
    const left = Buffer.from(a)
    const right = Buffer.from(b)
    return left.length === right.length && timingSafeEqual(left, right)
  }

  /** The guest viewer id a token names, when the server signed it; null otherwise. */
  function guestViewerId(token: string): string | null {
    const [version, id, signature, ...rest] = token.split('.')
    if (version !== 'g1' || rest.length > 0 || !id || !signature || !VIEWER_ID.test(id)) return null
    return same(signature, mac('guest', id)) ? id : null
  }

  return {
    /** The token of a member's session (by the session's id hash). */
    forSession(sessionHash: string): string {
      return `s1.${mac('session', sessionHash)}`
    },

    /** A new guest viewer's token. */
    newGuest(): string {
      const id = randomBytes(16).toString('base64url')
      return `g1.${id}.${mac('guest', id)}`
    },

    /** Whether `token` is a guest viewer's token the server made (for keeping the cookie's one). */
    isGuestToken(token: string): boolean {
      return token.length <= AD_LIMITS.tokenMax && guestViewerId(token) !== null
    },

    /** The viewer the token stands for when it belongs to this caller; null when it does not. */
    viewerOf(token: string, caller: PersonCaller): Viewer | null {
      if (token.length > AD_LIMITS.tokenMax || !TOKEN_SHAPE.test(token)) return null
      if (caller.kind === 'member') {
        return same(token, `s1.${mac('session', caller.sessionHash)}`)
          ? { key: caller.accountId, accountId: caller.accountId }
          : null
      }
      const id = guestViewerId(token)
      return id ? { key: `g:${id}`, accountId: null } : null
    },
  }
}

export type AdTokens = ReturnType<typeof createAdTokens>

/** The token of `Authorization: Bearer <token>`, or null when the header is absent or another scheme. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '')
  return match?.[1] ?? null
}
