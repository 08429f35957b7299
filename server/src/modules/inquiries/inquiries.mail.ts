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

/** What PuriBox itself wrote about the inquiry: nothing in it was typed by the person. */
interface Receipt {
  to: string
  referenceNumber: string
  receivedAt: Date
  topic: InquiryDraft['topic']
}

function receiptValues(options: Receipt) {
  return {
    referenceNumber: options.referenceNumber,
    receivedAt: formatJst(options.receivedAt).replace('T', ' '),
    // One of the form's fixed topics, named by PuriBox's own label: never free text.
    topic: text.topics[options.topic],
  }
}

function common(options: InquiryMail) {
  return {
    ...receiptValues({ ...options, topic: options.draft.topic }),
    fields: draftLines(options.draft).join('\n'),
  }
}

/**
 * To support: everything sent, who sent it and where to answer. It comes from PuriBox's sender (the
 * support inbox trusts that) with `Reply-To` set to the address the person gave for the answer, so
 * answering it reaches them.
 */
export function supportMail(
  options: InquiryMail & { accountId: string | null; replyTo: string },
): MailMessage {
  const values = {
    ...common(options),
    account: options.accountId ?? text.values.guest,
    replyTo: options.replyTo,
  }
  return { ...compose(options.to, text.support, values), replyTo: options.replyTo }
}

/**
 * To an address nobody has proved is the sender's: that the inquiry arrived and its reference
 * number, in PuriBox's own words only. Anyone may type any address into the form, so a mail that
 * carried their text would let a stranger send their own message, from PuriBox, to whomever they
 * like. Taking no draft, this mail cannot carry any of it.
 */
export function confirmationMail(options: Receipt): MailMessage {
  return compose(options.to, text.confirmation, receiptValues(options))
}

/**
 * To a member's own address, the one the account proved by a code: the receipt and a copy of what
 * was sent. Only the person who typed it can receive it, so it relays nothing to anyone else.
 */
export function confirmationWithTextMail(options: InquiryMail): MailMessage {
  return compose(options.to, text.confirmationWithText, common(options))
}

/**
 * An operator's reply to an inquiry, to the address the inquiry gave for answers, with the
 * reference number in the subject. Nobody has proved that address is the sender's, which is why the
 * confirmation repeats nothing they typed (decision 0063): a relay for a stranger's words. A reply is
 * not that: its text is an operator's, written after reading the inquiry, so what reaches the
 * address is PuriBox's own answer. Nothing of the inquiry is quoted by itself; an operator who
 * quotes it chose to. At worst, a stranger gets support to answer a question, once, at an address
 * that was already sent the confirmation.
 */
export function replyMail(options: {
  to: string
  referenceNumber: string
  text: string
  inquiryUrl: string
}): MailMessage {
  return compose(options.to, text.reply, {
    referenceNumber: options.referenceNumber,
    text: options.text,
    inquiryUrl: options.inquiryUrl,
  })
}
