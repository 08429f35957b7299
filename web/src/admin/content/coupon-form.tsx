import {
  type AdminCouponDetail,
  COUPON_ADMIN_LIMITS,
  COUPON_GRANTS,
  type CouponWrite,
  couponWriteSchema,
} from '@puribox/contract/admin-coupons'
import { COUPON_SCOPES, type CouponScope } from '@puribox/contract/coupons'
import { useState } from 'react'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { SelectField } from '../../components/form/select-field'
import { TextAreaField } from '../../components/form/text-area-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import { DraftRestored, type KeptDraft, useChoicesKept, withDraft } from '../kit/drafted-form'
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
import { changeCoupon, createCoupon } from './coupon-api'
import { type ChosenShop, ModelChooser, ShopChooser } from './coupon-choosers'
import { COUPON_ERRORS, t } from './coupon-i18n'
import { couponGrantName } from './coupon-labels'
import './coupon.css'

type CouponField =
  | 'title'
  | 'benefit'
  | 'conditions'
  | 'grant'
  | 'validDays'
  | 'scope'
  | 'shop'
  | 'models'
  | 'startsAt'
  | 'endsAt'
  | 'reason'

const FIELDS: readonly CouponField[] = [
  'title',
  'benefit',
  'conditions',
  'grant',
  'validDays',
  'scope',
  'shop',
  'models',
  'startsAt',
  'endsAt',
  'reason',
]

const label = (field: Exclude<CouponField, 'reason'>) => t(`adminCoupons.form.names.${field}`)

const RULES = fieldRules<CouponField, 'reason', FieldRule>(FIELDS, { reason: REASON_RULE }, label)

/** The form's field of an issue of the contract's schema: the shop and the models are chosen, not typed. */
function fieldOfPath(path: readonly PropertyKey[]): PropertyKey | undefined {
  if (path[0] === 'shopId') return 'shop'
  if (path[0] === 'modelIds') return 'models'
  return path[0]
}

/** What the form sends: a new draft, the draft changed whole, or nothing when nothing changed. */
type CouponSend = SaveSend<CouponWrite, CouponWrite>

/** The stored coupon as the form compares it with what was typed. */
function storedWrite(coupon: AdminCouponDetail): Omit<CouponWrite, 'reason'> {
  return {
    title: coupon.title,
    benefit: coupon.benefit,
    conditions: coupon.conditions,
    grant: coupon.grant,
    validDays: coupon.validDays,
    scope: coupon.scope,
    shopId: coupon.shop?.id ?? null,
    modelIds: coupon.models.map((model) => model.id).sort(),
    startsAt: japanTimeInput(coupon.startsAt) ?? '',
    endsAt: japanTimeInput(coupon.endsAt),
  }
}

/** The shop kept in the form (a hidden text, so the tab's draft keeps it too), or null. */
function readShop(text: string): ChosenShop | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null
    if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') {
      return value as ChosenShop
    }
  } catch {
    // A draft from another version of the form: the shop is chosen again.
  }
  return null
}

const readModels = (text: string) => text.split(' ').filter((id) => id !== '')

/** A count of days as typed, full-width digits too; null when it is not a whole number. */
function readDays(text: string): number | null {
  const typed = text.normalize('NFKC').trim()
  return /^\d{1,4}$/.test(typed) ? Number(typed) : null
}

function readCouponForm(
  values: FormValues,
  stored: AdminCouponDetail | undefined,
  now: Date,
): FormRequest<never, CouponField, CouponSend> {
  const errors: FieldErrors<CouponField> = {}
  const grant = values.text('grant')
  if (grant === '') errors.grant = t('adminContent.form.errors.choose', { label: label('grant') })
  const daysText = values.text('validDays')
  const validDays = readDays(daysText)
  if (daysText.trim() === '') {
    errors.validDays = t('adminContent.form.errors.required', { label: label('validDays') })
  } else if (validDays === null || validDays < 1 || validDays > COUPON_ADMIN_LIMITS.validDaysMax) {
    errors.validDays = t('adminCoupons.form.errors.validDays', { max: COUPON_ADMIN_LIMITS.validDaysMax })
  }
  const scope = (values.text('scope') || 'EVERY_BOOTH') as CouponScope
  const shop = readShop(values.text('shop'))
  const modelIds = readModels(values.text('modelIds'))
  if (scope === 'SHOP' && !shop) errors.shop = t('adminCoupons.form.errors.shop')
  if (scope === 'MODELS' && modelIds.length === 0) errors.models = t('adminCoupons.form.errors.models')
  const starts = readJapanTime(values, 'startsAt', label('startsAt'))
  if (starts.kind === 'empty') {
    errors.startsAt = t('adminContent.form.errors.timeRequired', { label: label('startsAt') })
  }
  if (starts.kind === 'wrong') errors.startsAt = starts.error
  const ends = readJapanTime(values, 'endsAt', label('endsAt'))
  if (ends.kind === 'wrong') errors.endsAt = ends.error
  if (ends.kind === 'time' && starts.kind === 'time' && ends.at <= starts.at) {
    errors.endsAt = t('adminCoupons.form.errors.endsBeforeStarts')
  } else if (ends.kind === 'time' && ends.at <= now) {
    errors.endsAt = t('adminCoupons.form.errors.endsPassed')
  }
  const typed = {
    title: values.text('title'),
    benefit: values.text('benefit'),
    // Line breaks as the server keeps them, whatever the browser sent.
    conditions: values.text('conditions').replace(/\r\n?/g, '\n'),
    grant,
    validDays: validDays ?? 0,
    scope,
    shopId: scope === 'SHOP' ? (shop?.id ?? null) : null,
    modelIds: scope === 'MODELS' ? [...modelIds].sort() : [],
    startsAt: starts.kind === 'time' ? starts.input : '',
    endsAt: ends.kind === 'time' ? ends.input : null,
  }
  const reason = readReason(values)
  const checked = couponWriteSchema.safeParse({ ...typed, reason })
  const wrong = schemaFieldErrors(checked.error, RULES, { typed, known: errors, fieldOf: fieldOfPath })
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  if (!stored) return { input: { kind: 'create', body: checked.data } }
  const { reason: _reason, ...write } = checked.data
  const changed = changedFrom(storedWrite(stored), write)
  if (Object.keys(changed).length === 0) return { input: { kind: 'none' } }
  return { input: { kind: 'change', body: checked.data } }
}

/**
 * A coupon's fields, to write a draft (`coupon` absent) or change a draft whole. The contract's
 * schema and the coupon's own rules (a shop or models for their scope, a window to come) are told
 * beside each field in Japanese before anything is sent. What is typed and chosen is kept in this
 * tab until it is sent, so a reload loses nothing.
 */
export const CouponForm = withDraft(CouponFormFields, ({ coupon }) =>
  coupon ? `admin:coupon:${coupon.id}` : 'admin:coupon:new',
)

function CouponFormFields({
  coupon,
  kept,
  cancelPath,
  onSaved,
}: {
  coupon?: AdminCouponDetail
  kept: KeptDraft
} & SaveFormProps<AdminCouponDetail>) {
  const form = useSaveForm<CouponField, CouponSend, AdminCouponDetail>({
    fields: coupon ? FIELDS : FIELDS.filter((field) => field !== 'reason'),
    draft: kept.key,
    request: (values) => readCouponForm(values, coupon, new Date()),
    send: createOrChange(createCoupon, coupon && ((body) => changeCoupon(coupon.id, body))),
    messages: COUPON_ERRORS,
    onSaved,
  })
  const [scope, setScope] = useState(form.initial('scope', coupon?.scope ?? 'EVERY_BOOTH'))
  const [shop, setShop] = useState<ChosenShop | null>(() =>
    readShop(form.initial('shop', coupon?.shop ? JSON.stringify(coupon.shop) : '')),
  )
  const [modelIds, setModelIds] = useState<string[]>(() =>
    readModels(form.initial('modelIds', coupon?.models.map((model) => model.id).join(' ') ?? '')),
  )
  const choices = JSON.stringify({ shop, modelIds })
  // A shop or models chosen are kept in the tab's draft as typing is: the form's change event does
  // not see them, so they are saved when they change (and not when the form first shows them).
  useChoicesKept(kept, form, choices)
  return (
    <Form form={form} className="stack content-form">
      <DraftRestored kept={kept} />
      <TextField
        {...form.field('title')}
        label={label('title')}
        defaultValue={form.initial('title', coupon?.title ?? '')}
        autoComplete="off"
        hint={t('adminContent.form.maxLength', { max: COUPON_ADMIN_LIMITS.titleMax })}
      />
      <TextField
        {...form.field('benefit')}
        label={label('benefit')}
        defaultValue={form.initial('benefit', coupon?.benefit ?? '')}
        autoComplete="off"
        hint={t('adminCoupons.form.benefitHint', { max: COUPON_ADMIN_LIMITS.benefitMax })}
      />
      <TextAreaField
        {...form.field('conditions')}
        label={label('conditions')}
        defaultValue={form.initial('conditions', coupon?.conditions ?? '')}
        rows={5}
        hint={t('adminCoupons.form.conditionsHint', { max: COUPON_ADMIN_LIMITS.conditionsMax })}
      />
      <SelectField
        {...form.field('grant')}
        label={label('grant')}
        hint={t('adminCoupons.form.grantHint')}
        defaultValue={form.initial('grant', coupon?.grant ?? '')}
        options={[
          { value: '', label: t('adminContent.form.choose') },
          ...COUPON_GRANTS.map((grant) => ({ value: grant, label: couponGrantName(grant) })),
        ]}
      />
      <TextField
        {...form.field('validDays')}
        label={label('validDays')}
        defaultValue={form.initial('validDays', coupon ? String(coupon.validDays) : '')}
        inputMode="numeric"
        autoComplete="off"
        inputClassName="coupon-days"
        hint={t('adminCoupons.form.validDaysHint', { max: COUPON_ADMIN_LIMITS.validDaysMax })}
      />
      <SelectField
        {...form.field('scope')}
        label={label('scope')}
        defaultValue={scope}
        onChange={(event) => setScope(event.target.value)}
        options={COUPON_SCOPES.map((value) => ({ value, label: t(`adminCoupons.form.scopes.${value}`) }))}
      />
      {scope === 'SHOP' && <ShopChooser field={form.field('shop')} chosen={shop} onChoose={setShop} />}
      {scope === 'MODELS' && (
        <ModelChooser field={form.field('models')} chosen={modelIds} onChoose={setModelIds} />
      )}
      {/* The choices as text, so the form's values and its draft carry them. */}
      <input type="text" name="shop" value={shop ? JSON.stringify(shop) : ''} hidden readOnly />
      <input type="text" name="modelIds" value={modelIds.join(' ')} hidden readOnly />
      <JapanTimeField
        field={form.field('startsAt')}
        legend={label('startsAt')}
        hint={t('adminCoupons.form.startsAtHint')}
        initial={japanTimeStart(form, 'startsAt', coupon?.startsAt ?? null)}
      />
      <JapanTimeField
        field={form.field('endsAt')}
        legend={t('adminCoupons.form.endsAtOptional')}
        hint={t('adminCoupons.form.endsAtHint')}
        initial={japanTimeStart(form, 'endsAt', coupon?.endsAt ?? null)}
      />
      {coupon && <ReasonField {...form.field('reason')} />}
      <FormEnd
        form={form}
        submit={coupon ? undefined : t('adminCoupons.form.create')}
        pendingLabel={coupon ? undefined : t('adminCoupons.form.creating')}
        cancelPath={cancelPath}
        draft={kept.key}
      />
    </Form>
  )
}
