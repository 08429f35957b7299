import type { ApplicationCursor } from '@puribox/contract/admin-applications'
import type { ApplicationState, CertificateSlot } from '@puribox/contract/jhs-free'
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { ChangeContext } from '../change'
import type { EventBus } from '../events'
import { operators } from '../operators/operators.schema'
import type { ApplicationRow } from './school-applications.repository'
import { schoolApplications } from './school-applications.schema'

/** An application with the operator who reviewed it, as the console shows it. */
export interface ReviewedApplicationRow {
  application: ApplicationRow
  reviewer: { operatorId: string; operatorMailAddress: string } | null
}

/** Whether an application was reviewed, as the queue orders it: waiting ones first. */
const reviewed = sql<boolean>`(${schoolApplications.state} <> 'SUBMITTED')`

/**
 * What the operators' console reads of junior-high applications (decision 0073), and its one event
 * that changes nothing: an operator opening a certificate picture. Reviews are written by the
 * module's own repository, with their events.
 */
export function createSchoolApplicationsAdminRepository(db: Database, events: Pick<EventBus, 'emit'>) {
  return {
    /**
     * Applications (of one state, or all) in the queue's order — waiting ones first, each the
     * longest waiting first — after the cursor; one more than `limit`, so the caller knows whether a
     * next page exists.
     */
    async list(filter: {
      state?: ApplicationState | undefined
      after?: ApplicationCursor | undefined
      limit: number
    }): Promise<ApplicationRow[]> {
      const conditions: Array<SQL | undefined> = []
      if (filter.state) conditions.push(eq(schoolApplications.state, filter.state))
      if (filter.after) {
        const { reviewed: wasReviewed, submittedAt, id } = filter.after
        conditions.push(
          sql`(${reviewed}, ${schoolApplications.submittedAt}, ${schoolApplications.id}) > (${wasReviewed}, ${submittedAt.toISOString()}::timestamptz, ${id}::uuid)`,
        )
      }
      return db
        .select()
        .from(schoolApplications)
        .where(and(...conditions))
        .orderBy(reviewed, asc(schoolApplications.submittedAt), asc(schoolApplications.id))
        .limit(filter.limit + 1)
    },

    /** How many applications each state has. */
    async counts(): Promise<Record<ApplicationState, number>> {
      const rows = await db
        .select({ state: schoolApplications.state, count: count() })
        .from(schoolApplications)
        .groupBy(schoolApplications.state)
      const counts: Record<ApplicationState, number> = { SUBMITTED: 0, APPROVED: 0, REJECTED: 0 }
      for (const row of rows) counts[row.state] = row.count
      return counts
    },

    async find(id: string): Promise<ReviewedApplicationRow | null> {
      const [row] = await db
        .select({ application: schoolApplications, id: operators.id, mailAddress: operators.mailAddress })
        .from(schoolApplications)
        .leftJoin(operators, eq(operators.id, schoolApplications.reviewerId))
        .where(eq(schoolApplications.id, id))
      if (!row) return null
      return {
        application: row.application,
        reviewer:
          row.id && row.mailAddress ? { operatorId: row.id, operatorMailAddress: row.mailAddress } : null,
      }
    },

    /** Records that an operator opened one of the application's certificate pictures. */
    async certificateViewed(
      applicationId: string,
      slot: CertificateSlot,
      change: ChangeContext,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await events.emit(tx, 'school-application.certificate-viewed', {
          ...change,
          target: { kind: 'school-application', id: applicationId },
          after: { slot },
          payload: { applicationId, slot },
        })
      })
    },
  }
}

export type SchoolApplicationsAdminRepository = ReturnType<typeof createSchoolApplicationsAdminRepository>
