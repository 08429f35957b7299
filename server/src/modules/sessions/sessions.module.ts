import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import type { Actor } from '../actor'
import type { AppModule } from '../module'
import { canEndSessionsOf } from './sessions.policy'
import { registerSessionsRoutes } from './sessions.routes'

/** An operator signs a member out everywhere (the console's Members area). */
export interface OperatorSignOut {
  /**
   * Every session of the account ends at once, in one transaction with its
   * `sessions.ended-by-operator` event (`note`: the operator's words, for the audit log). Answers
   * how many there were. The caller makes sure the account exists.
   */
  endEverywhere(actor: Actor, accountId: string, note: string | null, now: Date): Promise<number>
}

declare module '../module' {
  interface Services {
    operatorSignOut: OperatorSignOut
  }
}

/**
 * Sessions. The session service itself belongs to the app's request context (`buildApp` builds it
 * before any module, since every route reads the caller from it); the module's part is its rows,
 * the member's list of their sessions with signing out everywhere, and an operator signing a member
 * out everywhere (asked for, or with a SUSPENSION).
 */
export const sessionsModule: AppModule = {
  name: 'sessions',
  register({ app, db, context, events }) {
    registerSessionsRoutes(app, { context })

    async function endByOperator(
      tx: Database,
      change: { actor: Actor; at: Date; reason: string | null },
      accountId: string,
    ): Promise<number> {
      const ended = await context.sessions.endAllCounted(accountId, tx)
      await events.emit(tx, 'sessions.ended-by-operator', {
        ...change,
        target: { kind: 'account', id: accountId },
        before: { sessions: ended },
        after: { sessions: 0 },
        payload: { accountId, ended },
      })
      return ended
    }

    // An account deleted: every session of it ends.
    events.on('account.deleted', 'sessions', (tx, event) =>
      context.sessions.endAllOf(event.payload.accountId, tx),
    )
    // A suspended account may not sign in: the sessions it has end with the penalty, at once.
    events.on('penalty.set', 'sessions', async (tx, event) => {
      if (event.payload.kind !== 'SNS' || event.payload.penalty !== 'SUSPENSION') return
      if (event.actor.kind === 'anonymous') return
      await endByOperator(
        tx,
        { actor: event.actor, at: event.at, reason: event.reason },
        event.payload.accountId,
      )
    })

    const operatorSignOut: OperatorSignOut = {
      async endEverywhere(actor, accountId, note, now) {
        if (!canEndSessionsOf(actor, accountId))
          throw new AppError('FORBIDDEN', "may not end this member's sessions")
        return db.transaction((tx) => endByOperator(tx, { actor, at: now, reason: note }, accountId))
      },
    }
    return { provides: { operatorSignOut } }
  },
}
