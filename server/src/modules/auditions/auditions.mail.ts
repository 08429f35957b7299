import type { GuardianRelation } from '@puribox/contract/audition-consent-rules'
import { formatJst } from '@puribox/contract/time'
import { fill } from '../../locales/fill'
import text from '../../locales/ja/audition-mail.json' with { type: 'json' }
import mailText from '../../locales/ja/mail.json' with { type: 'json' }
import type { MailMessage } from '../../ports/mail'

/** The month, day and time of `date` in Japan time. */
function shortJst(date: Date): string {
  const [, month, day, hour, minute] = /^\d{4}-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(formatJst(date)) ?? []
  return fill(text.dateTime, { month: Number(month), day: Number(day), hour: hour!, minute: minute! })
}

/**
 * What the guardian's mail may say. Nothing here is free text a member typed: the address is one
 * nobody has proved yet, so a name or message in the mail would let anyone send their own words,
 * from PuriBox, to whomever they like. The audition's title and organiser are PuriBox's own, the
 * relation is one of three choices named in PuriBox's words, the rest PuriBox makes.
 */
export interface GuardianConsentMail {
  to: string
  relation: GuardianRelation
  audition: { title: string; organizer: string }
  referenceNumber: string
  link: string
  expiresAt: Date
  hours: number
}

/** To the guardian: what the request is for, and the link to answer it. */
export function guardianConsentMail(mail: GuardianConsentMail): MailMessage {
  const values = {
    relation: text.relations[mail.relation],
    auditionTitle: mail.audition.title,
    organizer: mail.audition.organizer,
    referenceNumber: mail.referenceNumber,
    link: mail.link,
    expiresAt: shortJst(mail.expiresAt),
    hours: mail.hours,
  }
  return {
    to: mail.to,
    subject: fill(text.guardianConsent.subject, values),
    text: [...text.guardianConsent.body.map((line) => fill(line, values)), '', ...mailText.signature].join(
      '\n',
    ),
  }
}
