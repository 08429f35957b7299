import { asc, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { helpAnswers, helpCategories } from './help.schema'

export type HelpCategoryRow = typeof helpCategories.$inferSelect
export type HelpAnswerRow = typeof helpAnswers.$inferSelect

export type HelpCategorySeed = Pick<HelpCategoryRow, 'id' | 'position' | 'title' | 'lead'>
export type HelpAnswerSeed = Pick<
  HelpAnswerRow,
  'id' | 'categoryId' | 'position' | 'question' | 'body' | 'keywords' | 'related' | 'featured'
>

export interface HelpRows {
  categories: HelpCategoryRow[]
  answers: HelpAnswerRow[]
  /** The newest change of any row; null when there are none. */
  updatedAt: Date | null
}

export function createHelpRepository(db: Database) {
  return {
    /**
     * Writes the bundled help, in one transaction: a row that is missing is added, a row whose
     * content differs is brought up to date (its `updated_at` then moves), and a row an operator has
     * edited is left as the operator made it. Safe to run at every start, by any number of processes
     * at once. Rows the bundled help no longer has are kept: removing help is an operator's decision.
     */
    async seed(
      content: { categories: readonly HelpCategorySeed[]; answers: readonly HelpAnswerSeed[] },
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (content.categories.length > 0) {
          await tx
            .insert(helpCategories)
            .values(content.categories.map((row) => ({ ...row, updatedAt: now })))
            .onConflictDoUpdate({
              target: helpCategories.id,
              set: {
                position: sql`excluded.position`,
                title: sql`excluded.title`,
                lead: sql`excluded.lead`,
                updatedAt: sql`excluded.updated_at`,
              },
              setWhere: sql`${helpCategories.operatorEditedAt} is null and (${helpCategories.position}, ${helpCategories.title}, ${helpCategories.lead}) is distinct from (excluded.position, excluded.title, excluded.lead)`,
            })
        }
        if (content.answers.length > 0) {
          await tx
            .insert(helpAnswers)
            .values(content.answers.map((row) => ({ ...row, updatedAt: now })))
            .onConflictDoUpdate({
              target: helpAnswers.id,
              set: {
                categoryId: sql`excluded.category_id`,
                position: sql`excluded.position`,
                question: sql`excluded.question`,
                body: sql`excluded.body`,
                keywords: sql`excluded.keywords`,
                related: sql`excluded.related`,
                featured: sql`excluded.featured`,
                updatedAt: sql`excluded.updated_at`,
              },
              setWhere: sql`${helpAnswers.operatorEditedAt} is null and (${helpAnswers.categoryId}, ${helpAnswers.position}, ${helpAnswers.question}, ${helpAnswers.body}, ${helpAnswers.keywords}, ${helpAnswers.related}, ${helpAnswers.featured}) is distinct from (excluded.category_id, excluded.position, excluded.question, excluded.body, excluded.keywords, excluded.related, excluded.featured)`,
            })
        }
      })
    },

    /**
     * Every category and answer not removed, in their order, and when the help last changed (a
     * removal included).
     */
    async readAll(): Promise<HelpRows> {
      const [categories, rows] = await Promise.all([
        db.select().from(helpCategories).orderBy(asc(helpCategories.position), asc(helpCategories.id)),
        db
          .select()
          .from(helpAnswers)
          .orderBy(asc(helpAnswers.categoryId), asc(helpAnswers.position), asc(helpAnswers.id)),
      ])
      const times = [...categories, ...rows].map((row) => row.updatedAt.getTime())
      return {
        categories,
        answers: rows.filter((row) => row.removedAt === null),
        updatedAt: times.length === 0 ? null : new Date(Math.max(...times)),
      }
    },
  }
}

export type HelpRepository = ReturnType<typeof createHelpRepository>
