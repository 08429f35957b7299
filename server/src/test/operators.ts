import { randomBytes, randomUUID } from 'node:crypto'
import { sha256 } from '../crypto/hash'
import type { Database } from '../db/client'
import type { OperatorRole } from '../modules/actor'
import { hashPassword } from '../modules/auth/passwords'
import { OPERATOR_COOKIE } from '../modules/operators/operator-cookie'
import { operatorRecoveryCodes, operatorSessions, operators } from '../modules/operators/operators.schema'
import { OPERATOR_SESSION } from '../modules/operators/operators.service'
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  recoveryCodeHash,
  totpCodeAt,
} from '../modules/operators/second-factor'
import type { Clock } from '../ports/clock'

/** The password of the operators these factories make (at least 12 characters, as the rules ask). */
export const OPERATOR_PASSWORD = 'console-sakura-2026'

let passwordHash: Promise<string> | undefined

/**
 * An operator as `npm run operator -- create` makes one (written directly, without the event), with
 * what they were shown: their TOTP secret and recovery codes.
 */
export async function createOperator(
  db: Database,
  overrides: { mailAddress?: string; role?: OperatorRole; disabledAt?: Date | null } = {},
) {
  passwordHash ??= hashPassword(OPERATOR_PASSWORD)
  const id = randomUUID()
  const totpSecret = newTotpSecret()
  const recoveryCodes = newRecoveryCodes()
  const [operator] = await db
    .insert(operators)
    .values({
      id,
      mailAddress: overrides.mailAddress ?? `operator-${id.slice(0, 8)}@team.puribox.jp`,
      role: overrides.role ?? 'admin',
      passwordHash: await passwordHash,
      totpSecret,
      disabledAt: overrides.disabledAt ?? null,
    })
    .returning()
  await db.insert(operatorRecoveryCodes).values(
    recoveryCodes.map((code) => ({
      operatorId: id,
      codeHash: recoveryCodeHash(id, normalizeRecoveryCode(code)!),
    })),
  )
  return {
    operator: operator!,
    totpSecret,
    recoveryCodes,
    /** The code the operator's authenticator app shows at `at`. */
    codeAt: (at: Date) => totpCodeAt(totpSecret, at),
  }
}

/** A console session of the operator, begun at the clock's "now"; `cookie` is the header's value. */
export async function createOperatorSession(db: Database, clock: Clock, operatorId: string) {
  const sessionId = randomBytes(32).toString('base64url')
  const now = clock.now()
  const idHash = sha256(sessionId, 'base64url')
  await db.insert(operatorSessions).values({
    idHash,
    operatorId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + OPERATOR_SESSION.absoluteMs),
  })
  return { sessionId, idHash, cookie: `${OPERATOR_COOKIE}=${sessionId}` }
}
