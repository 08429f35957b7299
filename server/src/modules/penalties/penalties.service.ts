import { AppError } from '../../http/errors'
import {
  accountSubject,
  type FailureCounts,
  ipSubject,
  type PenaltiesRepository,
  type PurigetPenalty,
} from './penalties.repository'
import { createPenaltyBoard } from './penalty-board'

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

/**
 * @param boardRefreshMs how old this process's copy of the penalties in force may get (decision
 *   0012, "The board"; config PENALTY_BOARD_REFRESH_MS); 0 reads it for every lookup.
 */
export function createPenaltyService(deps: { repo: PenaltiesRepository; boardRefreshMs: number }) {
  const { repo } = deps
  const board = createPenaltyBoard({
    load: () => repo.loadBoard(),
    refreshMs: deps.boardRefreshMs,
  })
  const setYellowUntil = async (subject: string, until: Date | null) => {
    await repo.setYellowUntil(subject, until)
    board.note({ kind: 'yellow', subject, until })
  }
  const setAccountPenalty = async (accountId: string, penalty: PurigetPenalty) => {
    await repo.setAccountPenalty(accountId, penalty)
    if (penalty === 'RED') board.note({ kind: 'red', accountId, red: true })
  }

  /** Counts one failure for a subject; answers its YELLOW end when it is (or just became) YELLOW. */
  async function countFor(subject: string, accountId: string | null, now: Date) {
    const counts: FailureCounts = await repo.countFailure(subject, accountId, now, PENALTY_RULES)
    const stillYellow = counts.yellowUntil !== null && counts.yellowUntil > now
    if (stillYellow) return { counts, yellowUntil: counts.yellowUntil, lapsed: false }
    if (counts.hourFailures >= PENALTY_RULES.yellowFailures) {
      const until = new Date(now.getTime() + PENALTY_RULES.yellowMs)
      await setYellowUntil(subject, until)
      return { counts, yellowUntil: until, lapsed: false }
    }
    if (counts.yellowUntil !== null) await setYellowUntil(subject, null)
    return { counts, yellowUntil: null, lapsed: counts.yellowUntil !== null }
  }

  return {
    /**
     * Throws PURIGET_PENALTY_RED (403) or PURIGET_PENALTY_YELLOW (429, Retry-After) when the caller
     * may not get puri now. Read from this process's board: no query, but once a second.
     */
    async assertMayGetPuri(caller: PurigetCaller): Promise<void> {
      const { red, yellowUntil } = await board.current()
      if (caller.accountId && red.has(caller.accountId)) {
        throw new AppError('PURIGET_PENALTY_RED', 'puri getting stopped until an operator clears the penalty')
      }
      const ends = [ipSubject(caller.ip), ...(caller.accountId ? [accountSubject(caller.accountId)] : [])]
        .map((subject) => yellowUntil.get(subject))
        .filter((end): end is Date => end !== undefined && end > caller.now)
      if (ends.length > 0) {
        throw yellowError(new Date(Math.max(...ends.map((end) => end.getTime()))), caller.now)
      }
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
          await setAccountPenalty(accountId, 'RED')
          return { penalty: 'RED', yellowUntil: null }
        }
        if (byAccount.yellowUntil) {
          await setAccountPenalty(accountId, 'YELLOW')
          penalty = 'YELLOW'
          if (!yellowUntil || byAccount.yellowUntil > yellowUntil) yellowUntil = byAccount.yellowUntil
        } else if (byAccount.lapsed) {
          await setAccountPenalty(accountId, 'GREEN')
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
    async clearPenalty(accountId: string): Promise<boolean> {
      const cleared = await repo.clear(accountId)
      board.note({ kind: 'red', accountId, red: false })
      board.note({ kind: 'yellow', subject: accountSubject(accountId), until: null })
      return cleared
    },

    /** Housekeeping: drops counters that no longer matter. */
    sweep(now: Date): Promise<void> {
      return repo.sweep(now, PENALTY_RULES)
    },
  }
}

export type PenaltyService = ReturnType<typeof createPenaltyService>
