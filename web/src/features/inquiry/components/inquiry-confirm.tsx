import type { InquirySent } from '@puribox/contract/inquiries'
import type { InquiryDraft } from '@puribox/contract/inquiry-rules'
import { formatSealId, normalizeSealId } from '@puribox/contract/seal-id'
import { useRef } from 'react'
import { FormProblemNotice } from '../../../components/form/form'
import { useContractForm } from '../../../components/form/use-contract-form'
import { sendInquiry } from '../api/inquiry-api'
import { t } from '../i18n'

/** The draft as label and value, in the form's order, without what was left empty. */
function rows(draft: InquiryDraft): { label: string; value: string }[] {
  const list: { label: string; value: string }[] = []
  const add = (label: string, value: string | null | undefined) => {
    if (value) list.push({ label, value })
  }
  const seal = (typed: string) => formatSealId(normalizeSealId(typed) ?? typed)
  add(t('inquiry.confirm.topic'), t(`inquiry.topics.${draft.topic}`))
  add(t('inquiry.fields.mailAddresses'), draft.mailAddresses.join('\n'))
  add(t('inquiry.fields.sealIds'), draft.sealIds?.map(seal).join('\n'))
  if (draft.checkedImage)
    add(
      t('inquiry.fields.checkedImage'),
      t('inquiry.fields.checkedImageOption', {
        sealId: seal(draft.checkedImage.sealId),
        number: draft.checkedImage.number,
      }),
    )
  add(t('inquiry.fields.date'), draft.date)
  add(t('inquiry.fields.machine'), draft.machine)
  add(t('inquiry.fields.shop'), draft.shop)
  if (draft.accountKind)
    add(t('inquiry.fields.accountKind'), t(`inquiry.values.accountKind.${draft.accountKind}`))
  if (draft.paymentKind)
    add(t('inquiry.fields.paymentKind'), t(`inquiry.values.paymentKind.${draft.paymentKind}`))
  if (draft.paymentPrice !== null && draft.paymentPrice !== undefined)
    add(
      t('inquiry.fields.paymentPrice'),
      t('inquiry.values.price', { price: draft.paymentPrice.toLocaleString('ja-JP') }),
    )
  if (draft.carrier) add(t('inquiry.fields.carrier'), t(`inquiry.values.carrier.${draft.carrier}`))
  add(
    t('inquiry.fields.howToRegister'),
    draft.howToRegister
      ?.map((way) => t(`inquiry.values.howToRegister.${way}`))
      .join(t('inquiry.values.listSeparator')),
  )
  add(t('inquiry.fields.text'), draft.text.trim())
  return list
}

/**
 * `#/confirm/{topic}`: what will be sent, and one button that sends it. The button is busy while the
 * request is out, and the draft's idempotency key makes a second tap (or a retry after a lost
 * answer) the same inquiry. A refusal of the rules goes back to the form; the draft stays.
 */
export function InquiryConfirm({
  draft,
  idempotencyKey,
  onSent,
  onEdit,
  onInvalid,
}: {
  draft: InquiryDraft
  idempotencyKey: string
  onSent: (sent: InquirySent) => void
  onEdit: () => void
  onInvalid: () => void
}) {
  // Set at the tap itself: a second tap in the same moment (before the busy button is drawn) sends nothing.
  const sending = useRef(false)
  const form = useContractForm<'inquirySend', never, InquiryDraft>({
    route: 'inquirySend',
    request: () => ({ input: draft }),
    send: (input) => sendInquiry(idempotencyKey, input),
    messages: {
      RATE_LIMITED: t('inquiry.confirm.errors.RATE_LIMITED'),
      IDEMPOTENCY_KEY_REUSED: t('inquiry.confirm.errors.IDEMPOTENCY_KEY_REUSED'),
    },
    onSuccess: (sent) => onSent(sent),
    onError: (problem) => {
      sending.current = false
      if (problem.code !== 'INQUIRY_INVALID') return false
      onInvalid()
      return true
    },
  })
  return (
    <div className="stack">
      <p className="page__lead">{t('inquiry.confirm.lead')}</p>
      <dl className="card inquiry-summary">
        {rows(draft).map((row) => (
          <div key={row.label} className="inquiry-summary__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <FormProblemNotice problem={form.problem} />
      <button
        type="button"
        className="button button--block"
        disabled={form.pending}
        onClick={() => {
          if (sending.current) return
          sending.current = true
          form.submit()
        }}
      >
        {form.pending ? t('inquiry.confirm.sending') : t('inquiry.confirm.send')}
      </button>
      <button type="button" className="button button--block button--secondary" onClick={onEdit}>
        {t('inquiry.confirm.edit')}
      </button>
    </div>
  )
}
