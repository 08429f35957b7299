import { AppError } from '../../http/errors'
import {
  accountSubject,
  type FailureCounts,
  ipSubject,
  type PenaltiesRepository,
  type PurigetPenalty,
} from './penalties.repository'

const HOUR = 60 * 60 * 1000

/**
 * Puri-getting penalty (DESIGN §4, decision 0012). A failure is a lookup of a well-formed seal ID
 * that does not exist. 10 in an hour, per account or per client address → YELLOW: lookups refused
 * for an hour. 30 in a day for an account → RED until an operator clears it. Addresses never turn
 * RED (one address is shared by many phones behind a carrier); accounts are what an operator clears.
 */
export const PENALTY_RULES = {
  yellowFailures: 10,
  hourMs: HOUR,
  yellowMs: HOUR,
  redFailures: 30,
  dayMs: 24 * HOUR,
} as const

/** Who is getting puri: the signed-in account (null for a guest), the client address, and "now". */
export interface PurigetCaller {
  accountId: string | null
  ip: string
  now: Date
}

export interface PenaltyState {
  penalty: PurigetPenalty
  /** When YELLOW ends; null otherwise. */
  yellowUntil: Date | null
}

function yellowError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return new AppError('PURIGET_PENALTY_YELLOW', 'too many unknown seal IDs: puri getting paused', {
    'retry-after': String(seconds),
  })
}

export function createPenaltyService(deps: { repo: PenaltiesRepository }) {
  const { repo } = deps

  /** Counts one failure for a subject; answers its YELLOW end when it is (or just became) YELLOW. */
  async function countFor(subject: string, accountId: string | null, now: Date) {
    const counts: FailureCounts = await repo.countFailure(subject, accountId, now, PENALTY_RULES)
    const stillYellow = counts.yellowUntil !== null && counts.yellowUntil > now
    if (stillYellow) return { counts, yellowUntil: counts.yellowUntil, lapsed: false }
    if (counts.hourFailures >= PENALTY_RULES.yellowFailures) {
      const until = new Date(now.getTime() + PENALTY_RULES.yellowMs)
      await repo.setYellowUntil(subject, until)
      return { counts, yellowUntil: until, lapsed: false }
    }
    if (counts.yellowUntil !== null) await repo.setYellowUntil(subject, null)
    return { counts, yellowUntil: null, lapsed: counts.yellowUntil !== null }
  }

  return {
    /**
     * Throws PURIGET_PENALTY_RED (403) or PURIGET_PENALTY_YELLOW (429, Retry-After) when the caller
     * may not get puri now. One query: a primary-key read (plus the account row for a member).
     */
    async assertMayGetPuri(caller: PurigetCaller): Promise<void> {
      const { penalty, yellowUntil } = await repo.check(caller.accountId, caller.ip)
      if (penalty === 'RED') {
        throw new AppError('PURIGET_PENALTY_RED', 'puri getting stopped until an operator clears the penalty')
      }
      if (yellowUntil && yellowUntil > caller.now) throw yellowError(yellowUntil, caller.now)
    },

    /**
     * A lookup of a well-formed but unknown seal ID: counts it for the address and the account,
     * moves them to YELLOW or RED (writing the account's penalty), and answers the caller's state.
     */
    async recordLookupFailure(caller: PurigetCaller): Promise<PenaltyState> {
      const { accountId, ip, now } = caller
      const byIp = await countFor(ipSubject(ip), null, now)
      let penalty: PurigetPenalty = byIp.yellowUntil ? 'YELLOW' : 'GREEN'
      let yellowUntil = byIp.yellowUntil
      if (accountId) {
        const byAccount = await countFor(accountSubject(accountId), accountId, now)
        if (byAccount.counts.dayFailures >= PENALTY_RULES.redFailures) {
          await repo.setAccountPenalty(accountId, 'RED')
          return { penalty: 'RED', yellowUntil: null }
        }
        if (byAccount.yellowUntil) {
          await repo.setAccountPenalty(accountId, 'YELLOW')
          penalty = 'YELLOW'
          if (!yellowUntil || byAccount.yellowUntil > yellowUntil) yellowUntil = byAccount.yellowUntil
        } else if (byAccount.lapsed) {
          await repo.setAccountPenalty(accountId, 'GREEN')
        }
      }
      return { penalty, yellowUntil }
    },

    /** The account's own penalty at `now`: RED as stored, YELLOW while it lasts, else GREEN. */
    async statusOf(accountId: string, now: Date): Promise<PenaltyState> {
      const state = await repo.accountState(accountId)
      if (state?.penalty === 'RED') return { penalty: 'RED', yellowUntil: null }
      if (state?.yellowUntil && state.yellowUntil > now)
        return { penalty: 'YELLOW', yellowUntil: state.yellowUntil }
      return { penalty: 'GREEN', yellowUntil: null }
    },

    /** For the operator console: back to GREEN, counters forgotten. False when there is no such account. */
    clearPenalty(accountId: string): Promise<boolean> {
      return repo.clear(accountId)
    },

    /** Housekeeping: drops counters that no longer matter. */
    sweep(now: Date): Promise<void> {
      return repo.sweep(now, PENALTY_RULES)
    },
  }
}

export type PenaltyService = ReturnType<typeof createPenaltyService>
