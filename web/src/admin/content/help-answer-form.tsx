import {
  type AdminHelp,
  type AdminHelpAnswer,
  type HelpAnswerChange,
  type HelpAnswerCreate,
  helpAnswerChangeSchema,
  helpAnswerCreateSchema,
} from '@puribox/contract/admin-help'
import { HELP_LIMITS, helpIdSchema } from '@puribox/contract/help'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { SelectField } from '../../components/form/select-field'
import { TextAreaField } from '../../components/form/text-area-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import { DraftRestored, type KeptDraft, withDraft } from '../kit/drafted-form'
import { fieldRules } from '../kit/field-rules'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { createOrChange, type SaveFormProps, type SaveSend, useSaveForm } from '../kit/save-form'
import { changedFrom, type FieldRule, schemaFieldErrors } from './content-form'
import { changeHelpAnswer, createHelpAnswer, findAnswer } from './help-api'
import { helpBodyText, readHelpBody } from './help-body'
import { HELP_ERRORS } from './help-messages'
import { t } from './i18n'

type AnswerField = 'id' | 'categoryId' | 'question' | 'body' | 'keywords' | 'related' | 'featured' | 'reason'

const FIELDS: readonly AnswerField[] = [
  'id',
  'categoryId',
  'question',
  'body',
  'keywords',
  'related',
  'featured',
  'reason',
]

const label = (field: Exclude<AnswerField, 'reason'>) => t(`adminContent.help.form.${field}`)

const RULES = fieldRules<AnswerField, 'reason', FieldRule>(FIELDS, { reason: REASON_RULE }, label)

/** The answer's fields the form edits, as it compares them with what is stored. */
type AnswerContent = Pick<
  AdminHelpAnswer,
  'categoryId' | 'question' | 'body' | 'keywords' | 'related' | 'featured'
>

/** Where the form starts a new answer: a category, and an id with the question of a removed answer. */
export interface AnswerStart {
  categoryId?: string
  id?: string
  question?: string
}

/** What the form sends: a new answer, the fields of an answer that changed, or nothing when none did. */
type AnswerSend = SaveSend<HelpAnswerCreate, HelpAnswerChange>

/** Words typed in one field, parted by commas, the Japanese comma or line breaks; each once. */
function words(text: string, parts: RegExp): string[] {
  return [...new Set(text.split(parts).map((word) => word.trim()))].filter((word) => word !== '')
}

function readKeywords(values: FormValues, errors: FieldErrors<AnswerField>): string[] {
  const keywords = words(values.text('keywords'), /[\u3001,\uff0c\n]/)
  if (keywords.length > HELP_LIMITS.keywords)
    errors.keywords = t('adminContent.help.form.errors.keywordsTooMany', { max: HELP_LIMITS.keywords })
  const long = keywords.find((word) => word.length > HELP_LIMITS.keywordMax)
  if (long)
    errors.keywords ??= t('adminContent.help.form.errors.keywordTooLong', {
      word: long,
      max: HELP_LIMITS.keywordMax,
    })
  return keywords
}

/** The related answers' ids: each an answer of the help (not removed), not this one. */
function readRelated(
  values: FormValues,
  help: AdminHelp,
  self: string,
  errors: FieldErrors<AnswerField>,
): string[] {
  const related = words(values.text('related'), /[\s\u3001,\uff0c]+/)
  if (related.length > HELP_LIMITS.related)
    errors.related = t('adminContent.help.form.errors.relatedTooMany', { max: HELP_LIMITS.related })
  const unknown = related.filter((id) => id === self || findAnswer(help, id) === null)
  if (unknown.length > 0)
    errors.related ??= t('adminContent.help.form.errors.relatedUnknown', {
      ids: unknown.join(t('adminContent.help.listSeparator')),
    })
  return related
}

/** Whether an id is taken: an answer or a category (not removed) has it. A removed answer's is free. */
function taken(help: AdminHelp, id: string): boolean {
  return help.categories.some((category) => category.id === id) || findAnswer(help, id) !== null
}

function readAnswerForm(
  values: FormValues,
  help: AdminHelp,
  stored: AdminHelpAnswer | undefined,
): FormRequest<never, AnswerField, AnswerSend> {
  const errors: FieldErrors<AnswerField> = {}
  const id = stored?.id ?? values.text('id').trim()
  if (!stored) {
    if (id === '') errors.id = t('adminContent.form.errors.required', { label: label('id') })
    else if (!helpIdSchema.safeParse(id).success)
      errors.id = t('adminContent.help.form.errors.id', { max: HELP_LIMITS.idMax })
    else if (taken(help, id)) errors.id = t('adminContent.help.errors.HELP_ANSWER_TAKEN')
  }
  const categoryId = values.text('categoryId')
  if (categoryId === '')
    errors.categoryId = t('adminContent.form.errors.choose', { label: label('categoryId') })
  const body = readHelpBody(values.text('body'))
  if ('error' in body) errors.body = body.error
  const content: AnswerContent = {
    categoryId,
    question: values.text('question').trim(),
    body: 'blocks' in body ? body.blocks : [],
    keywords: readKeywords(values, errors),
    related: readRelated(values, help, id, errors),
    featured: values.checked('featured'),
  }
  const reason = readReason(values)
  // The contract's own checks last: what the server would refuse is told beside its field.
  const checked = helpAnswerCreateSchema.safeParse({ ...content, id: id || 'x', reason })
  const wrong = schemaFieldErrors(checked.error, RULES, { typed: content, known: errors })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  if (!stored) return { input: { kind: 'create', body: { ...content, id, reason } } }
  const { categoryId: storedCategory, question, body: storedBody, keywords, related, featured } = stored
  const changed = changedFrom<AnswerContent>(
    { categoryId: storedCategory, question, body: storedBody, keywords, related, featured },
    content,
  )
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: helpAnswerChangeSchema.parse({ ...changed, reason }) } }
}

/**
 * A question and its answer, to add one (`answer` absent) or change it. Everything is checked
 * before it is sent, by the contract's rules, and told in Japanese beside its field; a change sends
 * only what changed. What is typed is kept in this tab until it is sent, so a reload loses nothing.
 */
export const HelpAnswerForm = withDraft(AnswerFormFields, ({ answer }) =>
  answer ? `admin:help:${answer.id}` : 'admin:help:new',
)

function AnswerFormFields({
  help,
  answer,
  start = {},
  kept,
  cancelPath,
  onSaved,
}: {
  help: AdminHelp
  answer?: AdminHelpAnswer
  start?: AnswerStart
  kept: KeptDraft
} & SaveFormProps<AdminHelpAnswer>) {
  const form = useSaveForm<AnswerField, AnswerSend, AdminHelpAnswer>({
    fields: answer ? FIELDS.filter((field) => field !== 'id') : FIELDS,
    draft: kept.key,
    request: (values) => readAnswerForm(values, help, answer),
    send: createOrChange(createHelpAnswer, answer && ((body) => changeHelpAnswer(answer.id, body))),
    messages: HELP_ERRORS,
    fieldOf: {
      HELP_ANSWER_TAKEN: 'id',
      HELP_RELATED_INVALID: 'related',
      HELP_CATEGORY_NOT_FOUND: 'categoryId',
      HELP_CATEGORY_FULL: 'categoryId',
    },
    onSaved,
  })
  const initial = (name: AnswerField, fallback: string) => form.initial(name, fallback)
  const categories = [
    { value: '', label: t('adminContent.form.choose') },
    ...help.categories.map((category) => ({ value: category.id, label: category.title })),
  ]
  const restoring =
    !answer && start.id !== undefined && help.removed.some((removed) => removed.id === start.id)
  return (
    <Form form={form} className="stack content-form">
      <DraftRestored kept={kept} />
      {restoring && <p className="notice">{t('adminContent.help.form.restoring')}</p>}
      {!answer && (
        <TextField
          {...form.field('id')}
          label={label('id')}
          hint={t('adminContent.help.form.idHint', { max: HELP_LIMITS.idMax })}
          defaultValue={initial('id', start.id ?? '')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
      )}
      <SelectField
        {...form.field('categoryId')}
        label={label('categoryId')}
        hint={answer ? t('adminContent.help.form.categoryHint') : undefined}
        defaultValue={initial('categoryId', answer?.categoryId ?? start.categoryId ?? '')}
        options={categories}
      />
      <TextField
        {...form.field('question')}
        label={label('question')}
        hint={t('adminContent.form.maxLength', { max: HELP_LIMITS.titleMax })}
        defaultValue={initial('question', answer?.question ?? start.question ?? '')}
        autoComplete="off"
      />
      <TextAreaField
        {...form.field('body')}
        label={label('body')}
        hint={t('adminContent.help.form.bodyHint')}
        defaultValue={initial('body', answer ? helpBodyText(answer.body) : '')}
        rows={12}
      />
      <TextAreaField
        {...form.field('keywords')}
        label={t('adminContent.help.form.keywordsOptional')}
        hint={t('adminContent.help.form.keywordsHint', { max: HELP_LIMITS.keywords })}
        defaultValue={initial('keywords', answer?.keywords.join(t('adminContent.help.listSeparator')) ?? '')}
        rows={2}
      />
      <TextField
        {...form.field('related')}
        label={t('adminContent.help.form.relatedOptional')}
        hint={t('adminContent.help.form.relatedHint', { max: HELP_LIMITS.related })}
        defaultValue={initial('related', answer?.related.join(', ') ?? '')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
      <FeaturedCheck field={form.field('featured')} checked={answer?.featured ?? false} />
      <ReasonField {...form.field('reason')} />
      <FormEnd
        form={form}
        submit={answer ? undefined : t('adminContent.help.form.create')}
        pendingLabel={answer ? undefined : t('adminContent.help.form.creating')}
        cancelPath={cancelPath}
        draft={kept.key}
      />
    </Form>
  )
}

/** Whether the help top lists the question: a tick box that starts as stored. */
function FeaturedCheck({
  field,
  checked,
}: {
  field: { id: string; name: string; error: string | undefined }
  checked: boolean
}) {
  return (
    <div className="field">
      <label className="check" htmlFor={field.id}>
        <input
          id={field.id}
          name={field.name}
          type="checkbox"
          className="check__box"
          defaultChecked={checked}
        />
        <span>{t('adminContent.help.form.featuredLabel')}</span>
      </label>
    </div>
  )
}
