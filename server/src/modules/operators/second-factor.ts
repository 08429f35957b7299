import { randomInt } from 'node:crypto'
import { OPERATOR_SIGN_IN_RULES } from '@puribox/contract/admin-session'
import { formatSealId, normalizeSealId, SEAL_ID_ALPHABET } from '@puribox/contract/seal-id'
import { generate, generateSecret, generateURI, verify } from 'otplib'
import { sha256 } from '../../crypto/hash'

/**
 * An operator's second factor (decision 0070): the code of an authenticator app (TOTP, RFC 6238:
 * 30-second steps, 6 digits, SHA-1, as every authenticator app makes them), accepted one step early
 * or late for a phone's clock and the time it takes to type, and never twice; or one of ten recovery
 * codes, each working once, for an operator whose phone is lost.
 */

const PERIOD_SECONDS = 30
/** A code of the step before or after the server's is still accepted. */
const TOLERANCE_STEPS = 1
/** The name authenticator apps show beside the operator's mail address. */
export const TOTP_ISSUER = 'PuriBox'

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** The `otpauth://` address an authenticator app enrols from (as a QR code, or typed). */
export function totpUri(secret: string, mailAddress: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: mailAddress, secret })
}

function epochOf(at: Date): number {
  return Math.floor(at.getTime() / 1000)
}

/** The time step a moment falls in: the number a code is made for. */
export function totpStepAt(at: Date): number {
  return Math.floor(epochOf(at) / PERIOD_SECONDS)
}

/** The code an authenticator app with this secret shows at `at` (tests, and the command's check). */
export function totpCodeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: epochOf(at) })
}

/**
 * The time step of `code` when it is right at `now` (one step either side) and later than
 * `lastStep`, the step of the last code accepted; null otherwise.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  if (!new RegExp(`^\\d{${OPERATOR_SIGN_IN_RULES.totpDigits}}$`).test(code)) return null
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: TOLERANCE_STEPS * PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

/** How many recovery codes an operator has after being made or reset. */
export const RECOVERY_CODE_COUNT = 10

/**
 * New recovery codes, as the operator is shown them once: written as seal IDs are (10 characters
 * of Crockford base32 as `XXXXX-XXXXX`, about 50 random bits each) and read back as forgivingly
 * (full-width, lower case, O for 0, hyphens and spaces anywhere).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatSealId(
      Array.from(
        { length: OPERATOR_SIGN_IN_RULES.recoveryCodeLength },
        () => SEAL_ID_ALPHABET[randomInt(SEAL_ID_ALPHABET.length)],
      ).join(''),
    ),
  )
}

/** A typed recovery code in its one canonical form, or null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  return normalizeSealId(input)
}

/**
 * What is kept of a recovery code: its SHA-256 with the operator's id, so the same code of two
 * operators is two different hashes, and a code is looked up (and used up) by its hash alone.
 */
export function recoveryCodeHash(operatorId: string, code: string): string {
  return sha256(`operator-recovery:${operatorId}:${code}`, 'base64url')
}
