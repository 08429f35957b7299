import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  /** Plain text: readable on any phone's mail app. */
  text: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * Development default: every mail becomes an `.eml` file in `dir` (what an SMTP server would get;
 * open it with any mail program) and a `.txt` beside it with the same mail decoded, for reading in
 * a terminal. Named by time, so the newest sorts last.
 */
export function createFileMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      await mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const name = `${stamp}-${randomBytes(4).toString('hex')}`
      await writeFile(path.join(dir, `${name}.eml`), info.message as Buffer)
      const readable = `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`
      await writeFile(path.join(dir, `${name}.txt`), readable)
    },
  }
}

/** Real delivery through an SMTP server: `smtp://user:pass@host:587` or `smtps://…`. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
  }
}

/** For tests: keeps what was sent. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[]; last(): MailMessage | undefined } {
  const sent: MailMessage[] = []
  return {
    sent,
    last: () => sent.at(-1),
    async send(message) {
      sent.push(message)
    },
  }
}
