import type {
  AdminHelp,
  AdminHelpAnswer,
  AdminHelpCategory,
  HelpAnswerChange,
  HelpAnswerCreate,
  HelpAnswerRemove,
  HelpAnswersOrder,
  HelpCategoryChange,
  RemovedHelpAnswer,
} from '@puribox/contract/admin-help'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import type { ChangeContext } from '../change'
import { can, type HelpAction } from './help.policy'
import type { HelpAnswerRow, HelpCategoryRow } from './help.repository'
import type { HelpAdminRepository, HelpAnswerFields, HelpAnswerRefusal } from './help-admin.repository'

function presentAnswer(row: HelpAnswerRow): AdminHelpAnswer {
  return {
    id: row.id,
    categoryId: row.categoryId,
    position: row.position,
    question: row.question,
    body: row.body,
    keywords: row.keywords,
    related: row.related,
    featured: row.featured,
    operatorEditedAt: row.operatorEditedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }
}

function presentCategory(row: HelpCategoryRow, answers: readonly HelpAnswerRow[]): AdminHelpCategory {
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    lead: row.lead,
    operatorEditedAt: row.operatorEditedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    answers: answers.map(presentAnswer),
  }
}

function presentRemoved(row: HelpAnswerRow): RemovedHelpAnswer {
  return {
    id: row.id,
    categoryId: row.categoryId,
    question: row.question,
    removedAt: (row.removedAt ?? row.updatedAt).toISOString(),
  }
}

const REFUSALS: Record<HelpAnswerRefusal, () => AppError> = {
  'answer-not-found': () => new AppError('HELP_ANSWER_NOT_FOUND', 'no help answer has this id'),
  'category-not-found': () => new AppError('HELP_CATEGORY_NOT_FOUND', 'no help category has this id'),
  'category-full': () => new AppError('HELP_CATEGORY_FULL', 'the category holds as many answers as it may'),
  taken: () => new AppError('HELP_ANSWER_TAKEN', 'an answer or a category has this id'),
  'related-invalid': () => new AppError('HELP_RELATED_INVALID', 'a related id is not another answer'),
}

function answerOrThrow(result: HelpAnswerRow | HelpAnswerRefusal): HelpAnswerRow {
  if (typeof result === 'string') throw REFUSALS[result]()
  return result
}

/** Only the fields given: an absent field stays as it is. */
function given<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

/**
 * The operators' side of help (decisions 0039, 0069): categories' titles and leads, and the
 * questions and answers in them. Every function takes the actor and asks the policy first; every
 * change is one transaction of the repository with its event, which the audit log records, and
 * marks what it changed as the operator's, so the bundled help written at every start leaves it
 * alone. Members' help document is built again at once in this process (`helpChanged`), within a
 * minute in the others.
 */
export function createHelpAdminService(deps: {
  repo: HelpAdminRepository
  clock: Clock
  /** Tells the members' help document of this process that the rows changed. */
  helpChanged: () => void
}) {
  const { repo, clock, helpChanged } = deps

  function allow(actor: Actor, action: HelpAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} help`)
  }

  function changeBy(actor: Actor, reason: string | undefined): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  async function categoryOrThrow(id: string): Promise<AdminHelpCategory> {
    const found = await repo.category(id)
    if (!found) throw new AppError('HELP_CATEGORY_NOT_FOUND', 'no help category has this id')
    return presentCategory(found.category, found.answers)
  }

  return {
    async help(actor: Actor): Promise<AdminHelp> {
      allow(actor, 'read')
      const [{ categories, answers }, removed] = await Promise.all([repo.readAll(), repo.removed()])
      const live = answers.filter((answer) => answer.removedAt === null)
      return {
        categories: categories.map((category) =>
          presentCategory(
            category,
            live.filter((answer) => answer.categoryId === category.id),
          ),
        ),
        removed: removed.map(presentRemoved),
      }
    },

    async changeCategory(actor: Actor, id: string, input: HelpCategoryChange): Promise<AdminHelpCategory> {
      allow(actor, 'change-category')
      const { reason, ...fields } = input
      const row = await repo.changeCategory(id, given(fields), changeBy(actor, reason))
      if (!row) throw new AppError('HELP_CATEGORY_NOT_FOUND', 'no help category has this id')
      helpChanged()
      return categoryOrThrow(id)
    },

    /** The category's answers in a new order: every one not removed. */
    async orderAnswers(
      actor: Actor,
      categoryId: string,
      input: HelpAnswersOrder,
    ): Promise<AdminHelpCategory> {
      allow(actor, 'order')
      const result = await repo.orderAnswers(categoryId, input.answerIds, changeBy(actor, input.reason))
      if (result === 'category-not-found') {
        throw new AppError('HELP_CATEGORY_NOT_FOUND', 'no help category has this id')
      }
      if (result === 'stale') throw new AppError('ORDER_STALE', "the ids are not the category's answers")
      helpChanged()
      return categoryOrThrow(categoryId)
    },

    /** A new question and answer at the end of its category (a removed answer's id brings it back). */
    async createAnswer(actor: Actor, input: HelpAnswerCreate): Promise<AdminHelpAnswer> {
      allow(actor, 'create')
      const fields: HelpAnswerFields = {
        categoryId: input.categoryId,
        question: input.question,
        body: input.body,
        keywords: input.keywords ?? [],
        related: input.related ?? [],
        featured: input.featured ?? false,
      }
      const row = answerOrThrow(await repo.createAnswer(input.id, fields, changeBy(actor, input.reason)))
      helpChanged()
      return presentAnswer(row)
    },

    async changeAnswer(actor: Actor, id: string, input: HelpAnswerChange): Promise<AdminHelpAnswer> {
      allow(actor, 'change')
      const { reason, ...fields } = input
      const row = answerOrThrow(await repo.changeAnswer(id, given(fields), changeBy(actor, reason)))
      helpChanged()
      return presentAnswer(row)
    },

    /** Its page then says it is not found; the bundled help written at a later start does not bring it back. */
    async removeAnswer(actor: Actor, id: string, input: HelpAnswerRemove): Promise<RemovedHelpAnswer> {
      allow(actor, 'remove')
      const row = await repo.removeAnswer(id, changeBy(actor, input.reason))
      if (!row) throw new AppError('HELP_ANSWER_NOT_FOUND', 'no help answer has this id')
      helpChanged()
      return presentRemoved(row)
    },
  }
}

export type HelpAdminService = ReturnType<typeof createHelpAdminService>
