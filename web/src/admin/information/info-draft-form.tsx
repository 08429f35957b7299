import {
  type AdminInformationVersion,
  type InformationDraftChange,
  type InformationDraftCreate,
  informationDraftChangeSchema,
  informationDraftCreateSchema,
  NEW_VERSION_LABEL,
} from '@puribox/contract/admin-information'
import { INFORMATION_LIMITS } from '@puribox/contract/information'
import type { InformationPage } from '@puribox/contract/pages'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { TextAreaField } from '../../components/form/text-area-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import { errorMessage } from '../../lib/error-message'
import { useContent } from '../content/content-context'
import { changedFrom, type FieldRule, schemaFieldErrors } from '../content/content-form'
import { DraftRestored, type KeptDraft, withDraft } from '../kit/drafted-form'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { createOrChange, type SaveFormProps, type SaveSend, useSaveForm } from '../kit/save-form'
import { infoAccessOf } from './info-access'
import { changeInformationDraft, createInformationDraft, previewInformation } from './info-api'
import { InfoDocumentView } from './info-document-view'
import { INFO_ERRORS, t } from './info-i18n'
import { InfoProblems } from './info-labels'

type DraftField = 'version' | 'title' | 'body' | 'reason'

const FIELDS: readonly DraftField[] = ['version', 'title', 'body', 'reason']

const RULES: Record<DraftField, FieldRule> = {
  version: { label: t('adminInformation.form.version') },
  title: { label: t('adminInformation.form.documentTitle') },
  body: { label: t('adminInformation.form.body') },
  reason: REASON_RULE,
}

/** How long typing must pause before the preview is asked for. */
export const PREVIEW_DELAY_MS = 700

/** What the form sends: a new draft, the fields of a draft that changed, or nothing when none did. */
type DraftSend = SaveSend<InformationDraftCreate, InformationDraftChange>

/** The body as the server keeps it: line breaks as `\n`, whatever the browser sent. */
const bodyOf = (values: FormValues) => values.text('body').replace(/\r\n?/g, '\n')

function readDraftForm(
  values: FormValues,
  stored: AdminInformationVersion | undefined,
): FormRequest<never, DraftField, DraftSend> {
  const errors: FieldErrors<DraftField> = {}
  const typed = { version: values.text('version').trim(), title: values.text('title'), body: bodyOf(values) }
  if (typed.version !== '' && !NEW_VERSION_LABEL.test(typed.version)) {
    errors.version = t('adminInformation.form.errors.version')
  }
  const length = typed.body.trim().length
  if (length > INFORMATION_LIMITS.bodyMax) {
    errors.body = t('adminInformation.form.errors.bodyTooLong', {
      max: INFORMATION_LIMITS.bodyMax,
      count: length,
    })
  }
  const reason = readReason(values)
  const checked = informationDraftCreateSchema.safeParse({ ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, { typed, known: errors })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  const { reason: _reason, ...content } = checked.data
  if (!stored) return { input: { kind: 'create', body: checked.data } }
  const changed = changedFrom({ version: stored.version, title: stored.title, body: stored.body }, content)
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: informationDraftChangeSchema.parse({ ...changed, reason }) } }
}

/**
 * A version's label, title and Markdown, to write a new draft (`stored` absent: `start` gives its
 * first text) or change one, beside the server's preview of what members' page would show, asked
 * for as typing pauses. The contract's schema checks the fields before anything is sent; a change
 * sends only what changed, with its reason. What is typed is kept in this tab until it is sent.
 */
export const InfoDraftForm = withDraft(InfoDraftFields, ({ page, stored }) =>
  stored ? `admin:information:${page}:${stored.version}` : `admin:information:new:${page}`,
)

function InfoDraftFields({
  page,
  stored,
  start,
  kept,
  cancelPath,
  onSaved,
}: {
  page: InformationPage
  stored?: AdminInformationVersion
  start?: { title: string; body: string }
  kept: KeptDraft
} & SaveFormProps<AdminInformationVersion>) {
  const { operator } = useContent()
  const form = useSaveForm<DraftField, DraftSend, AdminInformationVersion>({
    fields: stored ? FIELDS : FIELDS.filter((field) => field !== 'reason'),
    draft: kept.key,
    request: (values) => readDraftForm(values, stored),
    send: createOrChange(
      (body) => createInformationDraft(page, body),
      stored && ((body) => changeInformationDraft(page, stored.version, body)),
    ),
    messages: INFO_ERRORS,
    fieldOf: { INFORMATION_VERSION_TAKEN: 'version', PAYLOAD_TOO_LARGE: 'body' },
    onSaved,
  })
  const initialBody = form.initial('body', stored?.body ?? start?.body ?? '')
  const [body, setBody] = useState(initialBody)
  const previewing = infoAccessOf(operator.role).preview
  return (
    <div className="info-editor">
      <Form form={form} className="card console-card stack content-form info-editor__form">
        <DraftRestored kept={kept} />
        <TextField
          {...form.field('version')}
          label={RULES.version.label}
          hint={t('adminInformation.form.versionHint')}
          defaultValue={form.initial('version', stored?.version ?? '')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="url"
        />
        <TextField
          {...form.field('title')}
          label={RULES.title.label}
          hint={t('adminContent.form.maxLength', { max: INFORMATION_LIMITS.titleMax })}
          defaultValue={form.initial('title', stored?.title ?? start?.title ?? '')}
          autoComplete="off"
        />
        <div className="info-body-field">
          <TextAreaField
            {...form.field('body')}
            label={RULES.body.label}
            hint={t('adminInformation.form.bodyHint', { max: INFORMATION_LIMITS.bodyMax })}
            defaultValue={initialBody}
            rows={18}
            spellCheck={false}
            onChange={(event) => setBody(event.target.value)}
          />
          <BodyCount body={body} />
        </div>
        {stored && <ReasonField {...form.field('reason')} />}
        <FormEnd
          form={form}
          submit={stored ? undefined : t('adminInformation.form.create')}
          pendingLabel={stored ? undefined : t('adminInformation.form.creating')}
          cancelPath={cancelPath}
          draft={kept.key}
        />
      </Form>
      {previewing && <InfoLivePreview body={body} />}
    </div>
  )
}

/** How long the body is, counted as the server counts it, against the longest it may be. */
function BodyCount({ body }: { body: string }) {
  const count = body.replace(/\r\n?/g, '\n').trim().length
  const over = count > INFORMATION_LIMITS.bodyMax
  return (
    <p className={`note info-body-count${over ? ' info-body-count--over' : ''}`}>
      {t('adminInformation.form.bodyCount', { count, max: INFORMATION_LIMITS.bodyMax })}
    </p>
  )
}

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

/**
 * The server's rendering of the body typed, as members' page would show it, with what it cannot
 * show: asked for when typing pauses (or at once with the button), nothing stored. While a newer text
 * waits, the last rendering stays, said to be behind.
 */
function InfoLivePreview({ body }: { body: string }) {
  const settled = useSettled(body, PREVIEW_DELAY_MS)
  const [asked, setAsked] = useState<string | null>(null)
  const text = (asked !== null && asked === body ? asked : settled).replace(/\r\n?/g, '\n')
  const tooLong = text.length > INFORMATION_LIMITS.bodyMax
  const preview = useQuery({
    queryKey: ['admin', 'information-preview', text],
    queryFn: ({ signal }) => previewInformation(text, signal),
    enabled: text.trim() !== '' && !tooLong,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30_000,
  })
  const behind = body.replace(/\r\n?/g, '\n') !== text || preview.isPlaceholderData
  return (
    <section className="card console-card stack info-editor__preview" aria-labelledby="info-preview-title">
      <div className="info-preview__head">
        <h2 id="info-preview-title" className="card__title">
          {t('adminInformation.preview.title')}
        </h2>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={preview.isFetching}
          onClick={() => setAsked(body)}
        >
          {preview.isFetching ? t('adminInformation.preview.sending') : t('adminInformation.preview.button')}
        </button>
      </div>
      <p className="note">{t('adminInformation.preview.lead')}</p>
      <div aria-live="polite">
        {text.trim() === '' ? (
          <p className="note">{t('adminInformation.preview.waiting')}</p>
        ) : tooLong ? (
          <p className="notice notice--error">
            {t('adminInformation.form.errors.bodyTooLong', {
              max: INFORMATION_LIMITS.bodyMax,
              count: text.length,
            })}
          </p>
        ) : preview.isError ? (
          <div className="notice notice--error" role="alert">
            <p>{t('adminInformation.preview.failed')}</p>
            <p>{errorMessage(preview.error, INFO_ERRORS)}</p>
          </div>
        ) : preview.data ? (
          <div className="stack">
            {behind && <p className="note info-preview__behind">{t('adminInformation.preview.stale')}</p>}
            {preview.data.problems.length === 0 ? (
              <p className="note info-preview__ok">{t('adminInformation.preview.ok')}</p>
            ) : (
              <InfoProblems problems={preview.data.problems} announce={false} />
            )}
            <div className="info-phone">
              <InfoDocumentView blocks={preview.data.blocks} label={t('adminInformation.preview.title')} />
            </div>
          </div>
        ) : (
          <p className="note">{t('adminInformation.preview.sending')}</p>
        )}
      </div>
    </section>
  )
}
