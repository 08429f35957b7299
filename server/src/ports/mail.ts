import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { MAIL_LOGO_CID, mailHtml } from './mail-html'

export interface MailMessage {
  to: string
  subject: string
  /** Plain text: readable on any phone's mail app. */
  text: string
  /**
   * Where an answer goes instead of the sender (`Reply-To`): the mail stays from PuriBox's own
   * address, so it is not a forgery of someone else's, yet a reply reaches the person it is about.
   */
  replyTo?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * Refuses a message whose header values hold a line break. Callers validate addresses before this,
 * but a line break in a header is how a typed value adds headers (a `Bcc:` to strangers), and
 * nodemailer would fold it into a garbled header rather than refuse it: failing here is the last
 * line of defence, and a loud one.
 */
function checkHeaders(message: MailMessage): void {
  for (const [name, value] of [
    ['to', message.to],
    ['subject', message.subject],
    ['replyTo', message.replyTo],
  ] as const) {
    if (value !== undefined && /[\r\n]/.test(value)) throw new Error(`mail ${name} has a line break`)
  }
}

/**
 * The message as nodemailer takes it, from PuriBox's sender; only the fields named here go out. The
 * plain text, and the same as HTML with the logo above it when there is one (mail-html.ts).
 */
function envelope(from: string, message: MailMessage, logo: Buffer | null) {
  checkHeaders(message)
  const { to, subject, text, replyTo } = message
  return {
    from,
    to,
    subject,
    text,
    html: mailHtml(text, logo !== null),
    ...(logo === null
      ? {}
      : {
          attachments: [
            {
              filename: 'puribox.png',
              content: logo,
              cid: MAIL_LOGO_CID,
              contentDisposition: 'inline' as const,
            },
          ],
        }),
    ...(replyTo === undefined ? {} : { replyTo }),
  }
}

/** The logo's file in the web build's folder. */
export const MAIL_LOGO_FILE = 'mail-logo.png'

/**
 * The mails' logo (`mail-logo.png`, which the web build draws from the mark and the wordmark), read
 * once; none when the file is not there (a server started before the web app was built).
 */
function mailLogo(file: string | undefined): () => Promise<Buffer | null> {
  let logo: Promise<Buffer | null> | undefined
  return () => {
    logo ??= file === undefined ? Promise.resolve(null) : readFile(file).catch(() => null)
    return logo
  }
}

/**
 * Development default: every mail becomes an `.eml` file in `dir` (what an SMTP server would get;
 * open it with any mail program) and a `.txt` beside it with the same mail decoded, for reading in
 * a terminal. Named by time, so the newest sorts last.
 */
export function createFileMailer(dir: string, from: string, logoFile?: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const logo = mailLogo(logoFile)
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(from, message, await logo()))
      await mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const name = `${stamp}-${randomBytes(4).toString('hex')}`
      await writeFile(path.join(dir, `${name}.eml`), info.message as Buffer)
      const replyTo = message.replyTo === undefined ? '' : `Reply-To: ${message.replyTo}\n`
      const readable = `To: ${message.to}\n${replyTo}Subject: ${message.subject}\n\n${message.text}\n`
      await writeFile(path.join(dir, `${name}.txt`), readable)
    },
  }
}

/** Real delivery through an SMTP server: `smtp://user:pass@host:587` or `smtps://…`. */
export function createSmtpMailer(url: string, from: string, logoFile?: string): Mailer {
  const transport = nodemailer.createTransport(url)
  const logo = mailLogo(logoFile)
  return {
    async send(message) {
      await transport.sendMail(envelope(from, message, await logo()))
    },
  }
}

/** For tests: keeps what was sent, refusing what the real mailers refuse. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[]; last(): MailMessage | undefined } {
  const sent: MailMessage[] = []
  return {
    sent,
    last: () => sent.at(-1),
    async send(message) {
      checkHeaders(message)
      sent.push(message)
    },
  }
}
