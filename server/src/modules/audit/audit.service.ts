import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import { type Actor, systemActor } from '../actor'
import type { EventEnvelope } from '../events'
import { canReadAuditLog, seesPersonalData } from './audit.policy'
import {
  type AuditCursor,
  type AuditRepository,
  type AuditRow,
  type AuditSearch,
  type NewAuditEntry,
  retentionCutoff,
} from './audit.repository'
import { MASKED, maskPersonalData } from './personal-data'

/** The retention job's name, as its entries and the housekeeping list say it. */
export const AUDIT_RETENTION_JOB = 'audit log retention'

/** One entry as an operator reads it. */
export interface AuditEntry {
  id: number
  at: Date
  actor: {
    kind: AuditRow['actorKind']
    operatorId: string | null
    operatorMailAddress: string | null
    job: string | null
  }
  action: string
  target: { kind: string; id: string }
  reason: string | null
  before: unknown
  after: unknown
  clientIp: string | null
}

export interface AuditPage {
  entries: AuditEntry[]
  /** Where the next page starts; null on the last page. */
  next: AuditCursor | null
}

/** Target kinds whose id is itself personal data (a failed sign-in names the mail address tried). */
const PERSONAL_TARGET_KINDS = new Set(['operator-mail'])

/**
 * What an event becomes in the log, or null when it is not recorded: a member's own changes are
 * theirs and stay out (decision 0069); operators', the system's and strangers' are recorded.
 */
export function auditEntryOf(event: EventEnvelope): NewAuditEntry | null {
  const { actor } = event
  if (actor.kind === 'member') return null
  return {
    at: event.at,
    actorKind: actor.kind,
    operatorId: actor.kind === 'operator' ? actor.operatorId : null,
    job: actor.kind === 'system' ? actor.job : null,
    action: event.name,
    targetKind: event.target.kind,
    targetId: event.target.id,
    reason: event.reason,
    before: event.before,
    after: event.after,
    clientIp: actor.kind === 'system' ? null : actor.ip,
  }
}

function present(row: AuditRow, masked: boolean): AuditEntry {
  const entry: AuditEntry = {
    id: row.id,
    at: row.at,
    actor: {
      kind: row.actorKind,
      operatorId: row.operatorId,
      operatorMailAddress: row.operatorMailAddress,
      job: row.job,
    },
    action: row.action,
    target: { kind: row.targetKind, id: row.targetId },
    reason: row.reason,
    before: row.before,
    after: row.after,
    clientIp: row.clientIp,
  }
  if (!masked) return entry
  return {
    ...entry,
    target: PERSONAL_TARGET_KINDS.has(row.targetKind) ? { kind: row.targetKind, id: MASKED } : entry.target,
    before: maskPersonalData(row.before, row.targetKind),
    after: maskPersonalData(row.after, row.targetKind),
    clientIp: row.clientIp === null ? null : MASKED,
  }
}

export function createAuditService(deps: { repo: AuditRepository }) {
  const { repo } = deps
  return {
    /** The bus's subscriber to every event: writes its entry in the change's own transaction. */
    async recordEvent(tx: Database, event: EventEnvelope): Promise<void> {
      const entry = auditEntryOf(event)
      if (entry) await repo.record(tx, entry)
    },

    /** A page of the log, newest first, as the operator may read it. */
    async search(viewer: Actor, query: AuditSearch): Promise<AuditPage> {
      if (!canReadAuditLog(viewer)) throw new AppError('FORBIDDEN', 'only operators read the audit log')
      const rows = await repo.search(query)
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return {
        entries: page.map((row) => present(row, !seesPersonalData(viewer))),
        next: rows.length > query.limit && last ? { at: last.at, id: last.id } : null,
      }
    },

    /**
     * Removes the entries past the retention period, as the system; the removal is itself an entry
     * (how many, and before when). Answers how many went.
     */
    removeExpired(now: Date): Promise<number> {
      const cutoff = retentionCutoff(now)
      const actor = systemActor(AUDIT_RETENTION_JOB)
      return repo.removeExpired(cutoff, (removed) => ({
        at: now,
        actorKind: actor.kind,
        operatorId: null,
        job: actor.job,
        action: 'audit.expired-removed',
        targetKind: 'audit-log',
        targetId: 'audit-log',
        reason: null,
        before: null,
        after: { removed, before: cutoff.toISOString() },
        clientIp: null,
      }))
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
