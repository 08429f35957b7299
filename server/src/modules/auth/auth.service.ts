import { randomUUID } from 'node:crypto'
import type { AccountStatus } from '@puribox/contract/account'
import {
  normalizeMailAddress,
  passwordProblem,
  type VerificationSent,
  type Verified,
} from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { formatJst } from '@puribox/contract/time'
import type { Database } from '../../db/client'
import type { GuestCaller, MemberCaller, PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Mailer } from '../../ports/mail'
import type { AccountDeleted } from '../account-hooks'
import { presentAccountStatus } from '../accounts/accounts.service'
import type { Throttle } from '../throttle/throttle'
import { alreadyRegisteredMail, verificationMail } from './auth.mail'
import { canUseVerification } from './auth.policy'
import type { AccountRow, AuthRepository, VerificationRow } from './auth.repository'
import { codeMatches, newMailSecrets, provedHereAt, rateLimited, tokenMatches } from './mail-codes'
import { decoyHash, hashPassword, verifyPassword } from './passwords'

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
  /** Sign-in: failures per mail address, and attempts per client address. */
  loginFailuresPerAddress: { max: 5, windowMs: 15 * MINUTE_MS },
  loginPerIp: { max: 30, windowMs: 10 * MINUTE_MS },
} as const

/**
 * The rate-limit keys that name an account's mail address or the account (sign-in failures, mails
 * sent to it): its owner forgets them with the account, by name, instead of matching key patterns.
 */
function throttleKeysOf(account: { accountId: string; mailAddress: string | null }): string[] {
  const keys = [loginFailuresKey(account)]
  if (account.mailAddress) keys.push(`regmail:to:${account.mailAddress}`)
  return keys
}

/** Failed passwords are counted per address, or per account for one without an address. */
export function loginFailuresKey(who: { mailAddress: string | null; accountId?: string }): string {
  return `login:fail:${who.mailAddress ?? `account:${who.accountId}`}`
}

export function createAuthService(deps: {
  repo: AuthRepository
  throttle: Throttle
  mailer: Mailer
  /** Where links in mails point, e.g. `https://puribox.jp`. */
  publicUrl: string
}) {
  const { repo, throttle, mailer, publicUrl } = deps

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

  /**
   * The password of the account `load` finds (null: unknown address), rate-limited per client
   * address and per account (`failuresKey`, null when there is no address to count by). A wrong
   * password and an unknown address fail alike, in the same time.
   */
  async function checkPassword(
    load: () => Promise<AccountRow | null>,
    failuresKey: string | null,
    password: string,
    caller: PersonCaller,
    now: Date,
    failure: 'LOGIN_FAILED' | 'PASSWORD_WRONG',
  ): Promise<AccountRow> {
    const perIp = await throttle.hit(`login:ip:${caller.ip}`, AUTH_RULES.loginPerIp, now)
    if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds, 'sign-in attempts')
    if (failuresKey) {
      const failures = await throttle.peek(failuresKey, AUTH_RULES.loginFailuresPerAddress, now)
      if (!failures.allowed) throw rateLimited(failures.retryAfterSeconds, 'failed sign-ins for this account')
    }
    const account = await load()
    const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()))
    if (!account?.passwordHash || !matches) {
      if (failuresKey) await throttle.hit(failuresKey, AUTH_RULES.loginFailuresPerAddress, now)
      throw new AppError(
        failure,
        failure === 'LOGIN_FAILED' ? 'mail address or password is wrong' : 'wrong password',
      )
    }
    if (failuresKey) await throttle.clear(failuresKey)
    return account
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

    /** Creates a MINI account on a verification this session proved. The caller then signs it in. */
    async register(
      verificationId: string,
      password: string,
      caller: GuestCaller,
      now: Date,
    ): Promise<AccountRow> {
      const row = await provedVerification(verificationId, caller, now)
      const problem = passwordProblem(password, row.mailAddress)
      if (problem) throw new AppError('PASSWORD_INVALID', `password refused: ${problem}`)

      const result = await repo.registerAccount({
        verificationId: row.id,
        mailAddress: row.mailAddress,
        passwordHash: await hashPassword(password),
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
     * the password wrong (same answer, same time). Rate-limited per client address and per account.
     */
    async login(mailInput: string, password: string, caller: PersonCaller, now: Date): Promise<AccountRow> {
      const mailAddress = normalizeMailAddress(mailInput)
      const account = await checkPassword(
        async () => (mailAddress ? repo.findAccountByMail(mailAddress) : null),
        mailAddress ? loginFailuresKey({ mailAddress }) : null,
        password,
        caller,
        now,
        'LOGIN_FAILED',
      )
      if (account.snsPenalty === 'SUSPENSION') {
        throw new AppError('ACCOUNT_SUSPENDED', 'this account is suspended')
      }
      return account
    },

    /**
     * The signed-in member types the password again (before deleting the account): the same check
     * and the same rate limits as sign-in, counted together with it. PASSWORD_WRONG when it is wrong.
     */
    async reauthenticate(
      account: AccountRow,
      password: string,
      caller: PersonCaller,
      now: Date,
    ): Promise<void> {
      const failuresKey = loginFailuresKey({ accountId: account.id, mailAddress: account.mailAddress })
      await checkPassword(async () => account, failuresKey, password, caller, now, 'PASSWORD_WRONG')
    },

    present(account: AccountRow, now: Date): AccountStatus {
      return presentAccountStatus(account, now)
    },

    /** Its part in deleting an account: the address's verifications and rate-limit windows go. */
    async accountDeleted(tx: Database, event: AccountDeleted): Promise<undefined> {
      await repo.forgetVerifications(event, tx)
      await throttle.forget(throttleKeysOf(event), tx)
      return undefined
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
