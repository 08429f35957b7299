import type { JhsRejectReason } from '@puribox/contract/admin-applications'
import { formatJst } from '@puribox/contract/time'
import { fill, type TextValues } from '../../locales/fill'
import text from '../../locales/ja/jhs-mail.json' with { type: 'json' }
import common from '../../locales/ja/mail.json' with { type: 'json' }
import type { MailMessage } from '../../ports/mail'

interface MailText {
  subject: string
  body: readonly string[]
}

function compose(to: string, mail: MailText, values: TextValues): MailMessage {
  return {
    to,
    subject: fill(mail.subject, values),
    text: [...mail.body.map((line) => fill(line, values)), '', ...common.signature].join('\n'),
  }
}

/** The last day of the premium, Japan calendar: the day before the instant it ends (1 April 00:00). */
function lastDay(until: Date): string {
  const day = formatJst(new Date(until.getTime() - 1))
  return fill(text.until, {
    year: Number(day.slice(0, 4)),
    month: Number(day.slice(5, 7)),
    day: Number(day.slice(8, 10)),
  })
}

interface Applicant {
  to: string
  familyName: string
  givenName: string
  statusUrl: string
}

export function submittedMail(applicant: Applicant & { inquiryUrl: string }): MailMessage {
  return compose(applicant.to, text.submitted, { ...applicant })
}

export function approvedMail(applicant: Applicant & { until: Date }): MailMessage {
  return compose(applicant.to, text.approved, { ...applicant, until: lastDay(applicant.until) })
}

export function rejectedMail(applicant: Applicant & { reason: string }): MailMessage {
  return compose(applicant.to, text.rejected, { ...applicant })
}

/** The sentence an applicant reads for a rejection's reason: PuriBox's own words, never an operator's. */
export function rejectReasonText(reason: JhsRejectReason): string {
  return text.rejectReasons[reason]
}
