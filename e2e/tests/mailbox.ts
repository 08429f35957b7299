import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'

/** The mail the server wrote to `DATA_DIR/mail` (the embedded default), read as a person would. */
export interface ReceivedMail {
  subject: string
  text: string
}

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail')
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.txt'))
    .sort()
  const mails: ReceivedMail[] = []
  for (const name of names) {
    const text = await readFile(path.join(dir, name), 'utf8')
    if (text.startsWith(`To: ${address}\n`)) {
      mails.push({ subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? '', text })
    }
  }
  return mails
}

/** Waits for the newest mail to `address` (mail is written as the request is answered). */
export async function lastMailTo(address: string): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined
  await expect
    .poll(async () => {
      mail = (await mailsTo(address)).at(-1)
      return mail !== undefined
    })
    .toBe(true)
  return mail as ReceivedMail
}

/** The 6-digit code of a verification mail. */
export function codeIn(mail: ReceivedMail): string {
  const code = /確認コード\n　(\d{6})/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`)
  return code
}
