import { randomUUID } from 'node:crypto'
import type { AccountStatus } from '@puribox/contract/account'
import {
  normalizeMailAddress,
  passwordProblem,
  type VerificationSent,
  type Verified,
} from '@puribox/contract/auth'
import type { AgreedPolicy } from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import type { SnsPenaltyReason } from '@puribox/contract/penalty-reasons'
import type { PolicyKind } from '@puribox/contract/policies'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { formatJst } from '@puribox/contract/time'
import type { Database } from '../../db/client'
import type { GuestCaller, MemberCaller, PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Mailer } from '../../ports/mail'
import { presentAccountStatus } from '../accounts/accounts.service'
import type { EventEnvelope } from '../events'
import type { Throttle } from '../throttle/throttle'
import { alreadyRegisteredMail, verificationMail } from './auth.mail'
import { canUseVerification } from './auth.policy'
import type { AccountRow, AuthRepository, VerificationRow } from './auth.repository'
import { codeMatches, newMailSecrets, provedHereAt, rateLimited, tokenMatches } from './mail-codes'
import { decoyHash, hashPassword, verifyPassword } from './passwords'
import { createSignInLimiter, type SignInLimits, signInKeys } from './sign-in-limits'

const MINUTE_MS = 60_000

/** The rules of sign-up and sign-in, in one place. */
export const AUTH_RULES = {
  /** How long the code and the link in a verification mail work. */
  verificationMinutes: 30,
  /** After the address is proved, the password must be chosen within this time. */
  registerWithinMinutes: 60,
  /** Wrong codes (or links) before a verification is dead. */
  maxCodeAttempts: 5,
  /** Verification mails: per address, and per client address. */
  mailPerAddress: { max: 3, windowMs: 10 * MINUTE_MS },
  mailPerIp: { max: 10, windowMs: 60 * MINUTE_MS },
  /**
   * Sign-in with a password. A browser that has signed in to the account before (its device
   * cookie) is counted by itself alone: strangers' failures never hold it. Any other client is
   * slowed, never locked out: per client address, per account and address together, and, once the
   * account has had many failures from such clients, one attempt at a time per account.
   */
  loginPerIp: { max: 30, windowMs: 10 * MINUTE_MS },
  /** Failures for one account from one client address (not a known browser). */
  loginFailuresPerClient: { max: 5, windowMs: 15 * MINUTE_MS },
  /** Failures for one account from clients it does not know; past this its sign-ins are paced. */
  loginFailuresPerAccount: { max: 10, windowMs: 60 * MINUTE_MS },
  /** The pace then: one attempt from an unknown client per this window, for the account. */
  loginPace: { max: 1, windowMs: 20_000 },
  /** Failures from one known browser; past this it counts as unknown until the window ends. */
  loginFailuresPerDevice: { max: 10, windowMs: 15 * MINUTE_MS },
  /** Password re-entered by a signed-in member (before leaving): failures per session. */
  reauthFailuresPerSession: { max: 5, windowMs: 15 * MINUTE_MS },
} as const

/** Sign-in's limits as `sign-in-limits.ts` takes them (operators' sign-in uses the same limiter). */
const LOGIN_LIMITS: SignInLimits = {
  perIp: AUTH_RULES.loginPerIp,
  failuresPerClient: AUTH_RULES.loginFailuresPerClient,
  failuresPerAccount: AUTH_RULES.loginFailuresPerAccount,
  pace: AUTH_RULES.loginPace,
  failuresPerDevice: AUTH_RULES.loginFailuresPerDevice,
}

/** The rate-limit keys of sign-in, by what they count. */
export const loginKeys = {
  ...signInKeys('login'),
  reauth: (sessionHash: string) => `login:reauth:${sessionHash}`,
}

/**
 * The rate-limit keys that name an account or its mail address (sign-in failures, mails sent to
 * it): its owner forgets them with the account, by name, instead of matching key patterns. Per
 * client windows end within 15 minutes and are swept with the rest.
 */
function throttleKeysOf(account: { accountId: string; mailAddress: string | null }): string[] {
  const keys = [loginKeys.perAccount(account.accountId), loginKeys.pace(account.accountId)]
  if (account.mailAddress) keys.push(`regmail:to:${account.mailAddress}`)
  return keys
}

/** What a sign-in answers: the account, and the device token the browser is to keep. */
export interface SignedIn {
  account: AccountRow
  deviceToken: string
}

/**
 * What a registration needs of the policies module: the versions an agreement names when it is
 * every kind in its latest version, or its typed error (POLICY_*).
 */
export interface RegistrationPolicies {
  checkAgreement(policies: readonly AgreedPolicy[]): Promise<{ kind: PolicyKind; version: string }[]>
}

export function createAuthService(deps: {
  repo: AuthRepository
  throttle: Throttle
  mailer: Mailer
  policies: RegistrationPolicies
  /** Where links in mails point, e.g. `https://puribox.jp`. */
  publicUrl: string
  /** Why a suspended account is suspended (penalties), to tell the member who signs in with it. */
  suspensionReason: (accountId: string) => Promise<SnsPenaltyReason | null>
}) {
  const { repo, throttle, mailer, policies, publicUrl } = deps
  const limiter = createSignInLimiter({
    throttle,
    prefix: 'login',
    limits: LOGIN_LIMITS,
    browsers: {
      isKnown: (tokenHash, accountId) => repo.isKnownDevice(tokenHash, accountId),
      remember: (tokenHash, accountId, now) => repo.rememberDevice(tokenHash, accountId, now),
    },
  })

  /** A verification still usable for a new guess, or the typed reason it is not. */
  async function openVerification(verificationId: string, now: Date): Promise<VerificationRow> {
    const row = await repo.findVerification(verificationId)
    if (!row) throw new AppError('VERIFICATION_NOT_FOUND', 'no such verification')
    if (row.consumedAt || row.failedAttempts >= AUTH_RULES.maxCodeAttempts || now >= row.expiresAt) {
      throw new AppError('VERIFICATION_EXPIRED', 'this verification can no longer be used; send a new mail')
    }
    return row
  }

  /** The address is proved in the browser of this session: only it may go on (`assertProvedHere`). */
  async function proved(row: VerificationRow, sessionHash: string, now: Date): Promise<Verified> {
    await repo.markVerified(row.id, sessionHash, now)
    const account = row.accountId ? await repo.findAccount(row.accountId) : null
    return {
      verificationId: row.id,
      mailAddress: row.mailAddress,
      passwordRequired: !account?.passwordHash,
    }
  }

  async function wrongGuess(
    row: VerificationRow,
    code: 'VERIFICATION_CODE_WRONG' | 'VERIFICATION_NOT_FOUND',
  ): Promise<never> {
    const failures = await repo.countFailure(row.id)
    if (failures >= AUTH_RULES.maxCodeAttempts) {
      throw new AppError('VERIFICATION_EXPIRED', 'too many wrong codes; send a new mail')
    }
    throw new AppError(code, `wrong code (${AUTH_RULES.maxCodeAttempts - failures} tries left)`)
  }

  async function sendVerification(
    input: string,
    accountId: string | null,
    caller: PersonCaller,
    now: Date,
    next: string | null = null,
  ): Promise<VerificationSent> {
    const mailAddress = normalizeMailAddress(input)
    if (!mailAddress) throw new AppError('MAIL_ADDRESS_INVALID', 'not a mail address')

    const perIp = await throttle.hit(`regmail:ip:${caller.ip}`, AUTH_RULES.mailPerIp, now)
    if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds, 'verification mails')
    const perAddress = await throttle.hit(`regmail:to:${mailAddress}`, AUTH_RULES.mailPerAddress, now)
    if (!perAddress.allowed) throw rateLimited(perAddress.retryAfterSeconds, 'mails to this address')

    const expiresAt = new Date(now.getTime() + AUTH_RULES.verificationMinutes * MINUTE_MS)
    const id = randomUUID()
    const { code, token, codeHash, linkTokenHash } = newMailSecrets(id)
    const row = await repo.insertVerification({
      id,
      mailAddress,
      accountId,
      codeHash,
      linkTokenHash,
      expiresAt,
      createdAt: now,
    })

    const existing = await repo.findAccountByMail(mailAddress)
    if (existing) {
      await mailer.send(
        alreadyRegisteredMail({
          to: mailAddress,
          loginUrl: `${publicUrl}${links.login}`,
          resetUrl: `${publicUrl}${links.passwordReset}`,
        }),
      )
    } else {
      // The link keeps where the person was going (a seal to save), in whichever browser it is opened.
      const query = new URLSearchParams({ verificationId: row.id, token })
      const then = sameOriginPath(next)
      if (then) query.set('next', then)
      const link = `${publicUrl}${links.registerMailSent}?${query}`
      await mailer.send(
        verificationMail({
          to: mailAddress,
          code,
          link,
          expiresAt,
          minutes: AUTH_RULES.verificationMinutes,
        }),
      )
    }
    // The same answer either way: whether an address has an account is not told to whoever typed it.
    return { verificationId: row.id, mailAddress, expireDate: formatJst(expiresAt) }
  }

  /**
   * A verification the caller's session proved, recently enough, not yet used, and the caller's to
   * use (`canUseVerification`): or the typed reason.
   */
  async function provedVerification(
    verificationId: string,
    caller: PersonCaller,
    now: Date,
  ): Promise<VerificationRow> {
    const row = await repo.findVerification(verificationId)
    if (!row) throw new AppError('VERIFICATION_NOT_FOUND', 'no such verification')
    if (row.consumedAt) throw new AppError('VERIFICATION_EXPIRED', 'this verification was already used')
    const provedAt = provedHereAt(row, caller.sessionHash)
    if (!provedAt) {
      throw new AppError(
        'VERIFICATION_INCOMPLETE',
        'prove the mail address (code or link) in this browser first',
      )
    }
    if (now.getTime() > provedAt.getTime() + AUTH_RULES.registerWithinMinutes * MINUTE_MS) {
      throw new AppError('VERIFICATION_EXPIRED', 'the proof of the address is too old; send a new mail')
    }
    if (!canUseVerification(caller, row)) throw new AppError('VERIFICATION_NOT_FOUND', 'no such verification')
    return row
  }

  return {
    /** Registration: a mail with a code and a link, for an address that has no account yet. */
    sendVerificationMail(
      input: string,
      caller: PersonCaller,
      now: Date,
      next: string | null = null,
    ): Promise<VerificationSent> {
      return sendVerification(input, null, caller, now, next)
    },

    /** A member adds an address (accounts made by LINE, Twitter or a carrier have none) or changes it. */
    startMailChange(input: string, caller: MemberCaller, now: Date): Promise<VerificationSent> {
      return sendVerification(input, caller.accountId, caller, now)
    },

    /** A code typed in this session's browser (`sessionHash`: the route makes the session first). */
    async verifyCode(
      verificationId: string,
      code: string,
      sessionHash: string,
      now: Date,
    ): Promise<Verified> {
      const row = await openVerification(verificationId, now)
      if (!codeMatches(row.id, code, row.codeHash)) return wrongGuess(row, 'VERIFICATION_CODE_WRONG')
      return proved(row, sessionHash, now)
    },

    async verifyLink(
      verificationId: string,
      token: string,
      sessionHash: string,
      now: Date,
    ): Promise<Verified> {
      const row = await openVerification(verificationId, now)
      if (!tokenMatches(token, row.linkTokenHash)) return wrongGuess(row, 'VERIFICATION_NOT_FOUND')
      return proved(row, sessionHash, now)
    },

    /**
     * Creates a MINI account on a verification this session proved, with the policies agreed on the
     * same step (`agreed`; checked before anything is written). The caller then signs it in.
     */
    async register(
      input: { verificationId: string; password: string; agreed: readonly AgreedPolicy[] | undefined },
      caller: GuestCaller,
      now: Date,
    ): Promise<AccountRow> {
      const { password } = input
      const row = await provedVerification(input.verificationId, caller, now)
      const problem = passwordProblem(password, row.mailAddress)
      if (problem) throw new AppError('PASSWORD_INVALID', `password refused: ${problem}`)
      const agreed = input.agreed ? await policies.checkAgreement(input.agreed) : []

      const result = await repo.registerAccount({
        verificationId: row.id,
        mailAddress: row.mailAddress,
        passwordHash: await hashPassword(password),
        agreed,
        now,
      })
      if (result === null) throw new AppError('VERIFICATION_EXPIRED', 'this verification was already used')
      if (result === 'TAKEN') throw new AppError('MAIL_ADDRESS_TAKEN', 'this address already has an account')
      return result
    },

    /**
     * Gives a member's account the address this session proved. An account without a password
     * (made by LINE, Twitter or a carrier) must choose one now, so the address can sign in; an
     * account that has one keeps it.
     */
    async attachMailAddress(
      verificationId: string,
      password: string | undefined,
      caller: MemberCaller,
      now: Date,
    ): Promise<AccountRow> {
      const row = await provedVerification(verificationId, caller, now)
      const account = await repo.findAccount(caller.accountId)
      if (!account) throw new AppError('UNAUTHENTICATED', 'sign in first')
      let passwordHash: string | null = null
      if (!account.passwordHash) {
        const problem = passwordProblem(password ?? '', row.mailAddress)
        if (problem) throw new AppError('PASSWORD_INVALID', `password refused: ${problem}`)
        passwordHash = await hashPassword(password ?? '')
      }
      const result = await repo.attachMailAddress({
        verificationId: row.id,
        accountId: caller.accountId,
        mailAddress: row.mailAddress,
        passwordHash,
        now,
      })
      if (result === null) throw new AppError('VERIFICATION_EXPIRED', 'this verification was already used')
      if (result === 'TAKEN') throw new AppError('MAIL_ADDRESS_TAKEN', 'another account has this address')
      return result
    },

    /**
     * Mail address and password → the account, or LOGIN_FAILED whether the address is unknown or
     * the password wrong (same answer, same time). `deviceToken` is the browser's device cookie: a
     * browser that has signed in to the account before is held only by its own failures, so that
     * strangers' wrong passwords never keep the owner out; any other client is slowed per address
     * and per account. Answers the device token the browser keeps from now on.
     */
    async login(
      mailInput: string,
      password: string,
      deviceToken: string | null,
      caller: PersonCaller,
      now: Date,
    ): Promise<SignedIn> {
      const mailAddress = normalizeMailAddress(mailInput)
      const found = mailAddress ? await repo.findAccountByMail(mailAddress) : null
      const withPassword = found?.passwordHash ? found : null
      const attempt = await limiter.admit(withPassword?.id ?? null, deviceToken, caller.ip, now)

      const matches = await verifyPassword(password, withPassword?.passwordHash ?? (await decoyHash()))
      if (!withPassword || !matches) {
        await limiter.failed(attempt)
        throw new AppError('LOGIN_FAILED', 'mail address or password is wrong')
      }
      if (withPassword.snsPenalty === 'SUSPENSION') {
        // The right password: the member is told why, as one of the fixed reasons.
        const penaltyReason = await deps.suspensionReason(withPassword.id)
        throw new AppError(
          'ACCOUNT_SUSPENDED',
          'this account is suspended',
          {},
          penaltyReason ? { penaltyReason } : {},
        )
      }
      // The right password: this browser is known to the account from now on.
      return { account: withPassword, deviceToken: await limiter.succeeded(attempt, withPassword.id) }
    },

    /**
     * The signed-in member types the password again (before deleting the account). Wrong answers
     * are counted for this session only: the member is already in, and strangers' failures must not
     * stop them from leaving. PASSWORD_WRONG when it is wrong.
     */
    async reauthenticate(
      account: AccountRow,
      password: string,
      caller: MemberCaller,
      now: Date,
    ): Promise<void> {
      const key = loginKeys.reauth(caller.sessionHash)
      const tries = await throttle.peek(key, AUTH_RULES.reauthFailuresPerSession, now)
      if (!tries.allowed) throw rateLimited(tries.retryAfterSeconds, 'wrong passwords')
      if (!account.passwordHash || !(await verifyPassword(password, account.passwordHash))) {
        await throttle.hit(key, AUTH_RULES.reauthFailuresPerSession, now)
        throw new AppError('PASSWORD_WRONG', 'wrong password')
      }
      await throttle.clear(key)
    },

    present(account: AccountRow, now: Date): AccountStatus {
      return presentAccountStatus(account, now)
    },

    /** Its part in deleting an account: the address's verifications and rate-limit windows go. */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      await repo.forgetVerifications(event.payload, tx)
      await throttle.forget(throttleKeysOf(event.payload), tx)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
