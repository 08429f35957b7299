import { and, desc, eq, getTableColumns, gte, lt, or, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { operators } from '../operators/operators.schema'
import { auditLog } from './audit.schema'

/** An entry, with the acting operator's mail address as it is now (null for the system, or a stranger). */
export type AuditRow = typeof auditLog.$inferSelect & { operatorMailAddress: string | null }
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id'>

/** Where a page of the log continues from: the last entry the previous page showed. */
export interface AuditCursor {
  at: Date
  id: number
}

export interface AuditSearch {
  operatorId?: string
  targetKind?: string
  targetId?: string
  action?: string
  /** Entries at or after this instant. */
  from?: Date
  /** Entries before this instant. */
  until?: Date
  /** Continue after this entry (newest first). */
  after?: AuditCursor
  limit: number
}

/** How long an entry is kept; the database refuses to delete a younger one. */
export const AUDIT_RETENTION_YEARS = 2

/** The instant before which entries may go: `now` less the retention, by the calendar. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS)
  return cutoff
}

/**
 * The audit log's only writer. It inserts and reads; the one deletion is the retention job's, of
 * entries past the retention period, which the database's triggers check again.
 */
export function createAuditRepository(db: Database) {
  return {
    /** Writes one entry inside the transaction of the change it records. */
    async record(tx: Database, entry: NewAuditEntry): Promise<void> {
      await tx.insert(auditLog).values(entry)
    },

    /** Newest first; one more than `limit` is read so the caller knows whether a next page exists. */
    async search(query: AuditSearch): Promise<AuditRow[]> {
      const conditions: SQL[] = []
      if (query.operatorId) conditions.push(eq(auditLog.operatorId, query.operatorId))
      if (query.targetKind) conditions.push(eq(auditLog.targetKind, query.targetKind))
      if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId))
      if (query.action) conditions.push(eq(auditLog.action, query.action))
      if (query.from) conditions.push(gte(auditLog.at, query.from))
      if (query.until) conditions.push(lt(auditLog.at, query.until))
      if (query.after) {
        const { at, id } = query.after
        const older = or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, id)))
        if (older) conditions.push(older)
      }
      return (
        db
          .select({ ...getTableColumns(auditLog), operatorMailAddress: operators.mailAddress })
          .from(auditLog)
          // A failed sign-in names the operator tried, not one who acted.
          .leftJoin(operators, and(eq(operators.id, auditLog.operatorId), eq(auditLog.actorKind, 'operator')))
          .where(and(...conditions))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(query.limit + 1)
      )
    },

    /**
     * Deletes the entries older than `cutoff` and records, in the same transaction, that it did
     * (with how many and up to when), so a gap in the log is never silent. Answers how many went.
     */
    async removeExpired(cutoff: Date, recordRemoval: (removed: number) => NewAuditEntry): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(auditLog)
          .where(lt(auditLog.at, cutoff))
          .returning({ id: auditLog.id })
        if (removed.length > 0) await tx.insert(auditLog).values(recordRemoval(removed.length))
        return removed.length
      })
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
