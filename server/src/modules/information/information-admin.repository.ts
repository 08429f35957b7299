import type { InformationPage } from '@puribox/contract/pages'
import { and, asc, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { type ChangeContext, changedFields, eventFields } from '../change'
import type { EventBus } from '../events'
import type { InformationEventName } from './information.events'
import type { InformationDocumentRow } from './information.repository'
import { informationDocuments } from './information.schema'

/** A version as the console's lists show it: no body, its length instead. */
export interface VersionSummaryRow {
  page: InformationPage
  version: string
  title: string
  publishedAt: Date | null
  updatedAt: Date
  characters: number
}

const summary = {
  page: informationDocuments.page,
  version: informationDocuments.version,
  title: informationDocuments.title,
  publishedAt: informationDocuments.publishedAt,
  updatedAt: informationDocuments.updatedAt,
  characters: sql<number>`char_length(${informationDocuments.body})`.mapWith(Number),
}

/** The fields of a draft an operator writes. */
export type DraftFields = Pick<InformationDocumentRow, 'version' | 'title' | 'body'>

/** What a step does to a version, decided from the version as it is (locked) in the step's transaction. */
export type InformationStepDecision =
  | {
      event: Exclude<InformationEventName, 'information.draft-created' | 'information.draft-discarded'>
      fields: Partial<DraftFields & { publishedAt: Date | null }>
    }
  | { event: 'information.draft-discarded' }

/** The fields a new draft's event shows, and a discarded one's. */
const DRAFT_FIELDS = ['version', 'title', 'body'] as const satisfies ReadonlyArray<
  keyof InformationDocumentRow
>

const target = (page: InformationPage) => ({ kind: 'information-page', id: page })

/**
 * What the operators' console reads and writes of the information pages. Each change is one
 * transaction that also emits its event (`information.events.ts`), so the audit log records it, and
 * the policies module publishes a policy's version, with the change or not at all.
 */
export function createInformationAdminRepository(db: Database, events: EventBus) {
  /** Takes the page's lock for the transaction: its open versions are counted and written one at a time. */
  const lockPage = (tx: Database, page: InformationPage) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`information:${page}`}))`)

  return {
    /** The version of each page members see at `now` (the last published up to then). */
    async currentVersions(now: Date): Promise<VersionSummaryRow[]> {
      return db
        .selectDistinctOn([informationDocuments.page], summary)
        .from(informationDocuments)
        .where(lte(informationDocuments.publishedAt, now))
        .orderBy(
          informationDocuments.page,
          desc(informationDocuments.publishedAt),
          desc(informationDocuments.version),
        )
    },

    /** Drafts and versions scheduled after `now`, of one page or all: scheduled soonest first, then drafts last changed first. */
    async openVersions(now: Date, page?: InformationPage): Promise<VersionSummaryRow[]> {
      return db
        .select(summary)
        .from(informationDocuments)
        .where(
          and(
            page ? eq(informationDocuments.page, page) : undefined,
            or(isNull(informationDocuments.publishedAt), gt(informationDocuments.publishedAt, now)),
          ),
        )
        .orderBy(
          asc(informationDocuments.publishedAt),
          desc(informationDocuments.updatedAt),
          asc(informationDocuments.version),
        )
    },

    /**
     * The page's versions published up to `now`, newest first, after the version `after` of the
     * previous page; one more than `limit`, so the caller knows whether a next page exists.
     */
    async history(page: InformationPage, now: Date, after: string | undefined, limit: number) {
      const conditions: Array<SQL | undefined> = [
        eq(informationDocuments.page, page),
        lte(informationDocuments.publishedAt, now),
      ]
      if (after !== undefined) {
        // Compared with the row itself, so the database's own precision of `published_at` decides.
        conditions.push(
          sql`(${informationDocuments.publishedAt}, ${informationDocuments.version}) < (select d.published_at, d.version from information_documents d where d.page = ${page} and d.version = ${after})`,
        )
      }
      return db
        .select(summary)
        .from(informationDocuments)
        .where(and(...conditions))
        .orderBy(desc(informationDocuments.publishedAt), desc(informationDocuments.version))
        .limit(limit + 1)
    },

    async find(page: InformationPage, version: string): Promise<InformationDocumentRow | null> {
      const [row] = await db
        .select()
        .from(informationDocuments)
        .where(and(eq(informationDocuments.page, page), eq(informationDocuments.version, version)))
      return row ?? null
    },

    /**
     * Stores a new draft (checked by the service) with its event: `taken` when the page has a
     * version of that label, `full` when it holds `openMax` drafts and scheduled versions already.
     */
    async createDraft(
      page: InformationPage,
      fields: DraftFields,
      change: ChangeContext,
      openMax: number,
    ): Promise<InformationDocumentRow | 'taken' | 'full'> {
      try {
        return await db.transaction(async (tx) => {
          await lockPage(tx, page)
          const [open] = await tx
            .select({ count: sql<number>`count(*)`.mapWith(Number) })
            .from(informationDocuments)
            .where(
              and(
                eq(informationDocuments.page, page),
                or(isNull(informationDocuments.publishedAt), gt(informationDocuments.publishedAt, change.at)),
              ),
            )
          if ((open?.count ?? 0) >= openMax) return 'full'
          const [row] = await tx
            .insert(informationDocuments)
            .values({ page, ...fields, publishedAt: null, createdAt: change.at, updatedAt: change.at })
            .onConflictDoNothing()
            .returning()
          if (!row) return 'taken'
          await events.emit(tx, 'information.draft-created', {
            ...change,
            target: target(page),
            after: eventFields(row, DRAFT_FIELDS),
            payload: { page, version: row.version },
          })
          return row
        })
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },

    /**
     * Takes one step with a version: locks it, lets `decide` say from the version as it is what
     * changes (or throw, which changes nothing), writes that with its event. Null when the page has
     * no such version; `taken` when a new label is another version's. A step that changes no field
     * writes nothing and tells no one. A discarded draft is deleted, its event keeping what it held.
     */
    async step(
      page: InformationPage,
      version: string,
      change: ChangeContext,
      decide: (row: InformationDocumentRow) => InformationStepDecision,
    ): Promise<InformationDocumentRow | 'discarded' | 'taken' | null> {
      try {
        return await db.transaction(async (tx) => {
          await lockPage(tx, page)
          const where = and(eq(informationDocuments.page, page), eq(informationDocuments.version, version))
          const [row] = await tx.select().from(informationDocuments).where(where).for('update')
          if (!row) return null
          const decision = decide(row)
          if (decision.event === 'information.draft-discarded') {
            await tx.delete(informationDocuments).where(where)
            await events.emit(tx, decision.event, {
              ...change,
              target: target(page),
              before: eventFields(row, DRAFT_FIELDS),
              payload: { page, version },
            })
            return 'discarded'
          }
          const changed = changedFields(row, decision.fields)
          if (!changed) return row
          const [updated] = await tx
            .update(informationDocuments)
            .set({ ...decision.fields, updatedAt: change.at })
            .where(where)
            .returning()
          const payload = { page, version: updated!.version }
          if (decision.event === 'information.published' || decision.event === 'information.scheduled') {
            // The version's label says which one, and its time when members see it from.
            await events.emit(tx, decision.event, {
              ...change,
              target: target(page),
              before: { version, ...changed.before },
              after: { version, ...changed.after },
              payload: { ...payload, publishedAt: updated!.publishedAt!.toISOString() },
            })
          } else if (decision.event === 'information.unscheduled') {
            await events.emit(tx, decision.event, {
              ...change,
              target: target(page),
              before: { version, ...changed.before },
              after: { version, ...changed.after },
              payload,
            })
          } else {
            await events.emit(tx, decision.event, {
              ...change,
              target: target(page),
              // The label names the draft even when it is not what changed.
              before: { version, ...changed.before },
              after: { version: updated!.version, ...changed.after },
              payload,
            })
          }
          return updated!
        })
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },
  }
}

export type InformationAdminRepository = ReturnType<typeof createInformationAdminRepository>
