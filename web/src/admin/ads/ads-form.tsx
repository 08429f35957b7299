import {
  AD_ADMIN_LIMITS,
  type AdChange,
  type AdDraftCreate,
  type AdminAd,
  adChangeSchema,
  adDraftCreateSchema,
} from '@puribox/contract/admin-ads'
import { AD_AGE_TARGETS, AD_LINK_TYPES, AD_MEDIA_TYPES } from '@puribox/contract/ads'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { useState } from 'react'
import { FieldNotes } from '../../components/form/field-notes'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import {
  changedFrom,
  type FieldRule,
  JapanTimeField,
  japanTimeInput,
  japanTimeStart,
  readJapanTime,
  schemaFieldErrors,
} from '../content/content-form'
import { japanTime } from '../content/content-format'
import { DraftRestored, type KeptDraft, useChoicesKept, withDraft } from '../kit/drafted-form'
import { fieldRules } from '../kit/field-rules'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { createOrChange, type SaveFormProps, type SaveSend, useSaveForm } from '../kit/save-form'
import { changeAd, createAd } from './ads-api'
import { t } from './ads-i18n'
import { ADS_ERRORS } from './ads-labels'
import { AdPictureField } from './ads-picture-field'

type AdField =
  | 'name'
  | 'conversionId'
  | 'title'
  | 'text'
  | 'linkType'
  | 'linkUrl'
  | 'mediaType'
  | 'mediaUrl'
  | 'audience'
  | 'ageTarget'
  | 'priority'
  | 'endsAt'
  | 'reason'

const FIELDS: readonly AdField[] = [
  'name',
  'conversionId',
  'title',
  'text',
  'linkType',
  'linkUrl',
  'mediaType',
  'mediaUrl',
  'audience',
  'ageTarget',
  'priority',
  'endsAt',
  'reason',
]

const AUDIENCES = ['forGuests', 'forMini', 'forPremium'] as const
type Audience = (typeof AUDIENCES)[number]

type Labelled =
  | 'name'
  | 'conversionId'
  | 'title'
  | 'text'
  | 'link'
  | 'linkType'
  | 'linkUrl'
  | 'mediaType'
  | 'audience'
  | 'age'
  | 'priority'

const label = (field: Labelled) => t(`adminAds.form.${field}`)

const RULES = fieldRules<AdField, 'mediaUrl' | 'ageTarget' | 'endsAt' | 'reason', FieldRule>(
  FIELDS,
  {
    mediaUrl: { label: t('adminAds.form.picture') },
    ageTarget: { label: label('age') },
    endsAt: { label: t('adminAds.form.endsAtName') },
    reason: REASON_RULE,
  },
  label,
)

/** Which field of the form an issue of the contract's schema is about: the memberships are one. */
function fieldOfPath(path: readonly PropertyKey[]): PropertyKey | undefined {
  const [first] = path
  return typeof first === 'string' && (AUDIENCES as readonly string[]).includes(first) ? 'audience' : first
}

/** An ad's content as the form compares it with what was typed (times to the minute, in Japan time). */
type AdContent = Omit<AdDraftCreate, 'reason' | 'priority' | 'ageTarget' | 'endsAt'> & {
  priority: number
  ageTarget: AdminAd['ageTarget']
  endsAt: string | null
}

function storedContent(ad: AdminAd): AdContent {
  return {
    conversionId: ad.conversionId,
    name: ad.name,
    title: ad.title,
    text: ad.text,
    linkType: ad.linkType,
    linkUrl: ad.linkUrl,
    mediaType: ad.mediaType,
    mediaUrl: ad.mediaUrl,
    forGuests: ad.forGuests,
    forMini: ad.forMini,
    forPremium: ad.forPremium,
    ageTarget: ad.ageTarget,
    priority: ad.priority,
    endsAt: japanTimeInput(ad.endsAt),
  }
}

/** What the form sends: a new draft, the fields of an ad that changed, or nothing when none did. */
type AdSend = SaveSend<AdDraftCreate, AdChange>

function isHttpsAddress(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/** The memberships as the hidden text carries them: their keys, a space between. */
function readAudience(text: string): Audience[] {
  return AUDIENCES.filter((key) => text.split(' ').includes(key))
}

/**
 * Checks the form as the server would (the contract's schema, and the members' rules for links and
 * pictures) and answers what to send, or each field's Japanese error. The picture is checked apart
 * from the schema: an ad written before the console may carry a long inline picture, kept as it is.
 */
function readAdForm(
  values: FormValues,
  stored: AdminAd | undefined,
  now: Date,
): FormRequest<never, AdField, AdSend> {
  const errors: FieldErrors<AdField> = {}
  const conversionId = values.text('conversionId').trim()
  if (conversionId !== '' && !/^[\x21-\x7e]+$/.test(conversionId))
    errors.conversionId = t('adminAds.form.errors.conversionId')
  const linkType = values.text('linkType') as AdContent['linkType']
  const linkUrl = values.text('linkUrl').trim()
  if (linkUrl !== '' && linkUrl.length <= AD_ADMIN_LIMITS.linkUrlMax) {
    if (linkType === 'INTERNAL' && sameOriginPath(linkUrl) === null)
      errors.linkUrl = t('adminAds.form.errors.linkInternal')
    if (linkType === 'EXTERNAL' && !isHttpsAddress(linkUrl))
      errors.linkUrl = t('adminAds.form.errors.linkExternal')
  }
  const mediaType = values.text('mediaType') as AdContent['mediaType']
  const mediaUrl = mediaType === 'IMAGE' ? values.text('mediaUrl') || null : null
  if (mediaType === 'IMAGE' && mediaUrl === null) errors.mediaUrl = t('adminAds.form.errors.picture')
  const audience = readAudience(values.text('audience'))
  if (audience.length === 0) errors.audience = t('adminAds.form.errors.audience')
  const priorityText = values.text('priority').trim()
  const priority = /^\d{1,3}$/.test(priorityText) ? Number(priorityText) : Number.NaN
  if (!(priority >= 0 && priority <= AD_ADMIN_LIMITS.priorityMax))
    errors.priority = t('adminAds.form.errors.priority', { max: AD_ADMIN_LIMITS.priorityMax })
  const ends = readJapanTime(values, 'endsAt', RULES.endsAt.label)
  if (ends.kind === 'wrong') errors.endsAt = ends.error
  const endsChanged = ends.kind === 'time' && ends.input !== (stored ? japanTimeInput(stored.endsAt) : null)
  if (ends.kind === 'time' && endsChanged && ends.at <= now)
    errors.endsAt = t('adminAds.form.errors.endsPassed')
  else if (ends.kind === 'time' && endsChanged && stored?.startsAt && ends.at <= new Date(stored.startsAt))
    errors.endsAt = t('adminAds.form.errors.endsBeforeStart', { time: japanTime(stored.startsAt) })
  const typed = {
    name: values.text('name'),
    conversionId,
    title: values.text('title'),
    text: values.text('text'),
    linkType,
    linkUrl,
    mediaType,
    forGuests: audience.includes('forGuests'),
    forMini: audience.includes('forMini'),
    forPremium: audience.includes('forPremium'),
    ageTarget: values.text('ageTarget') as AdContent['ageTarget'],
    priority: Number.isNaN(priority) ? 0 : priority,
    endsAt: ends.kind === 'time' ? ends.input : null,
  }
  const reason = readReason(values)
  const checked = adDraftCreateSchema.omit({ mediaUrl: true }).safeParse({ ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, { typed, known: errors, fieldOf: fieldOfPath })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  const { reason: _reason, ...checkedContent } = checked.data
  const content = { ...checkedContent, mediaUrl } as AdContent
  if (!stored) return { input: { kind: 'create', body: { ...content, ...(reason ? { reason } : {}) } } }
  const changed = changedFrom(storedContent(stored), content)
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  // The picture is sent only when it changed, so a long inline one is never sent back.
  const body = adChangeSchema.omit({ mediaUrl: true }).parse({ ...changed, reason })
  return { input: { kind: 'change', body: { ...body, ...('mediaUrl' in changed ? { mediaUrl } : {}) } } }
}

/**
 * An ad's fields, to write a draft in a space (`ad` absent) or change an ad. Checked before anything
 * is sent, in Japanese beside each field; a change sends only the fields that changed, with its
 * reason. What is typed and chosen (the picture uploaded, the memberships ticked) is kept in this
 * tab until it is sent, so a reload loses nothing.
 */
export const AdForm = withDraft(AdFormFields, ({ spaceId, ad }) =>
  ad ? `admin:ad:${ad.id}` : `admin:ad:new:${spaceId}`,
)

function AdFormFields({
  spaceId,
  ad,
  kept,
  cancelPath,
  onSaved,
}: {
  spaceId: string
  ad?: AdminAd
  kept: KeptDraft
} & SaveFormProps<AdminAd>) {
  const form = useSaveForm<AdField, AdSend, AdminAd>({
    fields: ad ? FIELDS : FIELDS.filter((field) => field !== 'reason'),
    draft: kept.key,
    request: (values) => readAdForm(values, ad, new Date()),
    send: createOrChange((body) => createAd(spaceId, body), ad && ((body) => changeAd(ad.id, body))),
    messages: ADS_ERRORS,
    fieldOf: {
      AD_CONVERSION_ID_TAKEN: 'conversionId',
      IMAGE_MISSING: 'mediaUrl',
      AD_WINDOW_INVALID: 'endsAt',
    },
    onSaved,
  })
  const [mediaType, setMediaType] = useState(form.initial('mediaType', ad?.mediaType ?? 'IMAGE'))
  const [mediaUrl, setMediaUrl] = useState(form.initial('mediaUrl', ad?.mediaUrl ?? ''))
  const [audience, setAudience] = useState<Audience[]>(() =>
    readAudience(
      form.initial('audience', ad ? AUDIENCES.filter((key) => ad[key]).join(' ') : AUDIENCES.join(' ')),
    ),
  )
  // The picture and the memberships are kept in the tab's draft as typing is: the form's change
  // event does not see them, so they are saved when they change (not when the form first shows them).
  const choices = JSON.stringify({ mediaUrl, audience })
  useChoicesKept(kept, form, choices)
  const audienceField = form.field('audience')
  return (
    <Form form={form} className="stack content-form">
      <DraftRestored kept={kept} />
      <TextField
        {...form.field('name')}
        label={label('name')}
        defaultValue={form.initial('name', ad?.name ?? '')}
        autoComplete="off"
        hint={t('adminAds.form.nameHint', { max: AD_ADMIN_LIMITS.nameMax })}
      />
      <TextField
        {...form.field('conversionId')}
        label={label('conversionId')}
        defaultValue={form.initial('conversionId', ad?.conversionId ?? '')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        hint={t('adminAds.form.conversionIdHint', { max: AD_ADMIN_LIMITS.conversionIdMax })}
      />
      <TextField
        {...form.field('title')}
        label={label('title')}
        defaultValue={form.initial('title', ad?.title ?? '')}
        autoComplete="off"
        hint={t('adminContent.form.maxLength', { max: AD_ADMIN_LIMITS.titleMax })}
      />
      <TextField
        {...form.field('text')}
        label={label('text')}
        defaultValue={form.initial('text', ad?.text ?? '')}
        autoComplete="off"
        hint={t('adminAds.form.textHint', { max: AD_ADMIN_LIMITS.textMax })}
      />
      <fieldset className="content-fieldset">
        <legend className="field-label">{label('link')}</legend>
        <SelectField
          {...form.field('linkType')}
          label={label('linkType')}
          defaultValue={form.initial('linkType', ad?.linkType ?? 'EXTERNAL')}
          options={AD_LINK_TYPES.map((type) => ({
            value: type,
            label: t(`adminAds.form.linkTypes.${type}`),
          }))}
        />
        <TextField
          {...form.field('linkUrl')}
          label={label('linkUrl')}
          defaultValue={form.initial('linkUrl', ad?.linkUrl ?? '')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="url"
          hint={t('adminAds.form.linkUrlHint')}
        />
      </fieldset>
      <SelectField
        {...form.field('mediaType')}
        label={label('mediaType')}
        defaultValue={mediaType}
        onChange={(event) => setMediaType(event.target.value)}
        options={AD_MEDIA_TYPES.map((type) => ({
          value: type,
          label: t(`adminAds.form.mediaTypes.${type}`),
        }))}
      />
      {mediaType === 'IMAGE' ? (
        <AdPictureField field={form.field('mediaUrl')} value={mediaUrl} onChange={setMediaUrl} />
      ) : (
        // Kept while the ad is a text one, so choosing a picture again brings it back.
        <input type="text" name="mediaUrl" value={mediaUrl} hidden readOnly />
      )}
      <fieldset className="content-fieldset">
        <legend className="field-label">{label('audience')}</legend>
        <p className="field-hint">{t('adminAds.form.audienceHint')}</p>
        <div className="ads-choices">
          {AUDIENCES.map((key, index) => (
            <label key={key} className="checkbox">
              <input
                type="checkbox"
                id={index === 0 ? audienceField.id : undefined}
                checked={audience.includes(key)}
                aria-invalid={Boolean(audienceField.error)}
                onChange={(event) =>
                  setAudience((current) =>
                    AUDIENCES.filter((item) =>
                      item === key ? event.target.checked : current.includes(item),
                    ),
                  )
                }
              />
              <span>{t(`adminAds.audiences.${key}`)}</span>
            </label>
          ))}
        </div>
        <FieldNotes id={audienceField.id} error={audienceField.error} />
        <input type="text" name="audience" value={audience.join(' ')} hidden readOnly />
      </fieldset>
      <SelectField
        {...form.field('ageTarget')}
        label={label('age')}
        hint={t('adminAds.form.ageHint')}
        defaultValue={form.initial('ageTarget', ad?.ageTarget ?? 'ALL')}
        options={AD_AGE_TARGETS.map((age) => ({ value: age, label: t(`adminAds.ages.${age}`) }))}
      />
      <TextField
        {...form.field('priority')}
        label={label('priority')}
        defaultValue={form.initial('priority', String(ad?.priority ?? 0))}
        inputMode="numeric"
        autoComplete="off"
        hint={t('adminAds.form.priorityHint', { max: AD_ADMIN_LIMITS.priorityMax })}
      />
      <JapanTimeField
        field={form.field('endsAt')}
        legend={t('adminAds.form.endsAt')}
        hint={t('adminAds.form.endsAtHint')}
        initial={japanTimeStart(form, 'endsAt', ad?.endsAt ?? null)}
      />
      {ad && <ReasonField {...form.field('reason')} />}
      <FormEnd
        form={form}
        submit={ad ? undefined : t('adminAds.form.create')}
        pendingLabel={ad ? undefined : t('adminAds.form.creating')}
        cancelPath={cancelPath}
        draft={kept.key}
      />
    </Form>
  )
}
