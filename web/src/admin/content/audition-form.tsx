import {
  type AdminAuditionDetail,
  AUDITION_ADMIN_LIMITS,
  AUDITION_ID_PATTERN,
  type AuditionChange,
  type AuditionCreate,
  auditionChangeSchema,
  auditionCreateSchema,
} from '@puribox/contract/admin-auditions'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { TextAreaField } from '../../components/form/text-area-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import { DraftRestored, type KeptDraft, withDraft } from '../kit/drafted-form'
import { fieldRules } from '../kit/field-rules'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { createOrChange, type SaveFormProps, type SaveSend, useSaveForm } from '../kit/save-form'
import { changeAudition, createAudition } from './audition-api'
import { AUDITION_ERRORS, t } from './audition-i18n'
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
import './audition.css'

type AuditionField =
  | 'id'
  | 'title'
  | 'organizer'
  | 'description'
  | 'minAge'
  | 'maxAge'
  | 'opensAt'
  | 'closesAt'
  | 'reason'

const FIELDS: readonly AuditionField[] = [
  'id',
  'title',
  'organizer',
  'description',
  'minAge',
  'maxAge',
  'opensAt',
  'closesAt',
  'reason',
]

const label = (field: Exclude<AuditionField, 'reason'>) => t(`adminAuditions.form.names.${field}`)

const RULES = fieldRules<AuditionField, 'reason', FieldRule>(FIELDS, { reason: REASON_RULE }, label)

/** What the form sends: a new audition, the fields of one that changed, or nothing when none did. */
type AuditionSend = SaveSend<AuditionCreate, AuditionChange>

/** The audition's fields as the form compares them with what was typed (times to the minute, Japan time). */
type AuditionContent = Omit<AuditionCreate, 'id' | 'reason' | 'opensAt'> & { opensAt?: string }

function storedContent(audition: AdminAuditionDetail): AuditionContent {
  const { title, organizer, description, minAge, maxAge } = audition
  return {
    title,
    organizer,
    description,
    minAge,
    maxAge,
    opensAt: japanTimeInput(audition.opensAt),
    closesAt: japanTimeInput(audition.closesAt),
  }
}

/** An age as typed, full-width digits too; null when it is not a whole number of years the table takes. */
function readAge(text: string): number | null {
  const typed = text.normalize('NFKC').trim()
  if (!/^\d{1,3}$/.test(typed)) return null
  const age = Number(typed)
  return age >= AUDITION_ADMIN_LIMITS.ageMin && age <= AUDITION_ADMIN_LIMITS.ageMax ? age : null
}

function readAuditionForm(
  values: FormValues,
  stored: AdminAuditionDetail | undefined,
  now: Date,
): FormRequest<never, AuditionField, AuditionSend> {
  const errors: FieldErrors<AuditionField> = {}
  const id = values.text('id').normalize('NFKC').trim()
  if (!stored) {
    if (id === '') errors.id = t('adminContent.form.errors.required', { label: label('id') })
    else if (!AUDITION_ID_PATTERN.test(id)) errors.id = t('adminAuditions.form.errors.id')
  }
  const ages = (['minAge', 'maxAge'] as const).map((field) => {
    const text = values.text(field)
    const age = readAge(text)
    if (text.trim() === '') errors[field] = t('adminContent.form.errors.required', { label: label(field) })
    else if (age === null) errors[field] = t('adminAuditions.form.errors.age', { label: label(field) })
    return age
  })
  const [minAge, maxAge] = ages as [number | null, number | null]
  if (minAge !== null && maxAge !== null && minAge > maxAge) {
    errors.maxAge = t('adminAuditions.form.errors.agesOrder')
  }
  // Once an audition has opened, its opening is not the form's: it is shown, not typed.
  const opensFixed = stored !== undefined && stored.state !== 'upcoming'
  const opens = opensFixed
    ? ({ kind: 'time', input: japanTimeInput(stored.opensAt), at: new Date(stored.opensAt) } as const)
    : readJapanTime(values, 'opensAt', label('opensAt'))
  if (opens.kind === 'empty')
    errors.opensAt = t('adminContent.form.errors.timeRequired', { label: label('opensAt') })
  if (opens.kind === 'wrong') errors.opensAt = opens.error
  const closes = readJapanTime(values, 'closesAt', label('closesAt'))
  if (closes.kind === 'empty')
    errors.closesAt = t('adminContent.form.errors.timeRequired', { label: label('closesAt') })
  if (closes.kind === 'wrong') errors.closesAt = closes.error
  if (closes.kind === 'time') {
    const closesChanged = !stored || closes.input !== japanTimeInput(stored.closesAt)
    if (opens.kind === 'time' && closes.at <= opens.at) {
      errors.closesAt = t('adminAuditions.form.errors.closesBeforeOpens')
    } else if (closesChanged && closes.at <= now) {
      errors.closesAt = t('adminAuditions.form.errors.closesPassed')
    }
  }
  const typed = {
    title: values.text('title'),
    organizer: values.text('organizer'),
    // Line breaks as the server keeps them, whatever the browser sent.
    description: values.text('description').replace(/\r\n?/g, '\n'),
    minAge: minAge ?? 0,
    maxAge: maxAge ?? 0,
    opensAt: opens.kind === 'time' ? opens.input : '',
    closesAt: closes.kind === 'time' ? closes.input : '',
  }
  const reason = readReason(values)
  const checked = auditionCreateSchema.safeParse({ id: stored?.id ?? id, ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, {
    typed: { ...typed, id, minAge: values.text('minAge'), maxAge: values.text('maxAge') },
    known: errors,
  })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  if (!stored) return { input: { kind: 'create', body: checked.data } }
  const { id: _id, reason: _reason, ...content } = checked.data
  const { opensAt, ...rest } = content
  const changed = changedFrom(storedContent(stored), opensFixed ? rest : content)
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: auditionChangeSchema.parse({ ...changed, reason }) } }
}

/**
 * An audition's fields, to write one (`audition` absent) or change one not closed. The contract's
 * schema and the audition's own rules (ages in order, an end after the opening and to come) are told
 * beside each field in Japanese before anything is sent; a change sends only the fields that changed,
 * with its reason. What is typed is kept in this tab until it is sent, so a reload loses nothing.
 */
export const AuditionForm = withDraft(AuditionFormFields, ({ audition }) =>
  audition ? `admin:audition:${audition.id}` : 'admin:audition:new',
)

function AuditionFormFields({
  audition,
  kept,
  cancelPath,
  onSaved,
}: {
  audition?: AdminAuditionDetail
  kept: KeptDraft
} & SaveFormProps<AdminAuditionDetail>) {
  const opensFixed = audition !== undefined && audition.state !== 'upcoming'
  const form = useSaveForm<AuditionField, AuditionSend, AdminAuditionDetail>({
    fields: FIELDS.filter(
      (field) => !(audition ? field === 'id' || (opensFixed && field === 'opensAt') : field === 'reason'),
    ),
    draft: kept.key,
    request: (values) => readAuditionForm(values, audition, new Date()),
    send: createOrChange(createAudition, audition && ((body) => changeAudition(audition.id, body))),
    messages: AUDITION_ERRORS,
    fieldOf: { AUDITION_TAKEN: 'id' },
    onSaved,
  })
  return (
    <Form form={form} className="stack content-form">
      <DraftRestored kept={kept} />
      {!audition && (
        <TextField
          {...form.field('id')}
          label={label('id')}
          defaultValue={form.initial('id', '')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          inputClassName="content-code"
          hint={t('adminAuditions.form.idHint')}
        />
      )}
      <TextField
        {...form.field('title')}
        label={label('title')}
        defaultValue={form.initial('title', audition?.title ?? '')}
        autoComplete="off"
        hint={t('adminContent.form.maxLength', { max: AUDITION_ADMIN_LIMITS.titleMax })}
      />
      <TextField
        {...form.field('organizer')}
        label={label('organizer')}
        defaultValue={form.initial('organizer', audition?.organizer ?? '')}
        autoComplete="off"
        hint={t('adminContent.form.maxLength', { max: AUDITION_ADMIN_LIMITS.organizerMax })}
      />
      <TextAreaField
        {...form.field('description')}
        label={label('description')}
        defaultValue={form.initial('description', audition?.description ?? '')}
        rows={6}
        hint={t('adminAuditions.form.descriptionHint', { max: AUDITION_ADMIN_LIMITS.descriptionMax })}
      />
      <fieldset className="content-fieldset">
        <legend className="field-label">{t('adminAuditions.form.ages')}</legend>
        <p className="field-hint">{t('adminAuditions.form.agesHint')}</p>
        <div className="content-pair">
          <TextField
            {...form.field('minAge')}
            label={t('adminAuditions.form.minAge')}
            defaultValue={form.initial('minAge', audition ? String(audition.minAge) : '')}
            inputMode="numeric"
            autoComplete="off"
            inputClassName="audition-age"
          />
          <TextField
            {...form.field('maxAge')}
            label={t('adminAuditions.form.maxAge')}
            defaultValue={form.initial('maxAge', audition ? String(audition.maxAge) : '')}
            inputMode="numeric"
            autoComplete="off"
            inputClassName="audition-age"
          />
        </div>
      </fieldset>
      {opensFixed ? (
        <div className="content-fieldset">
          <p className="field-label">{label('opensAt')}</p>
          <p className="field-hint">
            {t('adminAuditions.form.opensAtFixed', { time: japanTime(audition.opensAt) })}
          </p>
        </div>
      ) : (
        <JapanTimeField
          field={form.field('opensAt')}
          legend={label('opensAt')}
          hint={t('adminAuditions.form.opensAtHint')}
          initial={japanTimeStart(form, 'opensAt', audition?.opensAt ?? null)}
        />
      )}
      <JapanTimeField
        field={form.field('closesAt')}
        legend={label('closesAt')}
        hint={t('adminAuditions.form.closesAtHint')}
        initial={japanTimeStart(form, 'closesAt', audition?.closesAt ?? null)}
      />
      {audition && <ReasonField {...form.field('reason')} />}
      <FormEnd
        form={form}
        submit={audition ? undefined : t('adminAuditions.form.create')}
        pendingLabel={audition ? undefined : t('adminAuditions.form.creating')}
        cancelPath={cancelPath}
        draft={kept.key}
      />
    </Form>
  )
}
