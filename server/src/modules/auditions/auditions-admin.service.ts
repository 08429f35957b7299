import {
  type AdminAudition,
  type AdminAuditionApplication,
  type AdminAuditionApplicationsPage,
  type AdminAuditionDetail,
  type AdminAuditionPage,
  AUDITION_ID_PATTERN,
  type AuditionApplicationsQuery,
  type AuditionChange,
  type AuditionClose,
  type AuditionCreate,
  type AuditionListQuery,
  type AuditionProgress,
} from '@puribox/contract/admin-auditions'
import { AUDITION_CHECK_STATES } from '@puribox/contract/auditions'
import { parseJst } from '@puribox/contract/time'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import { seesPersonalData } from '../audit/audit.policy'
import { MASKED } from '../audit/personal-data'
import type { ChangeContext } from '../change'
import { type AuditionAction, can } from './auditions.policy'
import type { AuditionApplicationRow, AuditionRow } from './auditions.repository'
import {
  type AuditionCounts,
  type AuditionFields,
  type AuditionListed,
  type AuditionStepDecision,
  type AuditionsAdminRepository,
  auditionStateAt,
} from './auditions-admin.repository'

function present(row: AuditionListed, now: Date): AdminAudition {
  return {
    id: row.id,
    state: auditionStateAt(row, now),
    title: row.title,
    organizer: row.organizer,
    description: row.description,
    minAge: row.minAge,
    maxAge: row.maxAge,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    applicationsSent: row.applicationsSent,
  }
}

function progressOf(counts: AuditionCounts): AuditionProgress {
  const checks = Object.fromEntries(AUDITION_CHECK_STATES.map((state) => [state, 0])) as Record<
    (typeof AUDITION_CHECK_STATES)[number],
    number
  >
  for (const row of counts.checks) checks[row.state] = row.count
  const consents = { PENDING: 0, EXPIRED: 0, AGREED: 0, DECLINED: 0 }
  for (const row of counts.consents) {
    if (row.state === 'PENDING') {
      consents.PENDING += row.count - row.expired
      consents.EXPIRED += row.expired
    } else consents[row.state] += row.count
  }
  return {
    applicants: counts.applicants,
    guardianConsents: consents,
    identityChecks: checks,
    sent: counts.sent,
  }
}

/** A time the application's record keeps in Japan time, as the console's instants are. */
function instantOfJst(text: string): string {
  return (parseJst(text) ?? new Date(Number.NaN)).toISOString()
}

function applicationOf(row: AuditionApplicationRow, personal: boolean): AdminAuditionApplication {
  const { sent } = row
  return {
    referenceNumber: row.referenceNumber,
    accountId: personal ? row.accountId : MASKED,
    birthday: personal || sent.birthday === null ? sent.birthday : MASKED,
    age: sent.age,
    sentAt: row.sentAt.toISOString(),
    identityCheckedAt: instantOfJst(sent.identityCheck.completedAt),
    guardianConsent: sent.guardianConsent && {
      relation: sent.guardianConsent.relation,
      consentedAt: instantOfJst(sent.guardianConsent.consentedAt),
    },
  }
}

const invalid = (message: string): never => {
  throw new AppError('VALIDATION_FAILED', message)
}

/** The ages and the window of an audition as they would be, checked whole (the table's own rules, and an end to come). */
function checkWhole(fields: AuditionFields, now: Date, endChanged: boolean): void {
  if (fields.minAge > fields.maxAge) invalid('maxAge is at least minAge')
  if (Number.isNaN(fields.opensAt.getTime()) || Number.isNaN(fields.closesAt.getTime()))
    invalid('opensAt and closesAt are times')
  if (!(fields.closesAt.getTime() > fields.opensAt.getTime())) invalid('closesAt comes after opensAt')
  if (endChanged && !(fields.closesAt.getTime() > now.getTime()))
    invalid('closesAt is a time to come (closing now is the close route)')
}

const notFound = () => new AppError('AUDITION_NOT_FOUND', 'no audition has this id')

/**
 * The operators' side of auditions (decision 0080): the list by state, one audition with how far its
 * applications got, the applications sent (personal fields masked unless the actor sees personal
 * data), and writing, changing and closing one. Every function takes the actor and asks the policy
 * first; every change is one transaction of the repository with its event, which the audit log
 * records. Members see a change at their next request: their list reads the table every time.
 */
export function createAuditionsAdminService(deps: { repo: AuditionsAdminRepository; clock: Clock }) {
  const { repo, clock } = deps

  function allow(actor: Actor, action: AuditionAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} auditions`)
  }

  function changeBy(actor: Actor, reason: string | undefined): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  async function detail(row: AuditionListed, now: Date): Promise<AdminAuditionDetail> {
    return { ...present(row, now), progress: progressOf(await repo.counts(row.id, now)) }
  }

  async function found(id: string): Promise<AuditionListed> {
    const row = AUDITION_ID_PATTERN.test(id) ? await repo.find(id) : null
    if (!row) throw notFound()
    return row
  }

  /** Takes a step with an audition, answering it as it is after; AUDITION_NOT_FOUND when there is none. */
  async function step(
    actor: Actor,
    id: string,
    reason: string | undefined,
    decide: (row: AuditionRow, now: Date) => AuditionStepDecision,
  ): Promise<AdminAuditionDetail> {
    const change = changeBy(actor, reason)
    const row = AUDITION_ID_PATTERN.test(id)
      ? await repo.step(id, change, (locked) => decide(locked, change.at))
      : null
    if (!row) throw notFound()
    return detail(row, change.at)
  }

  return {
    async list(actor: Actor, query: AuditionListQuery): Promise<AdminAuditionPage> {
      allow(actor, 'read')
      const now = clock.now()
      const rows = await repo.list({ state: query.state, now, after: query.after, limit: query.limit })
      const page = rows.slice(0, query.limit)
      return {
        items: page.map((row) => present(row, now)),
        next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      }
    },

    async audition(actor: Actor, id: string): Promise<AdminAuditionDetail> {
      allow(actor, 'read')
      return detail(await found(id), clock.now())
    },

    async applications(
      actor: Actor,
      id: string,
      query: AuditionApplicationsQuery,
    ): Promise<AdminAuditionApplicationsPage> {
      allow(actor, 'read')
      await found(id)
      const rows = await repo.applications({ auditionId: id, after: query.after, limit: query.limit })
      const page = rows.slice(0, query.limit)
      const personal = seesPersonalData(actor)
      return {
        items: page.map((row) => applicationOf(row, personal)),
        next: rows.length > query.limit ? (page.at(-1)?.referenceNumber ?? null) : null,
      }
    },

    /** A new audition: members of its ages see it from its opening (which may be now). */
    async create(actor: Actor, input: AuditionCreate): Promise<AdminAuditionDetail> {
      allow(actor, 'create')
      const change = changeBy(actor, input.reason)
      const fields: AuditionFields = {
        title: input.title,
        organizer: input.organizer,
        description: input.description,
        minAge: input.minAge,
        maxAge: input.maxAge,
        opensAt: new Date(input.opensAt),
        closesAt: new Date(input.closesAt),
      }
      checkWhole(fields, change.at, true)
      const row = await repo.create(input.id, fields, change)
      if (!row) throw new AppError('AUDITION_TAKEN', 'an audition has this id already')
      return detail(row, change.at)
    },

    /**
     * Changes the fields given of an audition not closed, checked whole again. Its opening changes
     * only while it is to come: once members may have begun, moving it would hide it from them.
     */
    async change(actor: Actor, id: string, input: AuditionChange): Promise<AdminAuditionDetail> {
      allow(actor, 'change')
      const { reason, opensAt, closesAt, ...given } = input
      return step(actor, id, reason, (row, now) => {
        const state = auditionStateAt(row, now)
        if (state === 'closed')
          throw new AppError('AUDITION_STATE_CONFLICT', 'a closed audition stays as it closed')
        const opens = opensAt !== undefined ? new Date(opensAt) : row.opensAt
        const closes = closesAt !== undefined ? new Date(closesAt) : row.closesAt
        if (state !== 'upcoming' && opens.getTime() !== row.opensAt.getTime()) {
          throw new AppError('AUDITION_STATE_CONFLICT', 'the audition has opened: its opening stays')
        }
        const fields: AuditionFields = {
          title: given.title ?? row.title,
          organizer: given.organizer ?? row.organizer,
          description: given.description ?? row.description,
          minAge: given.minAge ?? row.minAge,
          maxAge: given.maxAge ?? row.maxAge,
          opensAt: opens,
          closesAt: closes,
        }
        checkWhole(fields, now, closes.getTime() !== row.closesAt.getTime())
        return { event: 'auditions.changed', fields }
      })
    },

    /**
     * Closes the audition now. One still to come was never open to anyone: its opening moves to just
     * before the close, as the table wants an opening before the end.
     */
    async close(actor: Actor, id: string, input: AuditionClose): Promise<AdminAuditionDetail> {
      allow(actor, 'close')
      return step(actor, id, input.reason, (row, now) => {
        const state = auditionStateAt(row, now)
        if (state === 'closed')
          throw new AppError('AUDITION_STATE_CONFLICT', 'the audition is closed already')
        const fields: Partial<AuditionFields> = { closesAt: now }
        if (state === 'upcoming') fields.opensAt = new Date(now.getTime() - 1)
        return { event: 'auditions.closed', fields }
      })
    },
  }
}

export type AuditionsAdminService = ReturnType<typeof createAuditionsAdminService>
