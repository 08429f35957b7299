import {
  type AdminShop,
  BOOTH_ADMIN_LIMITS,
  positionSchema,
  type ShopChange,
  type ShopCreate,
  shopChangeSchema,
  shopCreateSchema,
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
import { changedFrom, type FieldRule, schemaFieldErrors, typedNumber } from './booth-form-errors'
import { BOOTH_ERRORS } from './booth-messages'
import { changeShop, createShop } from './booths-api'
import { t } from './i18n'
import { prefectureOptions } from './prefecture-options'

type ShopField =
  | 'name'
  | 'prefectureCode'
  | 'city'
  | 'address'
  | 'openingHours'
  | 'latitude'
  | 'longitude'
  | 'reason'

const FIELDS: readonly ShopField[] = [
  'name',
  'prefectureCode',
  'city',
  'address',
  'openingHours',
  'latitude',
  'longitude',
  'reason',
]

const label = (field: Exclude<ShopField, 'reason'>) => t(`adminBooths.shopForm.${field}`)

const RULES = fieldRules<ShopField, 'address' | 'reason', FieldRule>(
  FIELDS,
  { address: { label: t('adminBooths.shopForm.addressName') }, reason: REASON_RULE },
  label,
)

/** What the form sends: a new shop, the fields of a shop that changed, or nothing when none did. */
type ShopSend = SaveSend<ShopCreate, ShopChange>

/** The position as typed: both numbers or neither; each wrong one told beside its field. */
function readPosition(
  values: FormValues,
  errors: FieldErrors<ShopField>,
): ShopCreate['position'] | undefined {
  const lat = typedNumber(values.text('latitude'))
  const lng = typedNumber(values.text('longitude'))
  if (lat === undefined && lng === undefined) return null
  for (const [field, value] of [
    ['latitude', lat],
    ['longitude', lng],
  ] as const) {
    if (value === undefined) errors[field] = t('adminBooths.shopForm.errors.positionIncomplete')
    else if (Number.isNaN(value))
      errors[field] = t('adminBooths.shopForm.errors.notNumber', { label: label(field) })
  }
  if (lat === undefined || lng === undefined || Number.isNaN(lat) || Number.isNaN(lng)) return undefined
  if (!positionSchema.safeParse({ lat, lng }).success) {
    errors.latitude = t('adminBooths.shopForm.errors.outsideJapan')
    return undefined
  }
  return { lat, lng }
}

/** The shop's fields as the form compares them with what it typed. */
function storedFields(shop: AdminShop): ShopCreate {
  const { name, prefectureCode, city, address, openingHours, position } = shop
  return { name, prefectureCode, city, address, openingHours, position }
}

function readShopForm(
  values: FormValues,
  stored: AdminShop | undefined,
): FormRequest<never, ShopField, ShopSend> {
  const errors: FieldErrors<ShopField> = {}
  const prefecture = values.text('prefectureCode')
  if (prefecture === '')
    errors.prefectureCode = t('adminBooths.form.errors.choose', { label: label('prefectureCode') })
  const position = readPosition(values, errors)
  const typed = {
    name: values.text('name'),
    prefectureCode: Number(prefecture),
    city: values.text('city'),
    address: values.text('address'),
    openingHours: values.text('openingHours'),
    position: position ?? null,
  }
  const checked = shopCreateSchema.safeParse(typed)
  const reason = readReason(values)
  const reasonChecked = shopChangeSchema.pick({ reason: true }).safeParse({ reason })
  const found = schemaFieldErrors(checked.error, RULES, { typed, known: errors })
  const wrong = schemaFieldErrors(reasonChecked.error, RULES, { known: found })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  if (!stored) return { input: { kind: 'create', body: checked.data } }
  const changed = changedFrom(storedFields(stored), checked.data)
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: { ...changed, reason } } }
}

/**
 * A shop's fields, to register one (`shop` absent) or change it: the contract's schema checks them
 * before anything is sent, and a change sends only the fields that changed, with its reason.
 */
export function ShopForm({
  shop,
  cancelPath,
  onSaved,
}: {
  shop?: AdminShop
} & SaveFormProps<AdminShop>) {
  const form = useSaveForm<ShopField, ShopSend, AdminShop>({
    fields: shop ? FIELDS : FIELDS.filter((field) => field !== 'reason'),
    request: (values) => readShopForm(values, shop),
    send: createOrChange(createShop, shop && ((body) => changeShop(shop.id, body))),
    messages: BOOTH_ERRORS,
    onSaved,
  })
  const field = (name: ShopField) => form.field(name)
  return (
    <Form form={form} className="stack booth-form">
      <TextField
        {...field('name')}
        label={label('name')}
        defaultValue={shop?.name}
        autoComplete="off"
        hint={t('adminBooths.form.maxLength', { max: BOOTH_ADMIN_LIMITS.shopNameMax })}
      />
      <SelectField
        {...field('prefectureCode')}
        label={label('prefectureCode')}
        defaultValue={shop ? String(shop.prefectureCode) : ''}
        options={prefectureOptions({ value: '', label: t('adminBooths.form.choose') })}
      />
      <TextField
        {...field('city')}
        label={label('city')}
        defaultValue={shop?.city}
        autoComplete="off"
        hint={t('adminBooths.shopForm.cityHint')}
      />
      <TextField
        {...field('address')}
        label={label('address')}
        defaultValue={shop?.address}
        autoComplete="off"
        hint={t('adminBooths.shopForm.addressHint')}
      />
      <TextField
        {...field('openingHours')}
        label={t('adminBooths.shopForm.openingHoursOptional')}
        defaultValue={shop?.openingHours}
        autoComplete="off"
        hint={t('adminBooths.shopForm.openingHoursHint')}
      />
      <fieldset className="booth-fieldset">
        <legend className="field-label">{t('adminBooths.shopForm.position')}</legend>
        <p className="field-hint">{t('adminBooths.shopForm.positionHint')}</p>
        <div className="booth-pair">
          <TextField
            {...field('latitude')}
            label={label('latitude')}
            defaultValue={shop?.position ? String(shop.position.lat) : ''}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            {...field('longitude')}
            label={label('longitude')}
            defaultValue={shop?.position ? String(shop.position.lng) : ''}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
      </fieldset>
      {shop && <ReasonField {...field('reason')} />}
      <FormEnd
        form={form}
        submit={shop ? undefined : t('adminBooths.form.create')}
        pendingLabel={shop ? undefined : t('adminBooths.form.creating')}
        actionsClass="booth-form__actions"
        cancelPath={cancelPath}
      />
    </Form>
  )
}
