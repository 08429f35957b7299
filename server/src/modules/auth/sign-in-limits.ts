import { randomBytes } from 'node:crypto'
import { sha256 } from '../../crypto/hash'
import type { Limit, Throttle } from '../throttle/throttle'
import { rateLimited } from './mail-codes'

/**
 * How failed sign-ins are limited, for members and operators alike (decision 0056). A browser that
 * has signed in to the account before (its device cookie, `device-cookie.ts`) is held by its own
 * failures alone, so a stranger's wrong passwords from elsewhere never keep the owner out. Any other
 * client is slowed, never locked out: per client address, per account and address together, and, once
 * the account has had many failures from such clients, one attempt at a time for the account. Every
 * refusal is 429 RATE_LIMITED with `Retry-After`, never a lock that outlasts its window.
 */
export interface SignInLimits {
  /** Attempts per client address, from clients that are not a known browser of the account. */
  perIp: Limit
  /** Failures for one account from one client address (not a known browser). */
  failuresPerClient: Limit
  /** Failures for one account from clients it does not know; past this its sign-ins are paced. */
  failuresPerAccount: Limit
  /** The pace then: attempts from unknown clients for the account, per window. */
  pace: Limit
  /** Failures from one known browser; past this it counts as unknown until the window ends. */
  failuresPerDevice: Limit
}

/** Which browsers an account has signed in from, by the hash of their device token. */
export interface KnownBrowsers {
  isKnown(tokenHash: string, accountId: string): Promise<boolean>
  remember(tokenHash: string, accountId: string, now: Date): Promise<void>
}

/** The cookie value of a device token: 32 random bytes, base64url. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/

/** A new device token for a browser that has none (or holds something else). */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The rate-limit keys of one kind of sign-in, by what they count. Keyed by account id, not mail
 * address: no key names personal data.
 */
export function signInKeys(prefix: string) {
  return {
    perIp: (ip: string) => `${prefix}:ip:${ip}`,
    perClient: (accountId: string, ip: string) => `${prefix}:fail:${accountId}:${ip}`,
    perAccount: (accountId: string) => `${prefix}:fail:${accountId}`,
    pace: (accountId: string) => `${prefix}:pace:${accountId}`,
    perDevice: (tokenHash: string) => `${prefix}:device:${tokenHash}`,
  }
}

/** One sign-in attempt, admitted by `admit`: what `failed` and `succeeded` count it against. */
export interface SignInAttempt {
  /** The account the mail address named (null: none, or one that cannot sign in this way). */
  accountId: string | null
  ip: string
  now: Date
  /** The browser's device token, when it holds a well-formed one. */
  deviceToken: string | null
  /** The hash of that token when it names a known browser of the account, still in good standing. */
  knownBrowser: string | null
}

export function createSignInLimiter(deps: {
  throttle: Throttle
  /** What the keys start with: `login` for members, `operator-login` for operators. */
  prefix: string
  limits: SignInLimits
  browsers: KnownBrowsers
}) {
  const { throttle, limits, browsers } = deps
  const keys = signInKeys(deps.prefix)

  /** The hash of the device token when the account knows that browser and it has not failed too often. */
  async function knownBrowser(deviceToken: string | null, accountId: string, now: Date) {
    if (!deviceToken) return null
    const tokenHash = sha256(deviceToken, 'base64url')
    if (!(await browsers.isKnown(tokenHash, accountId))) return null
    // A known browser that keeps failing is treated like any other client until its window ends.
    const own = await throttle.peek(keys.perDevice(tokenHash), limits.failuresPerDevice, now)
    return own.allowed ? tokenHash : null
  }

  /** The limits a client the account does not know must pass, before its secret is checked. */
  async function assertUnknownClientMayTry(accountId: string | null, ip: string, now: Date) {
    const perIp = await throttle.hit(keys.perIp(ip), limits.perIp, now)
    if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds, 'sign-in attempts')
    if (!accountId) return
    const here = await throttle.peek(keys.perClient(accountId, ip), limits.failuresPerClient, now)
    if (!here.allowed) throw rateLimited(here.retryAfterSeconds, 'failed sign-ins from here')
    const all = await throttle.peek(keys.perAccount(accountId), limits.failuresPerAccount, now)
    if (!all.allowed) {
      const paced = await throttle.hit(keys.pace(accountId), limits.pace, now)
      if (!paced.allowed) throw rateLimited(paced.retryAfterSeconds, 'sign-ins to this account')
    }
  }

  return {
    keys,

    /**
     * Before the password (or code) is checked: a known browser of the account goes on; any other
     * client passes the unknown clients' limits or is refused (RATE_LIMITED).
     */
    async admit(
      accountId: string | null,
      heldToken: string | null,
      ip: string,
      now: Date,
    ): Promise<SignInAttempt> {
      const deviceToken = heldToken && DEVICE_TOKEN.test(heldToken) ? heldToken : null
      const known = accountId ? await knownBrowser(deviceToken, accountId, now) : null
      if (!known) await assertUnknownClientMayTry(accountId, ip, now)
      return { accountId, ip, now, deviceToken, knownBrowser: known }
    },

    /** A wrong secret (or an unknown address) counts where the attempt was limited. */
    async failed(attempt: SignInAttempt): Promise<void> {
      const { accountId, ip, now } = attempt
      if (attempt.knownBrowser) {
        await throttle.hit(keys.perDevice(attempt.knownBrowser), limits.failuresPerDevice, now)
        return
      }
      if (!accountId) return
      await throttle.hit(keys.perClient(accountId, ip), limits.failuresPerClient, now)
      await throttle.hit(keys.perAccount(accountId), limits.failuresPerAccount, now)
    },

    /**
     * The right secret: the browser is known to the account from now on, and its failures and this
     * address's are forgotten. Answers the device token the browser is to keep.
     */
    async succeeded(attempt: SignInAttempt, accountId: string): Promise<string> {
      const token = attempt.deviceToken ?? newDeviceToken()
      const tokenHash = sha256(token, 'base64url')
      await browsers.remember(tokenHash, accountId, attempt.now)
      await throttle.forget([keys.perDevice(tokenHash), keys.perClient(accountId, attempt.ip)])
      return token
    },
  }
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>
