import {
  type AdminBanner,
  BANNER_ADMIN_LIMITS,
  type BannerChange,
  type BannerCreate,
  type BannerPreviewResult,
  bannerChangeSchema,
  bannerCreateSchema,
} from '@puribox/contract/admin-banners'
import type { BannerSpace } from '@puribox/contract/banners'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Form } from '../../components/form/form'
import { type FormValues, readFormValues } from '../../components/form/form-values'
import { TextAreaField } from '../../components/form/text-area-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import { errorMessage } from '../../lib/error-message'
import { DraftRestored, type KeptDraft, withDraft } from '../kit/drafted-form'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { createOrChange, type SaveFormProps, type SaveSend, useSaveForm } from '../kit/save-form'
import { bannerAccessOf } from './banner-access'
import { changeBanner, createBanner, previewBanner } from './banner-api'
import { BannerView } from './banner-view'
import { useContent } from './content-context'
import {
  changedFrom,
  type FieldRule,
  JapanTimeField,
  japanTimeInput,
  japanTimeStart,
  readJapanTime,
  schemaFieldErrors,
} from './content-form'
import { CONTENT_ERRORS } from './content-messages'
import { t } from './i18n'

type BannerField = 'html' | 'publishAt' | 'publishUntil' | 'reason'

const FIELDS: readonly BannerField[] = ['html', 'publishAt', 'publishUntil', 'reason']

const RULES: Record<BannerField, FieldRule> = {
  html: { label: t('adminContent.banners.form.html') },
  publishAt: { label: t('adminContent.banners.form.publishAtName') },
  publishUntil: { label: t('adminContent.banners.form.publishUntilName') },
  reason: REASON_RULE,
}

/** What the form sends: a new banner, the fields of a banner that changed, or nothing when none did. */
type BannerSend = SaveSend<BannerCreate, BannerChange>

function readBannerForm(
  values: FormValues,
  stored: AdminBanner | undefined,
): FormRequest<never, BannerField, BannerSend> {
  const errors: FieldErrors<BannerField> = {}
  const html = values.text('html').replace(/\r\n?/g, '\n')
  if (html.trim() === '') errors.html = t('adminContent.form.errors.required', { label: RULES.html.label })
  const from = readJapanTime(values, 'publishAt', RULES.publishAt.label)
  const until = readJapanTime(values, 'publishUntil', RULES.publishUntil.label)
  if (from.kind === 'wrong') errors.publishAt = from.error
  // A banner's window always has a start: a change may move it, not take it away.
  if (from.kind === 'empty' && stored)
    errors.publishAt = t('adminContent.form.errors.timeRequired', { label: RULES.publishAt.label })
  if (until.kind === 'wrong') errors.publishUntil = until.error
  const start = from.kind === 'time' ? from.at : stored ? null : undefined
  if (until.kind === 'time' && start && until.at <= start)
    errors.publishUntil = t('adminContent.banners.form.errors.untilBeforeFrom')
  const reason = readReason(values)
  const typed = {
    html,
    ...(from.kind === 'time' ? { publishAt: from.input } : {}),
    ...(until.kind === 'time' ? { publishUntil: until.input } : stored ? { publishUntil: null } : {}),
  }
  const checked = bannerCreateSchema.safeParse({ ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, { typed, known: errors })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  if (!stored) return { input: { kind: 'create', body: checked.data } }
  const changed = changedFrom(
    {
      html: stored.html ?? '',
      publishAt: japanTimeInput(stored.publishAt),
      publishUntil: stored.publishUntil && japanTimeInput(stored.publishUntil),
    },
    {
      html,
      publishAt: from.kind === 'time' ? from.input : '',
      publishUntil: until.kind === 'time' ? until.input : null,
    },
  )
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: bannerChangeSchema.parse({ ...changed, reason }) } }
}

/**
 * A banner's HTML and window, to add one to a space (`banner` absent) or change it, with the server's
 * preview of what members will get: the HTML as its sanitiser leaves it, drawn as members see it.
 * A change sends only what changed, with its reason. What is typed is kept in this tab until sent.
 */
export const BannerForm = withDraft(BannerFormFields, ({ spaceId, banner }) =>
  banner ? `admin:banner:${banner.id}` : `admin:banner:new:${spaceId}`,
)

function BannerFormFields({
  spaceId,
  banner,
  kept,
  cancelPath,
  onSaved,
}: {
  spaceId: BannerSpace
  banner?: AdminBanner
  kept: KeptDraft
} & SaveFormProps<AdminBanner>) {
  const { operator } = useContent()
  const form = useSaveForm<BannerField, BannerSend, AdminBanner>({
    fields: banner ? FIELDS : FIELDS.filter((field) => field !== 'reason'),
    draft: kept.key,
    request: (values) => readBannerForm(values, banner),
    send: createOrChange(
      (body) => createBanner(spaceId, body),
      banner && ((body) => changeBanner(banner.id, body)),
    ),
    // The server refuses a banner as a whole when nothing of its HTML may be shown, or its window is backwards.
    messages: { ...CONTENT_ERRORS, VALIDATION_FAILED: t('adminContent.banners.form.validationFailed') },
    onSaved,
  })
  const [typedHtml, setTypedHtml] = useState<string | null>(null)
  return (
    <Form
      form={form}
      className="stack content-form"
      // The preview is of what was typed when it was asked for: a change afterwards is pointed out.
      onInput={(event) => {
        if ((event.target as HTMLElement).getAttribute('name') === 'html')
          setTypedHtml((event.target as HTMLTextAreaElement).value)
      }}
    >
      <DraftRestored kept={kept} />
      <TextAreaField
        {...form.field('html')}
        label={RULES.html.label}
        defaultValue={form.initial('html', banner?.html ?? '')}
        rows={8}
        spellCheck={false}
        autoCapitalize="off"
        hint={t('adminContent.banners.form.htmlHint', { max: BANNER_ADMIN_LIMITS.htmlMax })}
      />
      {bannerAccessOf(operator.role).preview && (
        <BannerPreview
          read={() => readFormValues(form.formProps.ref.current).text('html')}
          typed={typedHtml}
        />
      )}
      <JapanTimeField
        field={form.field('publishAt')}
        legend={banner ? RULES.publishAt.label : t('adminContent.banners.form.publishAt')}
        hint={
          banner
            ? t('adminContent.banners.form.publishAtChangeHint')
            : t('adminContent.banners.form.publishAtHint')
        }
        initial={japanTimeStart(form, 'publishAt', banner?.publishAt ?? null)}
      />
      <JapanTimeField
        field={form.field('publishUntil')}
        legend={t('adminContent.banners.form.publishUntil')}
        hint={t('adminContent.banners.form.publishUntilHint')}
        initial={japanTimeStart(form, 'publishUntil', banner?.publishUntil ?? null)}
      />
      {banner && <ReasonField {...form.field('reason')} />}
      <FormEnd
        form={form}
        submit={banner ? undefined : t('adminContent.banners.form.create')}
        pendingLabel={banner ? undefined : t('adminContent.banners.form.creating')}
        cancelPath={cancelPath}
        draft={kept.key}
      />
    </Form>
  )
}

/**
 * Asks the server what members would get of the HTML typed (its sanitiser, as when storing and
 * serving; nothing is stored), and shows it drawn as members see it, with whether anything was
 * taken out and the HTML it leaves.
 */
function BannerPreview({ read, typed }: { read: () => string; typed: string | null }) {
  const [asked, setAsked] = useState<string | null>(null)
  const [empty, setEmpty] = useState(false)
  const preview = useMutation({ mutationFn: (html: string) => previewBanner({ html }) })
  function ask() {
    const html = read()
    setEmpty(html.trim() === '')
    if (html.trim() === '') return
    setAsked(html)
    preview.mutate(html)
  }
  const stale = asked !== null && typed !== null && typed !== asked
  return (
    <div className="stack banner-preview">
      <div>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={preview.isPending}
          onClick={ask}
        >
          {preview.isPending
            ? t('adminContent.banners.preview.sending')
            : t('adminContent.banners.preview.button')}
        </button>
      </div>
      <div aria-live="polite">
        {empty && <p className="notice notice--warning">{t('adminContent.banners.preview.htmlEmpty')}</p>}
        {preview.isError && (
          <div className="notice notice--error" role="alert">
            <p>{t('adminContent.banners.preview.failed')}</p>
            <p>{errorMessage(preview.error, CONTENT_ERRORS)}</p>
          </div>
        )}
        {preview.data && !empty && <PreviewResult result={preview.data} stale={stale} />}
      </div>
    </div>
  )
}

function PreviewResult({ result, stale }: { result: BannerPreviewResult; stale: boolean }) {
  return (
    <section className="card console-card stack" aria-labelledby="banner-preview-title">
      <h3 id="banner-preview-title" className="card__title">
        {t('adminContent.banners.preview.title')}
      </h3>
      {stale && <p className="notice notice--warning">{t('adminContent.banners.preview.stale')}</p>}
      <p className="note">{t('adminContent.banners.preview.lead')}</p>
      {result.html === null ? (
        <p className="notice notice--error">{t('adminContent.banners.preview.empty')}</p>
      ) : (
        <>
          <p className={result.changed ? 'notice notice--warning' : 'note'}>
            {result.changed
              ? t('adminContent.banners.preview.changed')
              : t('adminContent.banners.preview.unchanged')}
          </p>
          <BannerView html={result.html} label={t('adminContent.banners.preview.title')} />
          <p className="note">{t('adminContent.banners.preview.linksNote')}</p>
          {result.changed && (
            <details>
              <summary>{t('adminContent.banners.preview.source')}</summary>
              <pre className="banner-source content-code">{result.html}</pre>
            </details>
          )}
        </>
      )}
    </section>
  )
}
