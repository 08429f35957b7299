import {
  type AdminMachineModel,
  BOOTH_ADMIN_LIMITS,
  type MachineModelChange,
  type MachineModelCreate,
  machineModelChangeSchema,
  machineModelCreateSchema,
} from '@puribox/contract/admin-booths'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { TextAreaField } from '../../components/form/text-area-field'
import { TextField } from '../../components/form/text-field'
import type { FormRequest } from '../../components/form/use-contract-form'
import { fieldRules } from '../kit/field-rules'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { createOrChange, type SaveFormProps, type SaveSend, useSaveForm } from '../kit/save-form'
import { changedFrom, type FieldRule, schemaFieldErrors, typedNumber } from './booth-form-errors'
import { BOOTH_ERRORS } from './booth-messages'
import { changeModel, createModel } from './booths-api'
import { t } from './i18n'

type ModelField =
  | 'id'
  | 'name'
  | 'nameKana'
  | 'seriesId'
  | 'seriesName'
  | 'version'
  | 'releasedOn'
  | 'shots'
  | 'sampleCount'
  | 'description'
  | 'reason'

/** The fields that can be wrong, in the order they stand (the two tick boxes cannot be). */
const FIELDS: readonly ModelField[] = [
  'id',
  'name',
  'nameKana',
  'seriesId',
  'seriesName',
  'version',
  'releasedOn',
  'shots',
  'sampleCount',
  'description',
  'reason',
]

const label = (field: Exclude<ModelField, 'reason'>) => t(`adminBooths.modelForm.${field}`)

const RULES = fieldRules<
  ModelField,
  'id' | 'seriesId' | 'releasedOn' | 'shots' | 'sampleCount' | 'reason',
  FieldRule
>(
  FIELDS,
  {
    id: { label: label('id'), id: true },
    seriesId: { label: label('seriesId'), id: true },
    releasedOn: { label: label('releasedOn'), day: true },
    shots: { label: label('shots'), range: { min: 1, max: BOOTH_ADMIN_LIMITS.shotsMax } },
    sampleCount: { label: label('sampleCount'), range: { min: 0, max: BOOTH_ADMIN_LIMITS.sampleCountMax } },
    reason: REASON_RULE,
  },
  label,
)

type ModelSend = SaveSend<MachineModelCreate, MachineModelChange>

/** The model's fields as typed, before the contract's schema checks (and trims) them. */
function typedModel(values: FormValues) {
  return {
    name: values.text('name'),
    nameKana: values.text('nameKana'),
    seriesId: values.text('seriesId').trim(),
    seriesName: values.text('seriesName'),
    version: values.text('version'),
    releasedOn: values.text('releasedOn').trim(),
    description: values.text('description'),
    supportsRawPuri: values.checked('supportsRawPuri'),
    supportsIdFederation: values.checked('supportsIdFederation'),
    shots: typedNumber(values.text('shots')),
    sampleCount: typedNumber(values.text('sampleCount')),
  }
}

function readModelForm(
  values: FormValues,
  stored: AdminMachineModel | undefined,
): FormRequest<never, ModelField, ModelSend> {
  if (!stored) {
    const typed = { id: values.text('id').trim(), ...typedModel(values) }
    const checked = machineModelCreateSchema.safeParse(typed)
    const wrong = schemaFieldErrors(checked.error, RULES, { typed })
    if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
    return { input: { kind: 'create', body: checked.data } }
  }
  const reason = readReason(values)
  const typed = typedModel(values)
  // Every field is sent to the check (the change schema's are optional, the form's are not).
  const checked = machineModelCreateSchema
    .omit({ id: true })
    .extend({ reason: machineModelChangeSchema.shape.reason })
    .safeParse({ ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, { typed })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  const { reason: _, ...fields } = checked.data
  const { id: __, createdAt: ___, ...storedFields } = stored
  const changed = changedFrom(storedFields, fields)
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: { ...changed, reason } } }
}

/**
 * A machine model's fields, to register one (`model` absent) or change it: what a kind of booth is,
 * what it supports and how many sample pictures it has in storage.
 */
export function ModelForm({
  model,
  cancelPath,
  onSaved,
}: {
  model?: AdminMachineModel
} & SaveFormProps<AdminMachineModel>) {
  const form = useSaveForm<ModelField, ModelSend, AdminMachineModel>({
    fields: model ? FIELDS.filter((field) => field !== 'id') : FIELDS.filter((field) => field !== 'reason'),
    request: (values) => readModelForm(values, model),
    send: createOrChange(createModel, model && ((body) => changeModel(model.id, body))),
    messages: BOOTH_ERRORS,
    fieldOf: { MACHINE_MODEL_TAKEN: 'id' },
    onSaved,
  })
  const text = (name: Exclude<ModelField, 'reason'>, stored: string | undefined, hint?: string) => (
    <TextField
      {...form.field(name)}
      label={label(name)}
      defaultValue={stored}
      hint={hint}
      autoComplete="off"
    />
  )
  return (
    <Form form={form} className="stack booth-form">
      {!model && (
        <TextField
          {...form.field('id')}
          label={label('id')}
          hint={t('adminBooths.modelForm.idHint')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
      )}
      {text('name', model?.name)}
      {text('nameKana', model?.nameKana, t('adminBooths.modelForm.nameKanaHint'))}
      <div className="booth-pair">
        <TextField
          {...form.field('seriesId')}
          label={label('seriesId')}
          defaultValue={model?.seriesId}
          hint={t('adminBooths.modelForm.seriesIdHint')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
        {text('seriesName', model?.seriesName)}
      </div>
      <div className="booth-pair">
        {text('version', model?.version)}
        <TextField
          {...form.field('releasedOn')}
          label={label('releasedOn')}
          type="date"
          defaultValue={model?.releasedOn}
        />
      </div>
      <div className="booth-pair">
        <TextField
          {...form.field('shots')}
          label={label('shots')}
          defaultValue={model ? String(model.shots) : ''}
          inputMode="numeric"
          autoComplete="off"
          hint={t('adminBooths.modelForm.shotsHint', { max: BOOTH_ADMIN_LIMITS.shotsMax })}
        />
        <TextField
          {...form.field('sampleCount')}
          label={label('sampleCount')}
          defaultValue={model ? String(model.sampleCount) : '0'}
          inputMode="numeric"
          autoComplete="off"
          hint={t('adminBooths.modelForm.sampleCountHint')}
        />
      </div>
      <fieldset className="booth-fieldset">
        <legend className="field-label">{t('adminBooths.modelForm.supports')}</legend>
        <label className="checkbox">
          <input type="checkbox" name="supportsRawPuri" defaultChecked={model?.supportsRawPuri ?? false} />
          <span>{t('adminBooths.modelForm.supportsRawPuri')}</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            name="supportsIdFederation"
            defaultChecked={model?.supportsIdFederation ?? false}
          />
          <span>{t('adminBooths.modelForm.supportsIdFederation')}</span>
        </label>
      </fieldset>
      <TextAreaField
        {...form.field('description')}
        label={t('adminBooths.modelForm.descriptionOptional')}
        defaultValue={model?.description}
        hint={t('adminBooths.form.maxLength', { max: BOOTH_ADMIN_LIMITS.descriptionMax })}
      />
      {model && <ReasonField {...form.field('reason')} />}
      <FormEnd
        form={form}
        submit={model ? undefined : t('adminBooths.form.create')}
        pendingLabel={model ? undefined : t('adminBooths.form.creating')}
        actionsClass="booth-form__actions"
        cancelPath={cancelPath}
      />
    </Form>
  )
}
