import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import type { Actor, OperatorRole } from '../actor'
import type { AnonymousActor, EventBus, EventTarget } from '../events'
import type { SecondFactor, SignInFailure } from './operators.events'
import { operatorRecoveryCodes, operatorSessions, operatorSignInDevices, operators } from './operators.schema'

export type OperatorRow = typeof operators.$inferSelect

/** An operator as the list shows them: with how many recovery codes they have left. */
export type ListedOperator = OperatorRow & { recoveryCodesLeft: number }

export type OperatorSessionRow = typeof operatorSessions.$inferSelect

/** Who asked for a change, and when. */
export interface Change {
  actor: Actor
  at: Date
}

/** The secrets an operator is made or reset with (hashes only, and the TOTP secret). */
export interface OperatorSecrets {
  passwordHash: string
  totpSecret: string
  recoveryCodeHashes: readonly string[]
}

/** What proves the second factor of a sign-in, used up in the sign-in's own transaction. */
export type SecondFactorProof = { kind: 'totp'; step: number } | { kind: 'recovery-code'; codeHash: string }

const target = (operatorId: string): EventTarget => ({ kind: 'operator', id: operatorId })

/**
 * The operators' tables. Every change is one transaction that emits its event (`operators.events.ts`),
 * so the audit log has it with the change or not at all.
 */
export function createOperatorsRepository(db: Database, events: EventBus) {
  async function insertCodes(tx: Database, operatorId: string, hashes: readonly string[], at: Date) {
    await tx
      .insert(operatorRecoveryCodes)
      .values(hashes.map((codeHash) => ({ operatorId, codeHash, createdAt: at })))
  }

  return {
    /** A new operator; TAKEN when an operator has the address already, whatever its case. */
    async create(
      input: { id: string; mailAddress: string; role: OperatorRole } & OperatorSecrets,
      change: Change,
    ): Promise<OperatorRow | 'TAKEN'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(operators)
            .values({
              id: input.id,
              mailAddress: input.mailAddress,
              role: input.role,
              passwordHash: input.passwordHash,
              totpSecret: input.totpSecret,
              createdAt: change.at,
            })
            .returning()
          await insertCodes(tx, input.id, input.recoveryCodeHashes, change.at)
          await events.emit(tx, 'operator.created', {
            ...change,
            target: target(input.id),
            after: { mailAddress: input.mailAddress, role: input.role },
            payload: { operatorId: input.id, role: input.role },
          })
          return row!
        })
      } catch (error) {
        if (isUniqueViolation(error)) return 'TAKEN'
        throw error
      }
    },

    async findByMail(mailAddress: string): Promise<OperatorRow | null> {
      const [row] = await db
        .select()
        .from(operators)
        .where(sql`lower(${operators.mailAddress}) = lower(${mailAddress})`)
      return row ?? null
    },

    async findById(id: string): Promise<OperatorRow | null> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id))
      return row ?? null
    },

    /** Every operator, in the order they were made, with their recovery codes left. */
    async list(): Promise<ListedOperator[]> {
      const left = db
        .select({ operatorId: operatorRecoveryCodes.operatorId, n: count().as('n') })
        .from(operatorRecoveryCodes)
        .where(isNull(operatorRecoveryCodes.usedAt))
        .groupBy(operatorRecoveryCodes.operatorId)
        .as('left')
      const rows = await db
        .select({ operator: operators, n: left.n })
        .from(operators)
        .leftJoin(left, eq(left.operatorId, operators.id))
        .orderBy(asc(operators.createdAt), asc(operators.mailAddress))
      return rows.map((row) => ({ ...row.operator, recoveryCodesLeft: Number(row.n ?? 0) }))
    },

    /** The operator can no longer sign in, and every session of theirs ends at once. */
    async disable(operator: OperatorRow, change: Change): Promise<OperatorRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(operators)
          .set({ disabledAt: change.at })
          .where(eq(operators.id, operator.id))
          .returning()
        await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operator.id))
        await events.emit(tx, 'operator.disabled', {
          ...change,
          target: target(operator.id),
          before: { disabledAt: null },
          after: { disabledAt: change.at.toISOString() },
          payload: { operatorId: operator.id },
        })
        return row!
      })
    },

    /**
     * New secrets: the password, the TOTP secret (its last step forgotten) and the recovery codes
     * (the old ones gone, used or not); every session of the operator ends.
     */
    async reset(operator: OperatorRow, secrets: OperatorSecrets, change: Change): Promise<OperatorRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(operators)
          .set({ passwordHash: secrets.passwordHash, totpSecret: secrets.totpSecret, totpLastStep: null })
          .where(eq(operators.id, operator.id))
          .returning()
        await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operator.id))
        await insertCodes(tx, operator.id, secrets.recoveryCodeHashes, change.at)
        const ended = await tx
          .delete(operatorSessions)
          .where(eq(operatorSessions.operatorId, operator.id))
          .returning({ idHash: operatorSessions.idHash })
        await events.emit(tx, 'operator.reset', {
          ...change,
          target: target(operator.id),
          after: {
            password: 'replaced',
            totpSecret: 'replaced',
            recoveryCodes: secrets.recoveryCodeHashes.length,
            sessionsEnded: ended.length,
          },
          payload: { operatorId: operator.id },
        })
        return row!
      })
    },

    /**
     * Signs the operator in, in one transaction: the second factor is used up (a TOTP step later than
     * the last one accepted, or an unused recovery code), the session is made, the sign-in recorded
     * and its event emitted. False, with nothing written, when the factor was used meanwhile (two
     * sign-ins with the same code at once: one wins).
     */
    async signIn(
      operator: OperatorRow,
      proof: SecondFactorProof,
      session: Pick<OperatorSessionRow, 'idHash' | 'lastSeenAt' | 'expiresAt'>,
      change: Change,
    ): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          const used =
            proof.kind === 'totp'
              ? await tx
                  .update(operators)
                  .set({ totpLastStep: proof.step })
                  .where(
                    and(
                      eq(operators.id, operator.id),
                      or(isNull(operators.totpLastStep), lt(operators.totpLastStep, proof.step)),
                    ),
                  )
                  .returning({ id: operators.id })
              : await tx
                  .update(operatorRecoveryCodes)
                  .set({ usedAt: change.at })
                  .where(
                    and(
                      eq(operatorRecoveryCodes.operatorId, operator.id),
                      eq(operatorRecoveryCodes.codeHash, proof.codeHash),
                      isNull(operatorRecoveryCodes.usedAt),
                    ),
                  )
                  .returning({ id: operatorRecoveryCodes.operatorId })
          if (used.length === 0) throw new FactorAlreadyUsed()
          await tx
            .insert(operatorSessions)
            .values({ ...session, operatorId: operator.id, createdAt: change.at })
          await tx.update(operators).set({ lastSignedInAt: change.at }).where(eq(operators.id, operator.id))
          const secondFactor: SecondFactor = proof.kind
          await events.emit(tx, 'operator.signed-in', {
            ...change,
            target: target(operator.id),
            after: { secondFactor },
            payload: { operatorId: operator.id, secondFactor },
          })
          return true
        })
      } catch (error) {
        if (error instanceof FactorAlreadyUsed) return false
        throw error
      }
    },

    /** A failed sign-in, for the audit log: the operator the address named, or the address itself. */
    async recordFailure(
      input: { operatorId: string | null; mailAddress: string; failure: SignInFailure },
      actor: AnonymousActor,
      at: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await events.emit(tx, 'operator.sign-in-failed', {
          actor,
          at,
          target: input.operatorId
            ? target(input.operatorId)
            : { kind: 'operator-mail', id: input.mailAddress },
          after: { failure: input.failure },
          payload: { operatorId: input.operatorId, failure: input.failure },
        })
      })
    },

    /** A session by the hash of its id, with its operator's role and standing. */
    async findSession(idHash: string) {
      const [row] = await db
        .select({
          session: operatorSessions,
          role: operators.role,
          disabledAt: operators.disabledAt,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.idHash, idHash))
      return row ?? null
    },

    async touchSession(idHash: string, at: Date): Promise<void> {
      await db.update(operatorSessions).set({ lastSeenAt: at }).where(eq(operatorSessions.idHash, idHash))
    },

    /** A session past its end is forgotten (no event: nobody did anything). */
    async dropSession(idHash: string): Promise<void> {
      await db.delete(operatorSessions).where(eq(operatorSessions.idHash, idHash))
    },

    /** The operator signs out: the session ends, and the event says so. */
    async signOut(operatorId: string, idHash: string, change: Change): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(operatorSessions).where(eq(operatorSessions.idHash, idHash))
        await events.emit(tx, 'operator.signed-out', {
          ...change,
          target: target(operatorId),
          payload: { operatorId },
        })
      })
    },

    /** The browsers an operator signed in from (`auth/sign-in-limits.ts`). */
    browsers: {
      async isKnown(tokenHash: string, operatorId: string): Promise<boolean> {
        const [row] = await db
          .select({ tokenHash: operatorSignInDevices.tokenHash })
          .from(operatorSignInDevices)
          .where(
            and(
              eq(operatorSignInDevices.tokenHash, tokenHash),
              eq(operatorSignInDevices.operatorId, operatorId),
            ),
          )
        return row !== undefined
      },
      async remember(tokenHash: string, operatorId: string, at: Date): Promise<void> {
        await db
          .insert(operatorSignInDevices)
          .values({ tokenHash, operatorId, createdAt: at, lastUsedAt: at })
          .onConflictDoUpdate({
            target: [operatorSignInDevices.tokenHash, operatorSignInDevices.operatorId],
            set: { lastUsedAt: at },
          })
      },
    },

    /** Housekeeping: sessions past their end, and browsers unused since `browsersBefore`. */
    async sweep(sessionsIdleBefore: Date, now: Date, browsersBefore: Date): Promise<void> {
      await db
        .delete(operatorSessions)
        .where(or(lt(operatorSessions.expiresAt, now), lt(operatorSessions.lastSeenAt, sessionsIdleBefore)))
      await db.delete(operatorSignInDevices).where(lt(operatorSignInDevices.lastUsedAt, browsersBefore))
    },
  }
}

/** Thrown inside the sign-in's transaction to undo it when its second factor was used meanwhile. */
class FactorAlreadyUsed extends Error {}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>
