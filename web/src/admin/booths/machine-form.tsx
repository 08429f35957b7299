import {
  type AdminMachine,
  type AdminMachineModel,
  BOOTH_ADMIN_LIMITS,
  type MachineChange,
  type MachineCreate,
  machineChangeSchema,
  machineCreateSchema,
} from '@puribox/contract/admin-booths'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import { fieldRules } from '../kit/field-rules'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { createOrChange, type SaveFormProps, type SaveSend, useSaveForm } from '../kit/save-form'
import { changedFrom, type FieldRule, schemaFieldErrors } from './booth-form-errors'
import { BOOTH_ERRORS } from './booth-messages'
import { useModels } from './booth-queries'
import { changeMachine, createMachine } from './booths-api'
import { t } from './i18n'
import { LoadedOr } from './loaded-or'

type MachineField = 'id' | 'modelId' | 'name' | 'version' | 'reason'

const FIELDS: readonly MachineField[] = ['id', 'modelId', 'name', 'version', 'reason']

const label = (field: Exclude<MachineField, 'reason'>) => t(`adminBooths.machineForm.${field}`)

const RULES = fieldRules<MachineField, 'id' | 'reason', FieldRule>(
  FIELDS,
  { id: { label: label('id'), id: true }, reason: REASON_RULE },
  label,
)

/** What the form sends: a new machine, the fields of one that changed, or nothing when none did. */
type MachineSend = SaveSend<MachineCreate, MachineChange>

/** A text the machine may leave to its model: absent when left empty. */
const optional = (text: string) => (text.trim() === '' ? undefined : text)

function readMachineForm(
  values: FormValues,
  stored: AdminMachine | undefined,
): FormRequest<never, MachineField, MachineSend> {
  const errors: FieldErrors<MachineField> = {}
  const modelId = values.text('modelId')
  const reason = readReason(values)
  if (!stored) {
    if (modelId === '') errors.modelId = t('adminBooths.form.errors.choose', { label: label('modelId') })
    const typed = {
      id: values.text('id').trim(),
      modelId,
      name: optional(values.text('name')),
      version: optional(values.text('version')),
    }
    const checked = machineCreateSchema.safeParse(typed)
    const wrong = schemaFieldErrors(checked.error, RULES, { typed: { id: typed.id }, known: errors })
    if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
    return { input: { kind: 'create', body: checked.data } }
  }
  const typed = {
    // A machine whose model is no longer known keeps it unless one is chosen.
    ...(modelId !== '' ? { modelId } : {}),
    name: values.text('name'),
    version: values.text('version'),
  }
  const checked = machineChangeSchema.safeParse({ ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, { typed, known: errors })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  const { reason: _, ...fields } = checked.data
  const changed = changedFrom(
    { modelId: stored.modelId ?? undefined, name: stored.name, version: stored.version },
    fields,
  )
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: { ...changed, reason } } }
}

/** The models to choose from: name and id, the newest first as the list has them. */
function modelOptions(models: readonly AdminMachineModel[], first: string) {
  return [
    { value: '', label: first },
    ...models.map((model) => ({
      value: model.id,
      label: t('adminBooths.machineForm.modelOption', { name: model.name, id: model.id }),
    })),
  ]
}

/**
 * A machine's fields, to register one in a shop (`machine` absent) or change it. Its model is one of
 * the registered models; its name and version are the model's unless given.
 */
export function MachineForm(props: { shopId: string; machine?: AdminMachine } & SaveFormProps<AdminMachine>) {
  const models = useModels()
  return (
    <LoadedOr query={models} failure={t('adminBooths.models.loadFailed')}>
      {(loaded) =>
        loaded.models.length === 0 ? (
          <p className="notice notice--warning">{t('adminBooths.machineForm.noModels')}</p>
        ) : (
          <MachineFields {...props} models={loaded.models} />
        )
      }
    </LoadedOr>
  )
}

function MachineFields({
  shopId,
  machine,
  models,
  cancelPath,
  onSaved,
}: {
  shopId: string
  machine?: AdminMachine
  models: readonly AdminMachineModel[]
} & SaveFormProps<AdminMachine>) {
  const form = useSaveForm<MachineField, MachineSend, AdminMachine>({
    fields: machine ? FIELDS.filter((field) => field !== 'id') : FIELDS.filter((field) => field !== 'reason'),
    request: (values) => readMachineForm(values, machine),
    send: createOrChange(
      (body) => createMachine(shopId, body),
      machine && ((body) => changeMachine(machine.id, body)),
    ),
    messages: BOOTH_ERRORS,
    fieldOf: { BOOTH_MACHINE_TAKEN: 'id', MACHINE_NOT_FOUND: 'modelId' },
    onSaved,
  })
  return (
    <Form form={form} className="stack booth-form">
      {!machine && (
        <TextField
          {...form.field('id')}
          label={label('id')}
          hint={t('adminBooths.machineForm.idHint')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
      )}
      <SelectField
        {...form.field('modelId')}
        label={label('modelId')}
        defaultValue={machine?.modelId ?? ''}
        options={modelOptions(models, t('adminBooths.form.choose'))}
      />
      <TextField
        {...form.field('name')}
        label={machine ? label('name') : t('adminBooths.machineForm.nameOptional')}
        defaultValue={machine?.name}
        hint={
          machine
            ? t('adminBooths.form.maxLength', { max: BOOTH_ADMIN_LIMITS.machineNameMax })
            : t('adminBooths.machineForm.nameHint')
        }
        autoComplete="off"
      />
      <TextField
        {...form.field('version')}
        label={machine ? label('version') : t('adminBooths.machineForm.versionOptional')}
        defaultValue={machine?.version}
        hint={machine ? undefined : t('adminBooths.machineForm.versionHint')}
        autoComplete="off"
      />
      {machine && <ReasonField {...form.field('reason')} />}
      <FormEnd
        form={form}
        submit={machine ? undefined : t('adminBooths.form.create')}
        pendingLabel={machine ? undefined : t('adminBooths.form.creating')}
        actionsClass="booth-form__actions"
        cancelPath={cancelPath}
      />
    </Form>
  )
}
