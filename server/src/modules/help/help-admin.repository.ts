import { HELP_LIMITS } from '@puribox/contract/help'
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, max } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type ChangeContext, changedFields, eventFields } from '../change'
import type { EventBus } from '../events'
import type { HelpAnswerRow, HelpCategoryRow } from './help.repository'
import { helpAnswers, helpCategories } from './help.schema'

/** The fields of an answer an operator writes. */
export type HelpAnswerFields = Pick<
  HelpAnswerRow,
  'categoryId' | 'question' | 'body' | 'keywords' | 'related' | 'featured'
>
export type HelpCategoryFields = Pick<HelpCategoryRow, 'title' | 'lead'>

/** Why a change of an answer could not be made; the service names the error. */
export type HelpAnswerRefusal =
  | 'answer-not-found'
  | 'category-not-found'
  | 'category-full'
  | 'taken'
  | 'related-invalid'

const ANSWER_FIELDS = [
  'categoryId',
  'question',
  'body',
  'keywords',
  'related',
  'featured',
] as const satisfies ReadonlyArray<keyof HelpAnswerRow>

/**
 * What the operators' console writes about help. Each change is one transaction that also emits
 * its event (`help.events.ts`) and marks the rows it changed as the operator's
 * (`operator_edited_at`), so the bundled help written at the next start leaves them as they are. A
 * change within a category (an answer added, moved in or out, the order) locks the category's row
 * for its transaction, so two at once cannot both take the same place.
 */
export function createHelpAdminRepository(db: Database, events: EventBus) {
  async function lockCategory(tx: Database, id: string): Promise<HelpCategoryRow | null> {
    const [row] = await tx.select().from(helpCategories).where(eq(helpCategories.id, id)).for('update')
    return row ?? null
  }

  /** The category's answers not removed, in their order. */
  function answersOf(tx: Database, categoryId: string): Promise<HelpAnswerRow[]> {
    return tx
      .select()
      .from(helpAnswers)
      .where(and(eq(helpAnswers.categoryId, categoryId), isNull(helpAnswers.removedAt)))
      .orderBy(asc(helpAnswers.position), asc(helpAnswers.id))
  }

  /** The place after the category's last answer, or 'full'. */
  async function endOf(tx: Database, categoryId: string): Promise<number | 'full'> {
    const [row] = await tx
      .select({ answers: count(), last: max(helpAnswers.position) })
      .from(helpAnswers)
      .where(and(eq(helpAnswers.categoryId, categoryId), isNull(helpAnswers.removedAt)))
    if ((row?.answers ?? 0) >= HELP_LIMITS.answersPerCategory) return 'full'
    return row?.last === null || row?.last === undefined ? 0 : row.last + 1
  }

  /** Whether every related id is another answer, not removed. */
  async function relatedExist(tx: Database, answerId: string, related: readonly string[]): Promise<boolean> {
    if (related.length === 0) return true
    if (related.includes(answerId) || new Set(related).size !== related.length) return false
    const [row] = await tx
      .select({ found: count() })
      .from(helpAnswers)
      .where(and(inArray(helpAnswers.id, [...related]), isNull(helpAnswers.removedAt)))
    return row?.found === related.length
  }

  return {
    /** Every category and every answer, removed ones included, in their order. */
    async readAll(): Promise<{ categories: HelpCategoryRow[]; answers: HelpAnswerRow[] }> {
      const [categories, answers] = await Promise.all([
        db.select().from(helpCategories).orderBy(asc(helpCategories.position), asc(helpCategories.id)),
        db
          .select()
          .from(helpAnswers)
          .orderBy(asc(helpAnswers.categoryId), asc(helpAnswers.position), asc(helpAnswers.id)),
      ])
      return { categories, answers }
    },

    /** The answers operators removed, the last first. */
    async removed(): Promise<HelpAnswerRow[]> {
      return db
        .select()
        .from(helpAnswers)
        .where(isNotNull(helpAnswers.removedAt))
        .orderBy(desc(helpAnswers.removedAt), asc(helpAnswers.id))
    },

    /** The category with its answers, in their order; null when there is none. */
    async category(id: string): Promise<{ category: HelpCategoryRow; answers: HelpAnswerRow[] } | null> {
      const [category] = await db.select().from(helpCategories).where(eq(helpCategories.id, id))
      return category ? { category, answers: await answersOf(db, id) } : null
    },

    /** Changes a category's title or lead. Null when there is no such category. */
    async changeCategory(
      id: string,
      fields: Partial<HelpCategoryFields>,
      change: ChangeContext,
    ): Promise<HelpCategoryRow | null> {
      return db.transaction(async (tx) => {
        const row = await lockCategory(tx, id)
        if (!row) return null
        const changed = changedFields(row, fields)
        if (!changed) return row
        const [updated] = await tx
          .update(helpCategories)
          .set({ ...fields, operatorEditedAt: change.at, updatedAt: change.at })
          .where(eq(helpCategories.id, id))
          .returning()
        await events.emit(tx, 'help.category-changed', {
          ...change,
          target: { kind: 'help-category', id },
          ...changed,
          payload: { categoryId: id },
        })
        return updated!
      })
    },

    /**
     * Puts the category's answers in the order of `ids`, which must be exactly its answers not
     * removed ('stale' otherwise). Each answer of the category becomes the operator's: its place is
     * theirs now. The same order again writes nothing.
     */
    async orderAnswers(
      categoryId: string,
      ids: readonly string[],
      change: ChangeContext,
    ): Promise<'category-not-found' | 'stale' | 'ordered'> {
      return db.transaction(async (tx) => {
        if (!(await lockCategory(tx, categoryId))) return 'category-not-found'
        const was = (await answersOf(tx, categoryId)).map((row) => row.id)
        const given = new Set(ids)
        if (given.size !== ids.length || ids.length !== was.length || was.some((id) => !given.has(id))) {
          return 'stale'
        }
        if (ids.every((id, index) => was[index] === id)) return 'ordered'
        for (const [position, id] of ids.entries()) {
          await tx
            .update(helpAnswers)
            .set({ position, operatorEditedAt: change.at, updatedAt: change.at })
            .where(eq(helpAnswers.id, id))
        }
        await events.emit(tx, 'help.answers-ordered', {
          ...change,
          target: { kind: 'help-category', id: categoryId },
          before: { order: was },
          after: { order: [...ids] },
          payload: { categoryId },
        })
        return 'ordered'
      })
    },

    /**
     * Adds an answer at the end of its category. An id a removed answer had brings that row back
     * with the new content; an id of an answer or a category that is there is 'taken'.
     */
    async createAnswer(
      id: string,
      fields: HelpAnswerFields,
      change: ChangeContext,
    ): Promise<HelpAnswerRow | HelpAnswerRefusal> {
      return db.transaction(async (tx) => {
        if (!(await lockCategory(tx, fields.categoryId))) return 'category-not-found'
        const [existing] = await tx.select().from(helpAnswers).where(eq(helpAnswers.id, id)).for('update')
        const [category] = await tx
          .select({ id: helpCategories.id })
          .from(helpCategories)
          .where(eq(helpCategories.id, id))
        if ((existing && existing.removedAt === null) || category) return 'taken'
        const position = await endOf(tx, fields.categoryId)
        if (position === 'full') return 'category-full'
        if (!(await relatedExist(tx, id, fields.related))) return 'related-invalid'
        const values = {
          ...fields,
          position,
          operatorEditedAt: change.at,
          removedAt: null,
          updatedAt: change.at,
        }
        const [row] = existing
          ? await tx.update(helpAnswers).set(values).where(eq(helpAnswers.id, id)).returning()
          : await tx
              .insert(helpAnswers)
              .values({ id, ...values })
              .returning()
        await events.emit(tx, 'help.answer-created', {
          ...change,
          target: { kind: 'help-answer', id },
          after: eventFields(row!, [...ANSWER_FIELDS, 'position']),
          payload: { answerId: id, categoryId: fields.categoryId },
        })
        return row!
      })
    },

    /** Changes the fields given; a new category puts the answer at its end. */
    async changeAnswer(
      id: string,
      fields: Partial<HelpAnswerFields>,
      change: ChangeContext,
    ): Promise<HelpAnswerRow | HelpAnswerRefusal> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(helpAnswers).where(eq(helpAnswers.id, id)).for('update')
        if (!row || row.removedAt !== null) return 'answer-not-found'
        const changed = changedFields(row, fields)
        if (!changed) return row
        let position = row.position
        if (fields.categoryId !== undefined && fields.categoryId !== row.categoryId) {
          if (!(await lockCategory(tx, fields.categoryId))) return 'category-not-found'
          const end = await endOf(tx, fields.categoryId)
          if (end === 'full') return 'category-full'
          position = end
        }
        if (fields.related !== undefined && !(await relatedExist(tx, id, fields.related)))
          return 'related-invalid'
        const [updated] = await tx
          .update(helpAnswers)
          .set({ ...fields, position, operatorEditedAt: change.at, updatedAt: change.at })
          .where(eq(helpAnswers.id, id))
          .returning()
        await events.emit(tx, 'help.answer-changed', {
          ...change,
          target: { kind: 'help-answer', id },
          ...changed,
          payload: { answerId: id, categoryId: updated!.categoryId },
        })
        return updated!
      })
    },

    /** Removes an answer: the row stays, marked removed and the operator's. */
    async removeAnswer(id: string, change: ChangeContext): Promise<HelpAnswerRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(helpAnswers).where(eq(helpAnswers.id, id)).for('update')
        if (!row || row.removedAt !== null) return null
        const [updated] = await tx
          .update(helpAnswers)
          .set({ removedAt: change.at, operatorEditedAt: change.at, updatedAt: change.at })
          .where(eq(helpAnswers.id, id))
          .returning()
        await events.emit(tx, 'help.answer-removed', {
          ...change,
          target: { kind: 'help-answer', id },
          before: { categoryId: row.categoryId, question: row.question },
          after: null,
          payload: { answerId: id, categoryId: row.categoryId },
        })
        return updated!
      })
    },
  }
}

export type HelpAdminRepository = ReturnType<typeof createHelpAdminRepository>
