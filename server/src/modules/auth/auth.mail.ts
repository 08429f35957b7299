import { formatJst } from '@puribox/contract/time'
import { fill, type TextValues } from '../../locales/fill'
import text from '../../locales/ja/mail.json' with { type: 'json' }
import type { MailMessage } from '../../ports/mail'

/** A mail of `locales/ja/mail.json`: a subject and the lines of its body. */
interface MailText {
  subject: string
  body: readonly string[]
}

/** The month, day and time of `date` in Japan time, in the mails' `dateTime` format. */
function shortJst(date: Date): string {
  const [, month, day, hour, minute] = /^\d{4}-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(formatJst(date)) ?? []
  return fill(text.dateTime, { month: Number(month), day: Number(day), hour: hour!, minute: minute! })
}

/** Plain text with short lines, the signature under a blank line: what a phone's mail app shows well. */
function compose(to: string, mail: MailText, values: TextValues): MailMessage {
  return {
    to,
    subject: fill(mail.subject, values),
    text: [...mail.body.map((line) => fill(line, values)), '', ...text.signature].join('\n'),
  }
}

/** A mail that proves an address: its code, its link, and until when they work. */
interface CodeMail {
  to: string
  code: string
  link: string
  expiresAt: Date
  minutes: number
}

function codeMail(mail: MailText, options: CodeMail): MailMessage {
  return compose(options.to, mail, {
    code: options.code,
    link: options.link,
    expiresAt: shortJst(options.expiresAt),
    minutes: options.minutes,
  })
}

/** Registration (or a member's new address): the code and the link. */
export function verificationMail(options: CodeMail): MailMessage {
  return codeMail(text.verification, options)
}

/** Sent instead of a code when the address already has an account: the sender learns nothing. */
export function alreadyRegisteredMail(options: {
  to: string
  loginUrl: string
  resetUrl: string
}): MailMessage {
  return compose(options.to, text.alreadyRegistered, {
    loginUrl: options.loginUrl,
    resetUrl: options.resetUrl,
  })
}

/** A password reset: the code and the link. */
export function passwordResetMail(options: CodeMail): MailMessage {
  return codeMail(text.passwordReset, options)
}

/**
 * Sent instead of a code when no account signs in with this address and a password (none has the
 * address, or it signs in through LINE, X or a carrier): how to sign in, and how to register.
 */
export function passwordResetNoPasswordMail(options: {
  to: string
  loginUrl: string
  registerUrl: string
}): MailMessage {
  return compose(options.to, text.passwordResetNoPassword, {
    loginUrl: options.loginUrl,
    registerUrl: options.registerUrl,
  })
}

/** After a reset: the password changed, when, and what to do if it was not the member. */
export function passwordChangedMail(options: {
  to: string
  changedAt: Date
  resetUrl: string
  inquiryUrl: string
}): MailMessage {
  return compose(options.to, text.passwordChanged, {
    changedAt: shortJst(options.changedAt),
    resetUrl: options.resetUrl,
    inquiryUrl: options.inquiryUrl,
  })
}
