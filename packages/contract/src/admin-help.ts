import { z } from 'zod'
import { AUDITED, holdsUnstorableText, instantSchema, lines, oneLine, reasonSchema } from './admin-content'
import { HELP_LIMITS, helpBlockSchema, helpIdSchema } from './help'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * Help in the operators' console: the questions and answers of each category, and the categories'
 * titles. An operator's change is kept at every later start (the bundled help written then leaves
 * the rows an operator changed alone) and reaches members' help document within a minute on every
 * server, at once on the one that made it (decision 0039).
 */

const bodySchema = z
  .array(helpBlockSchema)
  .min(1)
  .max(HELP_LIMITS.blocks)
  .refine((body) => !holdsUnstorableText(body), 'no control characters but line breaks')
  .describe('Blocks of plain text (text, note, steps, list) and links to pages of this site; no HTML.')

const answerFields = {
  categoryId: helpIdSchema.describe('The category the answer is listed in (moved to its end when changed).'),
  question: oneLine(HELP_LIMITS.titleMax),
  body: bodySchema,
  keywords: z
    .array(oneLine(HELP_LIMITS.keywordMax))
    .max(HELP_LIMITS.keywords)
    .describe('Words to search by that the text does not hold (readings, other words); not shown.'),
  related: z
    .array(helpIdSchema)
    .max(HELP_LIMITS.related)
    .describe('Other answers to offer after this one, by id (answers not removed).'),
  featured: z.boolean().describe('Listed on the help top among the frequently asked questions.'),
}

export const helpAnswerCreateSchema = z.object({
  id: helpIdSchema.describe(
    "The answer's id, in its page's address (`/web/common/help/answer/{id}`): lower-case words joined by hyphens. A removed answer's id brings it back with this content.",
  ),
  categoryId: answerFields.categoryId,
  question: answerFields.question,
  body: answerFields.body,
  keywords: answerFields.keywords.optional().describe('None when absent.'),
  related: answerFields.related.optional().describe('None when absent.'),
  featured: answerFields.featured.optional().describe('false when absent.'),
  reason: reasonSchema,
})
export type HelpAnswerCreate = z.infer<typeof helpAnswerCreateSchema>

export const helpAnswerChangeSchema = z.object({ ...answerFields, reason: reasonSchema }).partial()
export type HelpAnswerChange = z.infer<typeof helpAnswerChangeSchema>

export const helpAnswerRemoveSchema = z.object({ reason: reasonSchema })
export type HelpAnswerRemove = z.infer<typeof helpAnswerRemoveSchema>

export const helpCategoryChangeSchema = z
  .object({
    title: oneLine(HELP_LIMITS.titleMax),
    lead: lines(HELP_LIMITS.textMax).describe('One sentence under the title: what the category covers.'),
    reason: reasonSchema,
  })
  .partial()
export type HelpCategoryChange = z.infer<typeof helpCategoryChangeSchema>

export const helpAnswersOrderSchema = z.object({
  answerIds: z
    .array(helpIdSchema)
    .max(HELP_LIMITS.answersPerCategory)
    .describe(
      "Every answer of the category (not removed), in the order members see them (the list's `answers`).",
    ),
  reason: reasonSchema,
})
export type HelpAnswersOrder = z.infer<typeof helpAnswersOrderSchema>

export const helpCategoryParamsSchema = z.object({ categoryId: helpIdSchema })
export const helpAnswerParamsSchema = z.object({ answerId: helpIdSchema })

const edited = {
  operatorEditedAt: instantSchema
    .nullable()
    .describe(
      "When an operator last changed it; null while it is the bundled help's (which a new release may update).",
    ),
  updatedAt: instantSchema,
}

export const adminHelpAnswerSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  position: z.number().int(),
  question: z.string(),
  body: z.array(helpBlockSchema),
  keywords: z.array(z.string()),
  related: z.array(z.string()),
  featured: z.boolean(),
  ...edited,
})
export type AdminHelpAnswer = z.infer<typeof adminHelpAnswerSchema>

export const adminHelpCategorySchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  lead: z.string(),
  ...edited,
  answers: z.array(adminHelpAnswerSchema).describe('In the order members see them.'),
})
export type AdminHelpCategory = z.infer<typeof adminHelpCategorySchema>

export const removedHelpAnswerSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  question: z.string(),
  removedAt: instantSchema,
})
export type RemovedHelpAnswer = z.infer<typeof removedHelpAnswerSchema>

export const adminHelpSchema = z.object({
  categories: z.array(adminHelpCategorySchema).describe('In the order members see them.'),
  removed: z
    .array(removedHelpAnswerSchema)
    .describe('Answers operators removed, the last first: creating one with its id brings it back.'),
})
export type AdminHelp = z.infer<typeof adminHelpSchema>

const HELP = '/admin/api/help'
const REACHES_MEMBERS =
  "Members' help document (`/static/help.json`) has the change at once on this server, within a minute on the others; later starts keep it."

/**
 * The console's routes for help. Every operator reads; editors and admins change categories' titles,
 * order and write answers, and remove them (`help.policy.ts` decides the same again in the service).
 */
export const adminHelpApi = {
  adminHelp: route({
    method: 'GET',
    path: HELP,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'Every help category with its answers, and the answers operators removed.',
    response: wrapped(adminHelpSchema),
  }),
  adminHelpCategoryChange: route({
    method: 'PUT',
    path: `${HELP}/categories/:categoryId`,
    roles: EDITORS,
    tag: 'admin',
    summary: "Changes a help category's title or lead; the field the body leaves out stays.",
    description: `${REACHES_MEMBERS} ${AUDITED}`,
    errors: ['HELP_CATEGORY_NOT_FOUND'],
    params: helpCategoryParamsSchema,
    body: helpCategoryChangeSchema,
    response: wrapped(adminHelpCategorySchema),
  }),
  adminHelpAnswersOrder: route({
    method: 'PUT',
    path: `${HELP}/categories/:categoryId/order`,
    roles: EDITORS,
    tag: 'admin',
    summary: "Sets the order of a help category's answers: every one not removed.",
    description: `ORDER_STALE when the ids are not exactly the category's answers. ${REACHES_MEMBERS} ${AUDITED}`,
    errors: ['HELP_CATEGORY_NOT_FOUND', 'ORDER_STALE'],
    params: helpCategoryParamsSchema,
    body: helpAnswersOrderSchema,
    response: wrapped(adminHelpCategorySchema),
  }),
  adminHelpAnswerCreate: route({
    method: 'POST',
    path: `${HELP}/answers`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Adds a question and its answer at the end of a category.',
    description: `HELP_ANSWER_TAKEN when an answer or a category (not removed) has the id; HELP_RELATED_INVALID when a related id is not another answer. ${REACHES_MEMBERS} ${AUDITED}`,
    errors: ['HELP_CATEGORY_NOT_FOUND', 'HELP_CATEGORY_FULL', 'HELP_ANSWER_TAKEN', 'HELP_RELATED_INVALID'],
    body: helpAnswerCreateSchema,
    response: wrapped(adminHelpAnswerSchema),
  }),
  adminHelpAnswerChange: route({
    method: 'PUT',
    path: `${HELP}/answers/:answerId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the fields of a help answer the body names (a new category moves it to its end).',
    description: `${REACHES_MEMBERS} ${AUDITED}`,
    errors: [
      'HELP_ANSWER_NOT_FOUND',
      'HELP_CATEGORY_NOT_FOUND',
      'HELP_CATEGORY_FULL',
      'HELP_RELATED_INVALID',
    ],
    params: helpAnswerParamsSchema,
    body: helpAnswerChangeSchema,
    response: wrapped(adminHelpAnswerSchema),
  }),
  adminHelpAnswerRemove: route({
    method: 'POST',
    path: `${HELP}/answers/:answerId/remove`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Removes a help answer: its page says it is not found; later starts do not bring it back.',
    description: `${REACHES_MEMBERS} ${AUDITED}`,
    errors: ['HELP_ANSWER_NOT_FOUND'],
    params: helpAnswerParamsSchema,
    body: helpAnswerRemoveSchema,
    response: wrapped(removedHelpAnswerSchema),
  }),
}
