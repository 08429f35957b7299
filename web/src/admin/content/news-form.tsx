import {
  type AdminNewsItem,
  type NewsChange,
  type NewsDraftCreate,
  newsChangeSchema,
  newsDraftCreateSchema,
} from '@puribox/contract/admin-news'
import { contentLinkUrl } from '@puribox/contract/content-links'
import { NEWS_LIMITS } from '@puribox/contract/news'
import { NEWS_CATEGORIES } from '@puribox/contract/news-pages'
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
import {
  changedFrom,
  type FieldRule,
  JapanTimeField,
  japanTimeInput,
  japanTimeStart,
  readJapanTime,
  schemaFieldErrors,
} from './content-form'
import { japanTime } from './content-format'
import { CONTENT_ERRORS } from './content-messages'
import { t } from './i18n'
import { changeNews, createNews } from './news-api'
import { newsCategoryName } from './news-labels'

type NewsField =
  | 'category'
  | 'title'
  | 'body'
  | 'linkLabel'
  | 'linkUrl'
  | 'priorityLevel'
  | 'publishUntil'
  | 'reason'

const FIELDS: readonly NewsField[] = [
  'category',
  'title',
  'body',
  'linkLabel',
  'linkUrl',
  'priorityLevel',
  'publishUntil',
  'reason',
]

const label = (field: Exclude<NewsField, 'reason' | 'publishUntil'>) =>
  field === 'priorityLevel' ? t('adminContent.news.form.priority') : t(`adminContent.news.form.${field}`)

const RULES = fieldRules<NewsField, 'publishUntil' | 'reason', FieldRule>(
  FIELDS,
  { publishUntil: { label: t('adminContent.news.form.publishUntilName') }, reason: REASON_RULE },
  label,
)

/** The form's field of an issue of the contract's schema: the link's two parts are two fields. */
function fieldOfPath(path: readonly PropertyKey[]): PropertyKey | undefined {
  if (path[0] !== 'link') return path[0]
  return path[1] === 'label' ? 'linkLabel' : 'linkUrl'
}

/** The item's content as the form compares it with what was typed (times to the minute, in Japan time). */
type NewsContent = {
  category: AdminNewsItem['category']
  title: string
  body: string
  link: { label: string; url: string } | null
  priorityLevel: number
  publishUntil: string | null
}

function storedContent(item: AdminNewsItem): NewsContent {
  const { category, title, body, link, priorityLevel, publishUntil } = item
  return { category, title, body, link, priorityLevel, publishUntil: japanTimeInput(publishUntil) }
}

/** What the form sends: a new draft, the fields of an item that changed, or nothing when none did. */
type NewsSend = SaveSend<NewsDraftCreate, NewsChange>

/** The link as typed: both parts or neither, and a place members' page may link to. */
function readLink(values: FormValues, errors: FieldErrors<NewsField>): NewsContent['link'] {
  const linkLabel = values.text('linkLabel').trim()
  const url = values.text('linkUrl').trim()
  if (linkLabel === '' && url === '') return null
  const incomplete = t('adminContent.news.form.errors.linkIncomplete')
  if (linkLabel === '') errors.linkLabel = incomplete
  if (url === '') errors.linkUrl = incomplete
  else if (url.length <= NEWS_LIMITS.linkUrlMax && contentLinkUrl(url) === null)
    errors.linkUrl = t('adminContent.news.form.errors.linkUrl')
  return { label: linkLabel, url }
}

function readNewsForm(
  values: FormValues,
  stored: AdminNewsItem | undefined,
): FormRequest<never, NewsField, NewsSend> {
  const errors: FieldErrors<NewsField> = {}
  const category = values.text('category')
  if (category === '') errors.category = t('adminContent.form.errors.choose', { label: label('category') })
  const link = readLink(values, errors)
  const until = readJapanTime(values, 'publishUntil', RULES.publishUntil.label)
  if (until.kind === 'wrong') errors.publishUntil = until.error
  if (until.kind === 'time' && stored?.publishAt && until.at <= new Date(stored.publishAt)) {
    errors.publishUntil = t('adminContent.news.form.errors.untilBeforePublish', {
      time: japanTime(stored.publishAt),
    })
  }
  const typed = {
    category,
    title: values.text('title'),
    // Line breaks as the server keeps them, whatever the browser sent.
    body: values.text('body').replace(/\r\n?/g, '\n'),
    link,
    priorityLevel: Number(values.text('priorityLevel')),
    publishUntil: until.kind === 'time' ? until.input : null,
  }
  const reason = readReason(values)
  const checked = newsDraftCreateSchema.safeParse({ ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, {
    typed: { ...typed, linkLabel: link?.label, linkUrl: link?.url },
    known: errors,
    fieldOf: fieldOfPath,
  })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  const { reason: _reason, ...content } = checked.data
  if (!stored) return { input: { kind: 'create', body: checked.data } }
  const changed = changedFrom(storedContent(stored), content as NewsContent)
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  const body = newsChangeSchema.parse({ ...changed, reason })
  return { input: { kind: 'change', body } }
}

/**
 * An item's fields, to write a draft (`item` absent) or change an item in any state. The contract's
 * schema checks them before anything is sent; a change sends only the fields that changed, with its
 * reason. What is typed is kept in this tab until it is sent, so a reload loses nothing.
 */
export const NewsForm = withDraft(NewsFormFields, ({ item }) =>
  item ? `admin:news:${item.id}` : 'admin:news:new',
)

function NewsFormFields({
  item,
  kept,
  cancelPath,
  onSaved,
}: {
  item?: AdminNewsItem
  kept: KeptDraft
} & SaveFormProps<AdminNewsItem>) {
  const form = useSaveForm<NewsField, NewsSend, AdminNewsItem>({
    fields: item ? FIELDS : FIELDS.filter((field) => field !== 'reason'),
    draft: kept.key,
    request: (values) => readNewsForm(values, item),
    send: createOrChange(createNews, item && ((body) => changeNews(item.id, body))),
    messages: CONTENT_ERRORS,
    onSaved,
  })
  return (
    <Form form={form} className="stack content-form">
      <DraftRestored kept={kept} />
      <SelectField
        {...form.field('category')}
        label={label('category')}
        defaultValue={form.initial('category', item?.category ?? '')}
        options={[
          { value: '', label: t('adminContent.form.choose') },
          ...NEWS_CATEGORIES.map((category) => ({ value: category, label: newsCategoryName(category) })),
        ]}
      />
      <TextField
        {...form.field('title')}
        label={label('title')}
        defaultValue={form.initial('title', item?.title ?? '')}
        autoComplete="off"
        hint={t('adminContent.form.maxLength', { max: NEWS_LIMITS.titleMax })}
      />
      <TextAreaField
        {...form.field('body')}
        label={label('body')}
        defaultValue={form.initial('body', item?.body ?? '')}
        rows={8}
        hint={t('adminContent.news.form.bodyHint', { max: NEWS_LIMITS.bodyMax })}
      />
      <fieldset className="content-fieldset">
        <legend className="field-label">{t('adminContent.news.form.link')}</legend>
        <p className="field-hint">{t('adminContent.news.form.linkHint')}</p>
        <TextField
          {...form.field('linkLabel')}
          label={label('linkLabel')}
          defaultValue={form.initial('linkLabel', item?.link?.label ?? '')}
          autoComplete="off"
          hint={t('adminContent.form.maxLength', { max: NEWS_LIMITS.linkLabelMax })}
        />
        <TextField
          {...form.field('linkUrl')}
          label={label('linkUrl')}
          defaultValue={form.initial('linkUrl', item?.link?.url ?? '')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="url"
          hint={t('adminContent.news.form.linkUrlHint')}
        />
      </fieldset>
      <SelectField
        {...form.field('priorityLevel')}
        label={label('priorityLevel')}
        hint={t('adminContent.news.form.priorityHint')}
        defaultValue={form.initial('priorityLevel', String(item?.priorityLevel ?? 0))}
        options={Array.from({ length: NEWS_LIMITS.priorityMax + 1 }, (_, level) => ({
          value: String(level),
          label:
            level === 0
              ? t('adminContent.news.form.priorityLowest')
              : level === NEWS_LIMITS.priorityMax
                ? t('adminContent.news.form.priorityHighest')
                : String(level),
        }))}
      />
      <JapanTimeField
        field={form.field('publishUntil')}
        legend={t('adminContent.news.form.publishUntil')}
        hint={t('adminContent.news.form.publishUntilHint')}
        initial={japanTimeStart(form, 'publishUntil', item?.publishUntil ?? null)}
      />
      {item && <ReasonField {...form.field('reason')} />}
      <FormEnd
        form={form}
        submit={item ? undefined : t('adminContent.news.form.create')}
        pendingLabel={item ? undefined : t('adminContent.news.form.creating')}
        cancelPath={cancelPath}
        draft={kept.key}
      />
    </Form>
  )
}
