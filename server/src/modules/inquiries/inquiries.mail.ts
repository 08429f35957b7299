import type { InquiryDraft } from '@puribox/contract/inquiry-rules'
import { formatSealId } from '@puribox/contract/seal-id'
import { formatJst } from '@puribox/contract/time'
import { fill } from '../../locales/fill'
import text from '../../locales/ja/inquiry-mail.json' with { type: 'json' }
import mailText from '../../locales/ja/mail.json' with { type: 'json' }
import type { MailMessage } from '../../ports/mail'

/** The inquiry as lines of a label and its value, in the form's order; fields left empty are left out. */
export function draftLines(draft: InquiryDraft): string[] {
  const { fields, values } = text
  const lines: string[] = []
  const line = (label: string, value: string | null | undefined) => {
    if (value !== undefined && value !== null && value !== '') lines.push(fill(text.line, { label, value }))
  }
  line(fields.mailAddresses, draft.mailAddresses.join(text.listSeparator))
  line(fields.sealIds, draft.sealIds?.map(formatSealId).join(text.listSeparator))
  if (draft.checkedImage) {
    line(
      fields.checkedImage,
      fill(values.checkedImage, {
        sealId: formatSealId(draft.checkedImage.sealId),
        number: draft.checkedImage.number,
      }),
    )
  }
  line(fields.machine, draft.machine)
  line(fields.shop, draft.shop)
  line(fields.date, draft.date)
  line(fields.carrier, draft.carrier ? values.carrier[draft.carrier] : null)
  line(fields.accountKind, draft.accountKind ? values.accountKind[draft.accountKind] : null)
  line(fields.paymentKind, draft.paymentKind ? values.paymentKind[draft.paymentKind] : null)
  line(
    fields.paymentPrice,
    draft.paymentPrice === null || draft.paymentPrice === undefined
      ? null
      : fill(values.paymentPrice, { price: draft.paymentPrice.toLocaleString('ja-JP') }),
  )
  line(
    fields.howToRegister,
    draft.howToRegister?.map((way) => values.howToRegister[way]).join(text.listSeparator),
  )
  lines.push('', fill(text.line, { label: fields.text, value: '' }), draft.text)
  return lines
}

interface InquiryMail {
  to: string
  referenceNumber: string
  receivedAt: Date
  draft: InquiryDraft
}

function compose(
  to: string,
  mail: { subject: string; body: readonly string[] },
  values: Record<string, string>,
) {
  return {
    to,
    subject: fill(mail.subject, values),
    text: [...mail.body.map((line) => fill(line, values)), '', ...mailText.signature].join('\n'),
  } satisfies MailMessage
}

function common(options: InquiryMail) {
  return {
    referenceNumber: options.referenceNumber,
    receivedAt: formatJst(options.receivedAt).replace('T', ' '),
    topic: text.topics[options.draft.topic],
    fields: draftLines(options.draft).join('\n'),
  }
}

/** To support: everything sent, who sent it and where to answer. */
export function supportMail(options: InquiryMail & { accountId: string | null }): MailMessage {
  return compose(options.to, text.support, {
    ...common(options),
    account: options.accountId ?? text.values.guest,
    replyTo: options.draft.mailAddresses[0] ?? '',
  })
}

/** To the person: that it arrived, its reference number and what was sent. */
export function confirmationMail(options: InquiryMail): MailMessage {
  return compose(options.to, text.confirmation, common(options))
}
