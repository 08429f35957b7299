import { AUDIT_PATH, HELP_PATH, withQuery } from '../paths'

export { HELP_PATH }

const part = encodeURIComponent

/** A new answer; `category` (and `id`, to bring a removed answer back) fill its first fields. */
export const NEW_HELP_ANSWER_PATH = `${HELP_PATH}/answers/new`
export const newHelpAnswerPath = (start: { categoryId?: string; answerId?: string } = {}) =>
  withQuery(NEW_HELP_ANSWER_PATH, { category: start.categoryId, id: start.answerId })
export const helpAnswerPath = (answerId: string) => `${HELP_PATH}/answers/${part(answerId)}`
export const helpAnswerEditPath = (answerId: string) => `${helpAnswerPath(answerId)}/edit`
export const helpCategoryEditPath = (categoryId: string) => `${HELP_PATH}/categories/${part(categoryId)}/edit`
/** A category's section on the help list: its index links to it. */
export const helpCategoryAnchor = (categoryId: string) => `help-category-${categoryId}`

/** The patterns of the area's screens, as wouter matches them (the fixed ones before the `:id` ones). */
export const HELP_ROUTES = {
  list: HELP_PATH,
  newAnswer: NEW_HELP_ANSWER_PATH,
  answer: `${HELP_PATH}/answers/:answerId`,
  answerEdit: `${HELP_PATH}/answers/:answerId/edit`,
  categoryEdit: `${HELP_PATH}/categories/:categoryId/edit`,
} as const

/** The page members read an answer on. */
export const memberHelpAnswerPath = (answerId: string) => `/web/common/help/answer/${part(answerId)}`

/** The audit log's address showing what was done to one answer or category. */
export function helpAuditPath(kind: 'help-answer' | 'help-category', id: string): string {
  return withQuery(AUDIT_PATH, { targetKind: kind, targetId: id })
}
