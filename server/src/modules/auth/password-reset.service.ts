import { randomUUID } from 'node:crypto'
import {
  normalizeMailAddress,
  PASSWORD_RESET_LIMITS,
  type PasswordResetSent,
  type PasswordResetVerified,
  passwordProblem,
} from '@puribox/contract/auth'
import { links } from '@puribox/contract/pages'
import { passwordResetPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { formatJst } from '@puribox/contract/time'
import type { Database } from '../../db/client'
import type { PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Mailer } from '../../ports/mail'
import type { AccountRow } from '../accounts/accounts.schema'
import type { EventEnvelope } from '../events'
import type { Throttle } from '../throttle/throttle'
import { passwordChangedMail, passwordResetMail, passwordResetNoPasswordMail } from './auth.mail'
import { loginKeys } from './auth.service'
import { codeMatches, newMailSecrets, provedHereAt, rateLimited, tokenMatches } from './mail-codes'
import type { PasswordResetRepository, PasswordResetRow } from './password-reset.repository'
import { hashPassword } from './passwords'

const MINUTE_MS = 60_000

/** The rules of a password reset by mail (decision 0035), in one place. */
export const PASSWORD_RESET_RULES = {
  /** How long the code and the link of a reset mail work. */
  minutes: PASSWORD_RESET_LIMITS.minutes,
  /** After the code or the link, the new password must be chosen within this time. */
  chooseWithinMinutes: 30,
  /** Wrong codes (or links) before one reset is locked: a new mail helps. */
  maxCodeAttempts: PASSWORD_RESET_LIMITS.codeAttempts,
  /**
   * Wrong codes per mail address, over all its resets: past this, no code of the address is
   * checked until the window ends. Guessing one of a million codes stays hopeless however many
   * mails are asked for. Links are not held by it, nor are new mails.
   */
  wrongCodesPerAddress: { max: 10, windowMs: 60 * MINUTE_MS },
  /** Reset mails: per address, and per client address. */
  mailPerAddress: { max: 3, windowMs: 10 * MINUTE_MS },
  mailPerIp: { max: 10, windowMs: 60 * MINUTE_MS },
} as const

/** The rate-limit keys of a mail address, by what they count. */
const keys = {
  mailsTo: (mailAddress: string) => `pwreset:to:${mailAddress}`,
  wrongCodes: (mailAddress: string) => `pwreset:wrong:${mailAddress}`,
  mailsFrom: (ip: string) => `pwreset:ip:${ip}`,
}

/**
 * Password reset by mail: a mail with a code and a link; either proves the reset for the browser
 * that uses it; that browser chooses the new password, every other session of the account ends and
 * a second mail says so. Whoever asks learns nothing of whether the address has an account.
 */
export function createPasswordResetService(deps: {
  repo: PasswordResetRepository
  throttle: Throttle
  mailer: Mailer
  /** Where links in mails point, e.g. `https://puribox.jp`. */
  publicUrl: string
  /** The "password changed" mail could not be sent: the reset stands, the failure is logged. */
  onNoticeFailed: (error: unknown) => void
}) {
  const { repo, throttle, mailer, publicUrl } = deps

  /** While the address has had too many wrong codes lately, nothing of its resets is checked. */
  async function assertNotLocked(mailAddress: string, now: Date): Promise<void> {
    const wrong = await throttle.peek(
      keys.wrongCodes(mailAddress),
      PASSWORD_RESET_RULES.wrongCodesPerAddress,
      now,
    )
    if (!wrong.allowed) throw rateLimited(wrong.retryAfterSeconds, 'wrong codes for this address')
  }

  /**
   * A reset still open, or the typed reason it is not. Wrong codes lock the code of a reset (five)
   * and every code of the address (ten in an hour): a 6-digit code can be guessed, so guessing must
   * stop. The link cannot be guessed (32 random bytes): wrong codes never lock it, so a stranger who
   * asks for a reset to someone's address and types wrong codes cannot stop the owner from using the
   * link in their newest mail.
   */
  async function openReset(resetId: string, by: 'code' | 'link', now: Date): Promise<PasswordResetRow> {
    const row = await repo.find(resetId)
    if (!row) throw new AppError('PASSWORD_RESET_NOT_FOUND', 'no such password reset')
    if (row.consumedAt)
      throw new AppError('PASSWORD_RESET_USED', 'a password was already set with this reset')
    if (by === 'code' && row.failedAttempts >= PASSWORD_RESET_RULES.maxCodeAttempts) {
      throw new AppError('PASSWORD_RESET_LOCKED', 'too many wrong codes; request a new mail')
    }
    if (now >= row.expiresAt)
      throw new AppError('PASSWORD_RESET_EXPIRED', 'this reset expired; request a new mail')
    if (by === 'code') await assertNotLocked(row.mailAddress, now)
    return row
  }

  /** A wrong code counts for the reset and for its address. */
  async function wrongCode(row: PasswordResetRow, now: Date): Promise<never> {
    const failures = await repo.countFailure(row.id)
    await throttle.hit(keys.wrongCodes(row.mailAddress), PASSWORD_RESET_RULES.wrongCodesPerAddress, now)
    if (failures >= PASSWORD_RESET_RULES.maxCodeAttempts) {
      throw new AppError('PASSWORD_RESET_LOCKED', 'too many wrong codes; request a new mail')
    }
    throw new AppError(
      'PASSWORD_RESET_CODE_WRONG',
      `wrong code (${PASSWORD_RESET_RULES.maxCodeAttempts - failures} tries left)`,
    )
  }

  /**
   * The code or the link (`matches`) proves an open reset for the browser of this session: only it
   * may choose the password. A reset without an account matches nothing. A wrong link is answered
   * like an unknown reset and counts nowhere (a token is not guessed by trying).
   */
  async function prove(
    resetId: string,
    by: 'code' | 'link',
    matches: (row: PasswordResetRow) => boolean,
    { sessionHash, now }: { sessionHash: string; now: Date },
  ): Promise<PasswordResetVerified> {
    const row = await openReset(resetId, by, now)
    if (!row.accountId || !matches(row)) {
      if (by === 'code') return wrongCode(row, now)
      throw new AppError('PASSWORD_RESET_NOT_FOUND', 'no such password reset')
    }
    await repo.markVerified(row.id, sessionHash, now)
    return { resetId: row.id, mailAddress: row.mailAddress }
  }

  /**
   * The account a proved reset changes the password of: it still exists, still has the address
   * the mail went to, and signs in with a password.
   */
  async function accountOf(row: PasswordResetRow): Promise<AccountRow> {
    const account = row.accountId ? await repo.findAccount(row.accountId) : null
    if (!account?.passwordHash || account.mailAddress !== row.mailAddress) {
      throw new AppError(
        'PASSWORD_RESET_NOT_FOUND',
        'the account of this reset is gone or has another address',
      )
    }
    return account
  }

  return {
    /**
     * A reset mail to the address: a code and a link when an account signs in with it and a
     * password; otherwise a mail that says how to sign in or register. The same answer either way.
     */
    async request(input: string, caller: PersonCaller, now: Date): Promise<PasswordResetSent> {
      const mailAddress = normalizeMailAddress(input)
      if (!mailAddress) throw new AppError('MAIL_ADDRESS_INVALID', 'not a mail address')

      const perIp = await throttle.hit(keys.mailsFrom(caller.ip), PASSWORD_RESET_RULES.mailPerIp, now)
      if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds, 'password reset mails')
      // Not held by wrong codes: the owner can always ask for a mail, and its link always works.
      const perAddress = await throttle.hit(
        keys.mailsTo(mailAddress),
        PASSWORD_RESET_RULES.mailPerAddress,
        now,
      )
      if (!perAddress.allowed) throw rateLimited(perAddress.retryAfterSeconds, 'mails to this address')

      const account = await repo.findAccountByMail(mailAddress)
      const target = account?.passwordHash ? account : null
      const expiresAt = new Date(now.getTime() + PASSWORD_RESET_RULES.minutes * MINUTE_MS)
      const id = randomUUID()
      // A row either way, so that the code step answers alike: without an account, its code and
      // link are never sent, and every code is wrong.
      const { code, token, codeHash, linkTokenHash } = newMailSecrets(id)
      await repo.insert({
        id,
        mailAddress,
        accountId: target?.id ?? null,
        codeHash,
        linkTokenHash,
        expiresAt,
        createdAt: now,
      })
      if (target) {
        const link = `${publicUrl}${passwordResetPath({ resetId: id, token })}`
        await mailer.send(
          passwordResetMail({
            to: mailAddress,
            code,
            link,
            expiresAt,
            minutes: PASSWORD_RESET_RULES.minutes,
          }),
        )
      } else {
        await mailer.send(
          passwordResetNoPasswordMail({
            to: mailAddress,
            loginUrl: `${publicUrl}${links.login}`,
            registerUrl: `${publicUrl}${registerEmailPath()}`,
          }),
        )
      }
      return { resetId: id, mailAddress, expireDate: formatJst(expiresAt) }
    },

    /** The code from the mail, typed in this session's browser (the route makes the session first). */
    verifyCode(
      resetId: string,
      code: string,
      sessionHash: string,
      now: Date,
    ): Promise<PasswordResetVerified> {
      return prove(resetId, 'code', (row) => codeMatches(row.id, code, row.codeHash), { sessionHash, now })
    },

    /** The link from the mail, opened in any browser: it proves the reset for that browser's session. */
    verifyLink(
      resetId: string,
      token: string,
      sessionHash: string,
      now: Date,
    ): Promise<PasswordResetVerified> {
      return prove(resetId, 'link', (row) => tokenMatches(token, row.linkTokenHash), { sessionHash, now })
    },

    /**
     * The new password, from the browser that proved the reset. Every other session of the account
     * ends, the reset cannot be used again, and the member is told by mail. The route then signs
     * this browser in to the account answered.
     */
    async resetPassword(
      resetId: string,
      password: string,
      caller: PersonCaller,
      now: Date,
    ): Promise<AccountRow> {
      const row = await repo.find(resetId)
      if (!row) throw new AppError('PASSWORD_RESET_NOT_FOUND', 'no such password reset')
      if (row.consumedAt)
        throw new AppError('PASSWORD_RESET_USED', 'a password was already set with this reset')
      const provedAt = provedHereAt(row, caller.sessionHash)
      if (!provedAt) {
        throw new AppError(
          'PASSWORD_RESET_INCOMPLETE',
          'enter the code (or open the link) in this browser first',
        )
      }
      if (now.getTime() > provedAt.getTime() + PASSWORD_RESET_RULES.chooseWithinMinutes * MINUTE_MS) {
        throw new AppError('PASSWORD_RESET_EXPIRED', 'the code was entered too long ago; request a new mail')
      }
      const account = await accountOf(row)
      if (account.snsPenalty === 'SUSPENSION')
        throw new AppError('ACCOUNT_SUSPENDED', 'this account is suspended')
      const problem = passwordProblem(password, row.mailAddress)
      if (problem) throw new AppError('PASSWORD_INVALID', `password refused: ${problem}`)

      const changed = await repo.completeReset({
        resetId: row.id,
        accountId: account.id,
        passwordHash: await hashPassword(password),
        now,
      })
      if (!changed) throw new AppError('PASSWORD_RESET_USED', 'a password was already set with this reset')
      // The new password works at once, whatever the old one's failures locked.
      await throttle.forget([
        loginKeys.perAccount(account.id),
        loginKeys.pace(account.id),
        loginKeys.perClient(account.id, caller.ip),
        keys.wrongCodes(row.mailAddress),
      ])
      await mailer
        .send(
          passwordChangedMail({
            to: row.mailAddress,
            changedAt: now,
            resetUrl: `${publicUrl}${links.passwordReset}`,
            inquiryUrl: `${publicUrl}${links.inquiry}`,
          }),
        )
        .catch(deps.onNoticeFailed)
      return changed
    },

    /** Its part in deleting an account: the address's resets and rate-limit windows go. */
    async accountDeleted(tx: Database, event: EventEnvelope<'account.deleted'>): Promise<void> {
      const { mailAddress } = event.payload
      await repo.forget(event.payload, tx)
      if (mailAddress) {
        await throttle.forget([keys.mailsTo(mailAddress), keys.wrongCodes(mailAddress)], tx)
      }
    },
  }
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>
