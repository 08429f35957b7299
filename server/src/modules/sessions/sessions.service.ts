import { randomBytes } from 'node:crypto'
import type { ConsoleRole, Role } from '@puribox/contract/routes'
import type { SignedInSession } from '@puribox/contract/sessions'
import { formatJst } from '@puribox/contract/time'
import { sha256 } from '../../crypto/hash'
import type { Database } from '../../db/client'
import type { Clock } from '../../ports/clock'
import { type MembershipEnds, membershipAt } from '../accounts/membership'
import type { SessionRow, SessionsRepository } from './sessions.repository'

export const SESSION_COOKIE = 'pbx_session'

/**
 * The name a cookie of PuriBox's carries. Where cookies are `Secure` (production), it has the
 * `__Host-` prefix: the browser then takes it only from this very host over https, with path `/`
 * and no domain, so a page on another subdomain (or a network attacker over http) cannot plant a
 * session of its choosing. Without https the prefix would be refused, so development keeps the
 * plain name.
 */
export function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name
}

const HOUR_MS = 60 * 60 * 1000
/** A session unused this long ends. */
export const SESSION_IDLE_MS = 30 * 24 * HOUR_MS
/** No session outlives this, used or not. */
export const SESSION_ABSOLUTE_MS = 180 * 24 * HOUR_MS
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = HOUR_MS

/** What a member's session makes its caller, for the route table's roles (operators have their own). */
export type CallerRole = Exclude<Role, 'MACHINE' | 'GATEWAY' | ConsoleRole>

/** A session as stored: who it is signed in to, and what it remembers. */
export interface StoredSession {
  idHash: string
  /** Null unless the session is signed in to an account that still exists. */
  accountId: string | null
  /** The account's premium ends (decisions 0020, 0047); null for a guest or a member never premium. */
  premiumUntil: Date | null
  schoolPremiumUntil: Date | null
  nativeApp: boolean
  timeTravelTo: Date | null
}

/** A session as one request sees it: with the caller's role as of that request's "now". */
export interface Session extends StoredSession {
  role: CallerRole
}

/**
 * The session as of `now` (the request's, so time travel moves it): a guest's, or a member's whose
 * role follows the premium end.
 */
export function sessionAt(stored: StoredSession, now: Date): Session {
  return { ...stored, role: stored.accountId ? membershipAt(stored, now) : 'GUEST' }
}

function hashSessionId(id: string): string {
  return sha256(id, 'base64url')
}

function toSession(row: SessionRow, account: MembershipEnds | null): StoredSession {
  return {
    idHash: row.idHash,
    accountId: account ? row.accountId : null,
    premiumUntil: account?.premiumUntil ?? null,
    schoolPremiumUntil: account?.schoolPremiumUntil ?? null,
    nativeApp: row.nativeApp,
    timeTravelTo: row.timeTravelTo,
  }
}

/** Sessions are keyed by the hash of a random 256-bit id; the id itself exists only in the cookie. */
export function createSessionService(deps: { repo: SessionsRepository; clock: Clock }) {
  const { repo, clock } = deps
  return {
    /** The live session for a cookie value, or null (unknown, idle too long, or past its absolute end). */
    async resolve(cookieValue: string): Promise<StoredSession | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return null
      const idHash = hashSessionId(cookieValue)
      const row = await repo.findByIdHash(idHash)
      if (!row) return null
      const now = clock.now().getTime()
      const idleEnd = row.lastSeenAt.getTime() + SESSION_IDLE_MS
      if (now >= row.expiresAt.getTime() || now >= idleEnd) {
        await repo.delete(idHash)
        return null
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.update(idHash, { lastSeenAt: new Date(now) })
      }
      return toSession(row, row.account)
    },

    /**
     * A new session; the returned id goes into the cookie and nowhere else. `device` labels a signed-in
     * session in the member's list of their sessions.
     */
    async create(
      fields: Partial<Pick<StoredSession, 'nativeApp' | 'timeTravelTo'>> & {
        account?: { id: string } & MembershipEnds
        device?: string | null
      } = {},
    ) {
      const id = randomBytes(32).toString('base64url')
      const now = clock.now()
      const row = await repo.insert({
        idHash: hashSessionId(id),
        accountId: fields.account?.id ?? null,
        nativeApp: fields.nativeApp ?? false,
        timeTravelTo: fields.timeTravelTo ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
        device: fields.account ? (fields.device ?? null) : null,
      })
      return { id, session: toSession(row, fields.account ?? null) }
    },

    /**
     * Where the account is signed in: its live sessions, the most recently used first, the one
     * asking (`currentIdHash`) marked. Ended ones (idle too long, past their end) are left out.
     */
    async listOf(accountId: string, currentIdHash: string): Promise<SignedInSession[]> {
      const now = clock.now().getTime()
      const rows = await repo.listOfAccount(accountId)
      return rows
        .filter((row) => now < row.expiresAt.getTime() && now < row.lastSeenAt.getTime() + SESSION_IDLE_MS)
        .map((row) => ({
          id: sha256(`list:${row.idHash}`, 'base64url').slice(0, 16),
          device: row.device,
          signedInAt: formatJst(row.createdAt),
          lastUsedAt: formatJst(row.lastSeenAt),
          current: row.idHash === currentIdHash,
        }))
    },

    /**
     * Signs the account out everywhere: every session of it ends, the caller's included. `tx`: the
     * transaction of a change that ends them with it (a password reset, an account deleted).
     */
    async endAllOf(accountId: string, tx?: Database): Promise<void> {
      await repo.endAllOfAccount(accountId, tx)
    },

    /** `endAllOf`, answering how many sessions there were (ended ones not yet swept included). */
    endAllCounted(accountId: string, tx?: Database): Promise<number> {
      return repo.endAllOfAccount(accountId, tx)
    },

    /** Ends a session: its row is gone, so the cookie no longer means anything. */
    async end(session: StoredSession): Promise<void> {
      await repo.delete(session.idHash)
    },

    async update<S extends StoredSession>(
      session: S,
      changes: Partial<Pick<StoredSession, 'nativeApp' | 'timeTravelTo'>>,
    ): Promise<S> {
      await repo.update(session.idHash, changes)
      return { ...session, ...changes }
    },
  }
}

export type SessionService = ReturnType<typeof createSessionService>
