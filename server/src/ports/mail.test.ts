import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { verificationMail } from '../modules/auth/auth.mail'
import { createFileMailer, createMemoryMailer, createSmtpMailer } from './mail'

const FROM = 'PuriBox <no-reply@puribox.jp>'
const message = verificationMail({
  to: 'hana@example.jp',
  code: '042917',
  link: 'http://localhost:3000/sp/account/registerMailSent?verificationId=x&token=y',
  expiresAt: new Date('2026-11-20T03:30:00Z'),
  minutes: 30,
})

function expectReadable(parsed: ParsedMail) {
  expect(parsed.subject).toBe('【PuriBox】確認コード 042917')
  expect(parsed.from?.value).toEqual([{ name: 'PuriBox', address: 'no-reply@puribox.jp' }])
  expect(parsed.text).toContain('確認コード\n　042917')
  expect(parsed.text).toContain('有効期限：11月20日 12:30まで（30分間）')
}

describe('mail port', () => {
  const cleanup: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const step of cleanup) await step()
  })

  it('writes an .eml file a mail program (or a person) can read', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'puribox-mail-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    await createFileMailer(path.join(dir, 'mail'), FROM).send(message)
    const files = await readdir(path.join(dir, 'mail'))
    expect(files).toHaveLength(2)
    const eml = files.find((file) => file.endsWith('.eml'))!
    expectReadable(await simpleParser(await readFile(path.join(dir, 'mail', eml))))
    const text = await readFile(path.join(dir, 'mail', eml.replace(/\.eml$/, '.txt')), 'utf8')
    expect(text).toContain('Subject: 【PuriBox】確認コード 042917')
  })

  it('carries the text as HTML too, under the logo the web build drew, attached to the mail itself', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'puribox-mail-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const logo = path.join(dir, 'mail-logo.png')
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082',
      'hex',
    )
    await writeFile(logo, png)
    await createFileMailer(path.join(dir, 'with'), FROM, logo).send(message)
    const [withLogo] = (await readdir(path.join(dir, 'with'))).filter((file) => file.endsWith('.eml'))
    const parsed = await simpleParser(await readFile(path.join(dir, 'with', withLogo!)), {
      keepCidLinks: true,
    })
    expectReadable(parsed)
    expect(parsed.html).toContain('<img src="cid:logo@puribox.jp" alt="PuriBox"')
    expect(parsed.html).toContain('042917')
    expect(parsed.attachments).toEqual([
      expect.objectContaining({ cid: 'logo@puribox.jp', contentType: 'image/png', related: true }),
    ])
    expect(parsed.attachments[0]!.content.equals(png)).toBe(true)

    // A server started before the web app was built: the HTML without the logo.
    await createFileMailer(path.join(dir, 'without'), FROM, path.join(dir, 'missing.png')).send(message)
    const [withoutLogo] = (await readdir(path.join(dir, 'without'))).filter((file) => file.endsWith('.eml'))
    const plain = await simpleParser(await readFile(path.join(dir, 'without', withoutLogo!)))
    expect(plain.html).not.toContain('<img')
    expect(plain.attachments).toEqual([])
  })

  it('sets Reply-To when asked, keeping PuriBox as the sender', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'puribox-mail-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    await createFileMailer(dir, FROM).send({ ...message, replyTo: 'hanako@example.com' })
    const [eml, txt] = (await readdir(dir)).sort()
    const parsed = await simpleParser(await readFile(path.join(dir, eml!)))
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'hanako@example.com' }])
    expect(parsed.from?.value).toEqual([{ name: 'PuriBox', address: 'no-reply@puribox.jp' }])
    expect(await readFile(path.join(dir, txt!), 'utf8')).toContain('Reply-To: hanako@example.com\n')
  })

  it('refuses a line break in a header value, which would let it add headers', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'puribox-mail-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const mailers = [
      createFileMailer(dir, FROM),
      createSmtpMailer('smtp://127.0.0.1:9', FROM),
      createMemoryMailer(),
    ]
    const injections = [
      { ...message, replyTo: 'hanako@example.com\r\nBcc: many@example.net' },
      { ...message, to: 'hana@example.jp\nBcc: many@example.net' },
      { ...message, subject: 'hello\rX-Spam: 1' },
    ]
    for (const mailer of mailers) {
      for (const injection of injections) await expect(mailer.send(injection)).rejects.toThrow(/line break/)
    }
    expect(await readdir(dir)).toEqual([])
  })

  it('delivers through SMTP', async () => {
    const received: ParsedMail[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((parsed) => {
          received.push(parsed)
          callback()
        }, callback)
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanup.push(() => new Promise((resolve) => server.close(() => resolve())))
    const { port } = server.server.address() as AddressInfo

    await createSmtpMailer(`smtp://127.0.0.1:${port}`, FROM).send({
      ...message,
      replyTo: 'hanako@example.com',
    })
    expect(received).toHaveLength(1)
    expectReadable(received[0]!)
    expect(received[0]!.to).toMatchObject({ text: 'hana@example.jp' })
    expect(received[0]!.replyTo).toMatchObject({ text: 'hanako@example.com' })
  })
})
