import { randomBytes, randomInt } from 'node:crypto'
import { AUTH_LIMITS } from '@puribox/contract/auth'
import { sameHash, sha256 } from '../../crypto/hash'
import { AppError } from '../../http/errors'

/**
 * The secrets of a mail that proves an address (registration, password reset): a 6-digit code and
 * a link token. Only their hashes are stored; the code's is salted with its row's id, so equal codes
 * of different mails hash differently.
 */
export interface MailSecrets {
  code: string
  token: string
  codeHash: string
  linkTokenHash: string
}

function hashCode(rowId: string, code: string): string {
  return sha256(`${rowId}:${code}`, 'base64url')
}

export function newMailSecrets(rowId: string): MailSecrets {
  const code = String(randomInt(0, 10 ** AUTH_LIMITS.codeLength)).padStart(AUTH_LIMITS.codeLength, '0')
  const token = randomBytes(32).toString('base64url')
  return { code, token, codeHash: hashCode(rowId, code), linkTokenHash: sha256(token, 'base64url') }
}

/** Whether a typed code is the mail's: full-width digits (a Japanese keyboard) and spaces are fine. */
export function codeMatches(rowId: string, typed: string, codeHash: string): boolean {
  const digits = typed.normalize('NFKC').replace(/\s/g, '')
  return /^\d+$/.test(digits) && sameHash(hashCode(rowId, digits), codeHash)
}

export function tokenMatches(token: string, linkTokenHash: string): boolean {
  return sameHash(sha256(token, 'base64url'), linkTokenHash)
}

/**
 * When the caller's session proved a row (by its code or link), or null when it did not: not yet,
 * or in another browser. Only that session may take the next step.
 */
export function provedHereAt(
  row: { verifiedAt: Date | null; verifiedSessionHash: string | null },
  sessionHash: string | null,
): Date | null {
  if (!row.verifiedAt || !row.verifiedSessionHash || !sessionHash) return null
  return sameHash(row.verifiedSessionHash, sessionHash) ? row.verifiedAt : null
}

/** 429 RATE_LIMITED with `Retry-After`. */
export function rateLimited(retryAfterSeconds: number, what: string): AppError {
  return new AppError('RATE_LIMITED', `too many ${what}; try again later`, {
    'retry-after': String(retryAfterSeconds),
  })
}
