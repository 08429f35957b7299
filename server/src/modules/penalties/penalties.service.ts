import type { PurigetStanding } from '@puribox/contract/errors'
import { AUTOMATIC_RED_REASON } from '@puribox/contract/penalty-reasons'
import { formatJst } from '@puribox/contract/time'
import { sha256 } from '../../crypto/hash'
import { AppError } from '../../http/errors'
import { type Actor, systemActor } from '../actor'
import type { PenaltySet } from './penalties.events'
import { can, PURIGET_RULES_JOB } from './penalties.policy'
import {
  accountSubject,
  type FailureCounts,
  guestSubject,
  ipSubject,
  otherSiteSubject,
  type PenaltiesRepository,
  type PenaltyDecision,
  type PenaltyReasons,
  type PurigetPenalty,
} from './penalties.repository'
import type { PenaltyKind } from './penalties.schema'
import { createPenaltyBoard } from './penalty-board'

const HOUR = 60 * 60 * 1000

/**
 * Puri-getting penalty (decisions 0012 and 0034; docs/guide/ground-rules.md). A failure is a lookup of a well-formed
 * seal ID that does not exist, and each such ID counts once per window. A person — a member's
 * account, a guest's browser — may try 10 in an hour; then lookups are refused for an hour (YELLOW).
 * The guests on one client address together may try 100 in an hour (the backstop against a guesser
 * who throws the browser's cookie away, high enough that a busy shop's Wi-Fi is not held by one
 * person); members are never held by their address. An account with 30 in a day turns RED until an
 * operator clears it; guests and addresses never turn RED (nobody could clear them).
 */
export const PENALTY_RULES = {
  personHourLimit: 10,
  addressHourLimit: 100,
  hourMs: HOUR,
  yellowMs: HOUR,
  redFailures: 30,
  dayMs: 24 * HOUR,
} as const

/**
 * Who is getting puri: the signed-in account (null for a guest), a guest's browser key (its
 * `pbx_puriget` cookie; null for a member, or a guest the server has not given one), the client
 * address, whether the browser marked the lookup as another site's, and "now".
 */
export interface PurigetCaller {
  accountId: string | null
  guestKey: string | null
  ip: string
  /**
   * The browser marked the lookup as made by another site's page (an `<img>` or link there). Such a
   * guest lookup counts only against the address's other-site lookups, never against its guests:
   * otherwise any page could put a pause on every guest behind a carrier's shared address with a
   * hundred `<img>` tags. A script that sends the mark to dodge the address's count is counted
   * there, with the same limit, so the backstop against guessing stands.
   */
  otherSite: boolean
  now: Date
}

export interface PenaltyState {
  penalty: PurigetPenalty
  /** When YELLOW ends; null otherwise. */
  yellowUntil: Date | null
}

/** The caller's state after an unknown seal ID, and how far it is from being stopped. */
export interface FailureOutcome extends PenaltyState {
  /** Unknown IDs the caller may still try before lookups stop (0: they have stopped). */
  triesLeft: number
  /** What stops them when `triesLeft` runs out. */
  stopsWith: 'YELLOW' | 'RED'
}

/** The error answer's `penalty` (contract `PurigetStanding`): Japan time on the wire. */
export function purigetStanding(outcome: FailureOutcome): PurigetStanding {
  return {
    triesLeft: outcome.triesLeft,
    stopsWith: outcome.stopsWith,
    pausedUntil: outcome.yellowUntil ? formatJst(outcome.yellowUntil) : null,
  }
}

function yellowError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  const outcome: FailureOutcome = { penalty: 'YELLOW', yellowUntil: until, triesLeft: 0, stopsWith: 'YELLOW' }
  return new AppError(
    'PURIGET_PENALTY_YELLOW',
    'too many unknown seal IDs: puri getting paused',
    { 'retry-after': String(seconds) },
    { penalty: purigetStanding(outcome) },
  )
}

const RED: FailureOutcome = { penalty: 'RED', yellowUntil: null, triesLeft: 0, stopsWith: 'RED' }

function redError(): AppError {
  return new AppError(
    'PURIGET_PENALTY_RED',
    'puri getting stopped until an operator clears the penalty',
    {},
    { penalty: purigetStanding(RED) },
  )
}

/** What a caller is counted as: one subject per window kept about them, with its hourly limit. */
interface Counted {
  subject: string
  accountId: string | null
  hourLimit: number
}

function subjectsOf(caller: Pick<PurigetCaller, 'accountId' | 'guestKey' | 'ip' | 'otherSite'>): Counted[] {
  if (caller.accountId) {
    return [
      {
        subject: accountSubject(caller.accountId),
        accountId: caller.accountId,
        hourLimit: PENALTY_RULES.personHourLimit,
      },
    ]
  }
  if (caller.otherSite) {
    return [
      { subject: otherSiteSubject(caller.ip), accountId: null, hourLimit: PENALTY_RULES.addressHourLimit },
    ]
  }
  return [
    ...(caller.guestKey
      ? [
          {
            subject: guestSubject(sha256(caller.guestKey, 'base64url')),
            accountId: null,
            hourLimit: PENALTY_RULES.personHourLimit,
          },
        ]
      : []),
    { subject: ipSubject(caller.ip), accountId: null, hourLimit: PENALTY_RULES.addressHourLimit },
  ]
}

/**
 * @param boardRefreshMs how old this process's copy of the penalties in force may get (decision
 *   0028, "The board"; config PENALTY_BOARD_REFRESH_MS); 0 reads it for every lookup.
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
  const setAccountPenalty = async (accountId: string, penalty: Exclude<PurigetPenalty, 'RED'>) => {
    await repo.setAccountPenalty(accountId, penalty)
  }
  /**
   * The day's unknown seal IDs reached the limit: the account turns RED, as the rules' decision
   * (audited), unless a RED is in force already (an operator's reason stays).
   */
  const turnRed = async (accountId: string, now: Date) => {
    await repo.set(
      { actor: systemActor(PURIGET_RULES_JOB), at: now, note: null },
      accountId,
      { kind: 'PURIGET', penalty: 'RED', reason: AUTOMATIC_RED_REASON },
      { keepInForce: true },
    )
    board.note({ kind: 'red', accountId, red: true })
  }
  const allow = (actor: Actor, action: 'set' | 'clear', kind: PenaltyKind) => {
    if (!can(actor, action, kind)) throw new AppError('FORBIDDEN', `may not ${action} a ${kind} penalty`)
  }

  /** Counts an unknown ID for a subject; answers its YELLOW end when it is (or just became) YELLOW. */
  async function countFor(counted: Counted, sealId: string, now: Date) {
    const counts: FailureCounts = await repo.countFailure(
      counted.subject,
      counted.accountId,
      sealId,
      now,
      PENALTY_RULES,
    )
    const hourLeft = Math.max(0, counted.hourLimit - counts.hourFailures)
    const stillYellow = counts.yellowUntil !== null && counts.yellowUntil > now
    if (stillYellow) return { counts, hourLeft: 0, yellowUntil: counts.yellowUntil, lapsed: false }
    if (hourLeft === 0) {
      const until = new Date(now.getTime() + PENALTY_RULES.yellowMs)
      await setYellowUntil(counted.subject, until)
      return { counts, hourLeft, yellowUntil: until, lapsed: false }
    }
    if (counts.yellowUntil !== null) await setYellowUntil(counted.subject, null)
    return { counts, hourLeft, yellowUntil: null, lapsed: counts.yellowUntil !== null }
  }

  /** A member's unknown ID: counted for the account alone (never the address), towards YELLOW and RED. */
  async function memberFailure(counted: Counted, accountId: string, sealId: string, now: Date) {
    const byAccount = await countFor(counted, sealId, now)
    const dayLeft = Math.max(0, PENALTY_RULES.redFailures - byAccount.counts.dayFailures)
    if (dayLeft === 0) {
      await turnRed(accountId, now)
      return RED
    }
    if (byAccount.yellowUntil) {
      await setAccountPenalty(accountId, 'YELLOW')
      return {
        penalty: 'YELLOW',
        yellowUntil: byAccount.yellowUntil,
        triesLeft: 0,
        stopsWith: 'YELLOW',
      } as const
    }
    if (byAccount.lapsed) await setAccountPenalty(accountId, 'GREEN')
    return {
      penalty: 'GREEN',
      yellowUntil: null,
      triesLeft: Math.min(byAccount.hourLeft, dayLeft),
      stopsWith: dayLeft <= byAccount.hourLeft ? 'RED' : 'YELLOW',
    } as const
  }

  return {
    /**
     * Throws PURIGET_PENALTY_RED (403) or PURIGET_PENALTY_YELLOW (429, Retry-After) when the caller
     * may not get puri now: a member by their account, a guest by their browser or their address.
     * Read from this process's board: no query, but once a second.
     */
    async assertMayGetPuri(caller: PurigetCaller): Promise<void> {
      const { red, yellowUntil } = await board.current()
      if (caller.accountId && red.has(caller.accountId)) throw redError()
      const ends = subjectsOf(caller)
        .map(({ subject }) => yellowUntil.get(subject))
        .filter((end): end is Date => end !== undefined && end > caller.now)
      if (ends.length > 0) {
        throw yellowError(new Date(Math.max(...ends.map((end) => end.getTime()))), caller.now)
      }
    },

    /**
     * A lookup of a well-formed but unknown seal ID (`sealId`, canonical): counts it for the caller
     * — once per window, however often it is asked — moves them to YELLOW or RED (writing an
     * account's penalty), and answers their state and how many tries are left.
     */
    async recordLookupFailure(caller: PurigetCaller, sealId: string): Promise<FailureOutcome> {
      const { accountId, now } = caller
      const subjects = subjectsOf(caller)
      if (accountId) return memberFailure(subjects[0]!, accountId, sealId, now)
      const counted = []
      for (const subject of subjects) counted.push(await countFor(subject, sealId, now))
      const ends = counted.flatMap((c) => (c.yellowUntil ? [c.yellowUntil.getTime()] : []))
      if (ends.length > 0) {
        return {
          penalty: 'YELLOW',
          yellowUntil: new Date(Math.max(...ends)),
          triesLeft: 0,
          stopsWith: 'YELLOW',
        }
      }
      return {
        penalty: 'GREEN',
        yellowUntil: null,
        triesLeft: Math.min(...counted.map((c) => c.hourLeft)),
        stopsWith: 'YELLOW',
      }
    },

    /** The account's own penalty at `now`: RED as stored, YELLOW while it lasts, else GREEN. */
    async statusOf(accountId: string, now: Date): Promise<PenaltyState> {
      const state = await repo.accountState(accountId)
      if (state?.penalty === 'RED') return { penalty: 'RED', yellowUntil: null }
      if (state?.yellowUntil && state.yellowUntil > now)
        return { penalty: 'YELLOW', yellowUntil: state.yellowUntil }
      return { penalty: 'GREEN', yellowUntil: null }
    },

    /**
     * Sets or changes a penalty with the reason the member is told and the operator's note (decision
     * 0069: the actor, the policy, one transaction with its event). SET, or UNCHANGED when it was so
     * already; null when there is no such account. A RED holds this process's lookups at once, and
     * the others' within their board's refresh.
     */
    async setPenalty(
      actor: Actor,
      accountId: string,
      set: PenaltySet,
      note: string | null,
      now: Date,
    ): Promise<'SET' | 'UNCHANGED' | null> {
      allow(actor, 'set', set.kind)
      const outcome = await repo.set({ actor, at: now, note }, accountId, set)
      if (outcome === 'SET' && set.kind === 'PURIGET') board.note({ kind: 'red', accountId, red: true })
      return outcome
    },

    /**
     * Lifts a penalty: SNS back to none; puri getting back to GREEN with the counters of unknown seal
     * IDs forgotten, so a YELLOW ends too. NOT_SET when there was nothing in force (a YELLOW that
     * lapsed, or no penalty); null when there is no such account.
     */
    async clearPenalty(
      actor: Actor,
      accountId: string,
      kind: PenaltyKind,
      note: string | null,
      now: Date,
    ): Promise<'CLEARED' | 'NOT_SET' | null> {
      allow(actor, 'clear', kind)
      const outcome = await repo.clear({ actor, at: now, note }, accountId, kind, (stored, yellowUntil) =>
        kind === 'SNS'
          ? stored.snsPenalty !== null
          : stored.purigetPenalty === 'RED' || (yellowUntil !== null && yellowUntil > now),
      )
      if (outcome === 'CLEARED' && kind === 'PURIGET') {
        board.note({ kind: 'red', accountId, red: false })
        board.note({ kind: 'yellow', subject: accountSubject(accountId), until: null })
      }
      return outcome
    },

    /** Why and by whom the account's penalties in force were set, for the operators' console. */
    decisionsOf(accountId: string): Promise<PenaltyDecision[]> {
      return repo.decisionsOf(accountId)
    },

    /** The reason codes of the account's penalties in force, which the member's pages tell. */
    reasonsOf(accountId: string): Promise<PenaltyReasons> {
      return repo.reasonsOf(accountId)
    },

    /** Housekeeping: drops counters that no longer matter. */
    sweep(now: Date): Promise<void> {
      return repo.sweep(now, PENALTY_RULES)
    },
  }
}

export type PenaltyService = ReturnType<typeof createPenaltyService>
