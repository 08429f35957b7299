import type { AuditionState } from '@puribox/contract/admin-auditions'
import type { AuditionCheckState } from '@puribox/contract/auditions'
import { and, asc, count, countDistinct, desc, eq, gt, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type ChangeContext, changedFields, eventFields } from '../change'
import type { EventBus } from '../events'
import type { AuditionEventName } from './auditions.events'
import type { AuditionApplicationRow, AuditionRow } from './auditions.repository'
import { auditionApplications, auditionChecks, auditionGuardianConsents, auditions } from './auditions.schema'

/** The fields of an audition an operator writes (its id is typed once; its creation time is the database's). */
export type AuditionFields = Pick<
  AuditionRow,
  'title' | 'organizer' | 'description' | 'minAge' | 'maxAge' | 'opensAt' | 'closesAt'
>

/** An audition as the console lists it: the row and how many applications went to the organiser. */
export type AuditionListed = AuditionRow & { applicationsSent: number }

/** What a step does to an audition, decided from it as it is (locked) in the step's transaction. */
export interface AuditionStepDecision {
  event: Exclude<AuditionEventName, 'auditions.created'>
  fields: Partial<AuditionFields>
}

/** How far an audition's applications got: rows counted by their state. */
export interface AuditionCounts {
  applicants: number
  checks: Array<{ state: AuditionCheckState; count: number }>
  /** Consent requests not replaced, by state; `expired` of them past their link's end. */
  consents: Array<{ state: 'PENDING' | 'AGREED' | 'DECLINED'; count: number; expired: number }>
  sent: number
}

/** The state of an audition at `now`. */
export function auditionStateAt(row: Pick<AuditionRow, 'opensAt' | 'closesAt'>, now: Date): AuditionState {
  if (row.closesAt.getTime() <= now.getTime()) return 'closed'
  if (row.opensAt.getTime() > now.getTime()) return 'upcoming'
  return 'open'
}

/** The auditions in `state` at `now`, as SQL (the same rule as `auditionStateAt`). */
function inState(state: AuditionState, now: Date): SQL | undefined {
  switch (state) {
    case 'upcoming':
      return and(gt(auditions.opensAt, now), gt(auditions.closesAt, now))
    case 'open':
      return and(lte(auditions.opensAt, now), gt(auditions.closesAt, now))
    case 'closed':
      return lte(auditions.closesAt, now)
  }
}

/**
 * Each list's order, as operators look at it: open auditions closing first, upcoming ones opening
 * first, closed ones closed last first, and all of them opening last first. The id breaks ties, so
 * a page's last audition says exactly where the next page starts.
 */
const ORDERS = {
  all: { column: 'opens_at', ascending: false },
  open: { column: 'closes_at', ascending: true },
  upcoming: { column: 'opens_at', ascending: true },
  closed: { column: 'closes_at', ascending: false },
} as const

/** The events' view of an audition: its fields, times as text. */
const CREATED_FIELDS = [
  'title',
  'organizer',
  'description',
  'minAge',
  'maxAge',
  'opensAt',
  'closesAt',
] as const satisfies ReadonlyArray<keyof AuditionRow>

/** Postgres's unique violation (the primary key: an id in use). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

// The outer table named in full: drizzle writes a column of a one-table select without it.
const sentCount =
  sql<number>`(select count(*) from audition_applications ap where ap.audition_id = "auditions"."id")`
    .mapWith(Number)
    .as('applications_sent')

/**
 * What the operators' console reads and writes of auditions. Each change is one transaction that
 * also emits its event (`auditions.events.ts`) with the changed fields before and after, so the
 * audit log records it with the change or not at all.
 */
export function createAuditionsAdminRepository(db: Database, events: EventBus) {
  async function findListed(id: string): Promise<AuditionListed | null> {
    const [row] = await db
      .select({ audition: auditions, applicationsSent: sentCount })
      .from(auditions)
      .where(eq(auditions.id, id))
    return row ? { ...row.audition, applicationsSent: row.applicationsSent } : null
  }

  return {
    /**
     * A page of auditions (of one state at `now`, or all) in that list's order, after the audition
     * `after` of the previous page; one more than `limit`, so the caller knows whether a next page
     * exists.
     */
    async list(query: {
      state?: AuditionState | undefined
      now: Date
      after?: string | undefined
      limit: number
    }): Promise<AuditionListed[]> {
      const order = ORDERS[query.state ?? 'all']
      const column = order.column === 'opens_at' ? auditions.opensAt : auditions.closesAt
      const conditions: Array<SQL | undefined> = []
      if (query.state) conditions.push(inState(query.state, query.now))
      if (query.after) {
        // Compared with the row itself, so the database's own precision of the time decides.
        const other = sql`(select a.${sql.raw(order.column)}, a.id from auditions a where a.id = ${query.after})`
        conditions.push(
          order.ascending
            ? sql`(${column}, ${auditions.id}) > ${other}`
            : sql`(${column}, ${auditions.id}) < ${other}`,
        )
      }
      const by = order.ascending ? asc : desc
      const rows = await db
        .select({ audition: auditions, applicationsSent: sentCount })
        .from(auditions)
        .where(and(...conditions))
        .orderBy(by(column), by(auditions.id))
        .limit(query.limit + 1)
      return rows.map((row) => ({ ...row.audition, applicationsSent: row.applicationsSent }))
    },

    find: findListed,

    /** How far the audition's applications got, counted at `now` (a consent link's end is real time). */
    async counts(id: string, now: Date): Promise<AuditionCounts> {
      const [checks, consents, [applicants], [sent]] = await Promise.all([
        db
          .select({ state: auditionChecks.state, count: count() })
          .from(auditionChecks)
          .where(eq(auditionChecks.auditionId, id))
          .groupBy(auditionChecks.state),
        db
          .select({
            state: auditionGuardianConsents.state,
            count: count(),
            expired:
              sql<number>`count(*) filter (where ${auditionGuardianConsents.expiresAt} <= ${now.toISOString()}::timestamptz)`.mapWith(
                Number,
              ),
          })
          .from(auditionGuardianConsents)
          .where(
            and(eq(auditionGuardianConsents.auditionId, id), ne(auditionGuardianConsents.state, 'REPLACED')),
          )
          .groupBy(auditionGuardianConsents.state),
        db.select({ count: countDistinct(sql`member.account_id`) }).from(
          sql`(select account_id from audition_checks where audition_id = ${id}
                 union all
                 select account_id from audition_guardian_consents where audition_id = ${id}) as member`,
        ),
        db
          .select({ count: count() })
          .from(auditionApplications)
          .where(eq(auditionApplications.auditionId, id)),
      ])
      return {
        applicants: applicants?.count ?? 0,
        checks,
        consents: consents as AuditionCounts['consents'],
        sent: sent?.count ?? 0,
      }
    },

    /**
     * A page of the applications sent for the audition, the last sent first, after the one numbered
     * `after` (the previous page's last); one more than `limit`.
     */
    async applications(query: {
      auditionId: string
      after?: string | undefined
      limit: number
    }): Promise<AuditionApplicationRow[]> {
      const conditions: Array<SQL | undefined> = [eq(auditionApplications.auditionId, query.auditionId)]
      if (query.after) {
        conditions.push(
          sql`(${auditionApplications.sentAt}, ${auditionApplications.id}) < (select p.sent_at, p.id from audition_applications p where p.reference_number = ${query.after})`,
        )
      }
      return db
        .select()
        .from(auditionApplications)
        .where(and(...conditions))
        .orderBy(desc(auditionApplications.sentAt), desc(auditionApplications.id))
        .limit(query.limit + 1)
    },

    /** Stores a new audition (checked by the service) with its event; null when its id is in use. */
    async create(id: string, fields: AuditionFields, change: ChangeContext): Promise<AuditionListed | null> {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(auditions)
            .values({ id, ...fields, createdAt: change.at })
            .returning()
          await events.emit(tx, 'auditions.created', {
            ...change,
            target: { kind: 'audition', id },
            after: eventFields(row!, CREATED_FIELDS),
            payload: { auditionId: id },
          })
        })
      } catch (error) {
        if (isUniqueViolation(error)) return null
        throw error
      }
      return findListed(id)
    },

    /**
     * Takes one step with the audition: locks it, lets `decide` say from it as it is what changes
     * (or throw, which changes nothing), writes that with its event. Null when no audition has the
     * id; a step that changes no field writes nothing and tells no one.
     */
    async step(
      id: string,
      change: ChangeContext,
      decide: (row: AuditionRow) => AuditionStepDecision,
    ): Promise<AuditionListed | null> {
      const found = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(auditions).where(eq(auditions.id, id)).for('update')
        if (!row) return false
        const { event, fields } = decide(row)
        const changed = changedFields(row, fields)
        if (!changed) return true
        await tx.update(auditions).set(fields).where(eq(auditions.id, id))
        await events.emit(tx, event, {
          ...change,
          target: { kind: 'audition', id },
          ...changed,
          payload: { auditionId: id },
        })
        return true
      })
      return found ? findListed(id) : null
    },
  }
}

export type AuditionsAdminRepository = ReturnType<typeof createAuditionsAdminRepository>
