import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { generatedPasswordIn, type Operator, openSection, signInToConsole, totpSecretIn } from './console'
import { codeIn, type ReceivedMail } from './mailbox'
import { expect, test } from './support'

/**
 * The README's "first hour in production", step by step: PuriBox in production (NODE_ENV=production,
 * so no demo data, no sandbox, every outside service's setting required) on an empty database, the
 * first admin made by `npm run operator`, then only the console and the booth: a model, a shop, a
 * machine and its key; a booth's play pushed with that key by `npm run booth`; a member who signs up
 * from the play and saves it; the first news, which the member reads; the audit log of all of it.
 *
 * The server is this spec's own (the main test server runs outside production, with the demo data):
 * on PostgreSQL when DATABASE_URL is set, in a database made for the walk and dropped after it, else
 * on the embedded database in a temporary folder. Mail goes by SMTP, as production requires, to a
 * mail catcher here. The outside services' addresses are never called on this walk: production
 * asks for each only when a request needs it.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..')
/** Where the site is as people reach it (mails and the booth's QR code lead there). */
const PUBLIC_URL = 'https://puribox.example.jp'
const ADMIN_MAIL = 'lead@puribox.example.jp'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** A command of the repository (`npm run …`), as an operator types it in a shell, with these variables. */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The mail server production sends through: keeps every mail it is given, for the test to read. */
async function mailCatcher() {
  const received: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail)
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Waits for the newest mail to `address`. */
    async lastMailTo(address: string): Promise<ReceivedMail> {
      let last: ParsedMail | undefined
      await expect
        .poll(() => {
          last = received
            .filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address)
            .at(-1)
          return last !== undefined
        })
        .toBe(true)
      return { subject: last?.subject ?? '', text: last?.text ?? '' }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A fresh PostgreSQL database for the walk, on the server DATABASE_URL names; dropped by `drop`. */
async function freshPostgres(url: string) {
  const name = `puribox_walk_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const walkUrl = new URL(url)
  walkUrl.pathname = `/${name}`
  return {
    url: walkUrl.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: url })
      await again.connect()
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await again.end()
    },
  }
}

/** A secret as an operator makes one (`openssl rand -hex 24`): 48 characters. */
const secret = () => randomBytes(24).toString('hex')

interface Walk {
  /** Where the test reaches the server (the proxy in front of it, in production). */
  url: string
  /** The first admin, as the command printed them. */
  admin: Operator
  /** What the command printed. */
  printed: string
  env: NodeJS.ProcessEnv
  mail: Awaited<ReturnType<typeof mailCatcher>>
}

const walkTest = test.extend<{ walk: Walk }>({
  walk: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; the walk has none.
    async ({}, use) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'puribox-walk-'))
      const postgres = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : null
      const mail = await mailCatcher()
      // Every variable production asks for (README, "The first hour in production"); nothing else of
      // this process's, so a development setting of the machine cannot help the walk along.
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        NODE_ENV: 'production',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        DATA_DIR: dataDir,
        // A port the system chooses, which the server's log names; this machine only (in production
        // the default, every interface, faces the TLS proxy).
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL,
        // The proxy is the test's browser on loopback, which says who the client is.
        TRUST_PROXY: '127.0.0.1,::1',
        // Production's default: the log's first line says where the server listens.
        LOG_LEVEL: 'info',
        SMTP_URL: mail.url,
        MAIL_FROM: 'PuriBox <no-reply@puribox.example.jp>',
        AUTH_ISSUER_URL: 'https://auth.example.jp',
        AUTH_CLIENT_ID: 'puribox',
        AUTH_CLIENT_SECRET: secret(),
        PAYMENT_GATEWAY_URL: 'https://pay.example.jp',
        PAYMENT_MERCHANT_ID: 'puribox',
        PAYMENT_API_KEY: secret(),
        PAYMENT_NOTIFICATION_SECRET: secret(),
        ADS_TOKEN_SECRET: secret(),
        BLOG_URL: 'https://blog.example.jp',
        VERIFIER_URL: 'https://verify.example.jp',
        VERIFIER_CLIENT_ID: 'puribox',
        VERIFIER_API_KEY: secret(),
        APP_STORE_URL: 'https://apps.apple.com/jp/app/puribox/id1234567890',
        PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=jp.example.puribox',
        APP_DEEP_LINK_URL: 'puribox://top',
      }
      let server: ChildProcess | undefined
      try {
        // The first admin, before the server starts: the embedded database is one process's at a
        // time (on PostgreSQL the command may run beside the server).
        const created = await run(
          ['operator', '--', 'create', '--mail', ADMIN_MAIL, '--role', 'admin', '--generate-password'],
          env,
        )
        expect(created.stderr).toBe('')
        expect(created.code).toBe(0)
        expect(created.stdout).toContain(`Operator created: ${ADMIN_MAIL} (admin)`)
        const admin = {
          mailAddress: ADMIN_MAIL,
          password: generatedPasswordIn(created.stdout),
          totpSecret: totpSecretIn(created.stdout),
        }

        // What `npm start` runs once it has built (the test run built already).
        let output = ''
        server = spawn('node', ['--enable-source-maps', '--max-semi-space-size=8', 'server/dist/main.js'], {
          cwd: ROOT,
          env: { ...env, MALLOC_ARENA_MAX: '2' },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        const collect = (chunk: Buffer) => {
          output += chunk.toString('utf8')
        }
        server.stdout?.on('data', collect)
        server.stderr?.on('data', collect)
        const exited = new Promise<never>((_, reject) =>
          server?.once('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`))),
        )
        const listening = () => /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(output)?.[1]
        await Promise.race([expect.poll(listening, { timeout: 90_000 }).toBeTruthy(), exited])
        server.removeAllListeners('exit')
        const url = `http://localhost:${listening()}`

        await use({ url, admin, printed: created.stdout, env, mail })
      } finally {
        if (server && server.exitCode === null) {
          const stopped = new Promise((resolve) => server?.once('exit', resolve))
          server.kill('SIGTERM')
          await stopped
        }
        await mail.close()
        await postgres?.drop()
        await rm(dataDir, { recursive: true, force: true })
      }
    },
    // The server's start has a time of its own, apart from the walk's; the server stops as soon as
    // the walk ends, not with the worker, which goes on to other tests.
    { timeout: 150_000 },
  ],
  // The phone and the laptop reach the walk's server.
  baseURL: async ({ walk }, use) => use(walk.url),
})

walkTest(
  'the first hour in production: the first admin, a booth with its key, its first play saved by a member, the first news, all in the audit log',
  async ({ walk, page, laptop }, testInfo) => {
    // The command printed the enrolment once: the QR code and the secret, the recovery codes.
    expect(walk.printed).toContain('Sign-in codes: scan this QR code with an authenticator app')
    expect(walk.printed.match(/^ +\d{1,2}\. [0-9A-Z]{5}-[0-9A-Z]{5}$/gm)).toHaveLength(10)

    // Production starts empty: no demo shops, machines or members.
    const desk = await laptop.newPage()
    await signInToConsole(desk, walk.admin)
    await openSection(desk, '店舗・筐体')
    await expect(desk.getByText('店舗はまだ登録されていません。')).toBeVisible()

    // The model.
    await desk.getByRole('link', { name: '機種', exact: true }).click()
    await expect(desk.getByText('機種はまだ登録されていません。')).toBeVisible()
    await desk.getByRole('link', { name: '機種を登録' }).click()
    await desk.getByLabel('機種ID').fill('milky-star')
    await desk.getByLabel('機種名', { exact: true }).fill('ミルキースター')
    await desk.getByLabel('機種名のよみがな').fill('ミルキースター')
    await desk.getByLabel('シリーズID').fill('milky')
    await desk.getByLabel('シリーズ名').fill('ミルキー')
    await desk.getByLabel('バージョン').fill('1.0')
    await desk.getByLabel('発売日').fill('2026-04-01')
    await desk.getByLabel('撮影枚数').fill('6')
    // It keeps the pictures before doodling, and its plays can be kept on PuriBox (members find it
    // among PuriBox's booths).
    await desk.getByLabel('らくがき前のプリ').check()
    await desk.getByLabel('ID連携').check()
    await desk.getByRole('button', { name: '登録する' }).click()
    await expect(desk.getByText('機種「ミルキースター」を登録しました。')).toBeVisible()

    // The shop.
    await desk.getByRole('link', { name: '店舗', exact: true }).click()
    await desk.getByRole('link', { name: '店舗を登録' }).click()
    await desk.getByLabel('店舗名', { exact: true }).fill('プリスタ渋谷店')
    await desk.getByLabel('都道府県').selectOption({ label: '東京都' })
    await desk.getByLabel('市区町村', { exact: true }).fill('渋谷区')
    await desk.getByLabel('住所（市区町村より後）').fill('道玄坂1-2-3 4階')
    await desk.getByRole('button', { name: '登録する' }).click()
    await expect(desk.getByText('店舗を登録しました。')).toBeVisible()

    // The machine in the shop.
    await desk.getByRole('link', { name: '筐体を登録' }).click()
    await desk.getByLabel('筐体ID').fill('shibuya-1')
    await desk.getByLabel('機種').selectOption({ label: 'ミルキースター（milky-star）' })
    await desk.getByRole('button', { name: '登録する' }).click()
    await expect(desk.getByText('筐体を登録しました。', { exact: false })).toBeVisible()
    await expect(desk.getByText('なし（送信できません）')).toBeVisible()

    // Its key, shown once.
    await desk.getByRole('button', { name: 'キーを発行' }).click()
    const issued = desk.getByRole('dialog', { name: 'キーを発行しました' })
    const key = (await issued.getByText(/^pbmk_/).textContent()) ?? ''
    expect(key).toMatch(/^pbmk_[A-Za-z0-9_-]{20,}$/)
    await issued.getByRole('button', { name: '閉じる' }).click()
    await desk.getByRole('button', { name: 'コピーしたので閉じる' }).click()
    await expect(desk.getByText('まだ送信していません')).toBeVisible()

    // The booth's first play, pushed with that key as the README says (`npm run booth`).
    const stickers = testInfo.outputPath('booth')
    const booth = await run(
      [
        'booth',
        '--',
        '--url',
        walk.url,
        '--key',
        key,
        '--count',
        '3',
        '--raw',
        '1',
        '--size',
        '600x900',
        '--out',
        stickers,
      ],
      walk.env,
    )
    expect(booth.stderr).toBe('')
    expect(booth.code).toBe(0)
    const scan = /scan: +(\S+)/.exec(booth.stdout)?.[1] ?? ''
    // The sheet's QR code leads to the site as people reach it.
    expect(scan).toMatch(new RegExp(`^${PUBLIC_URL}/sp/puri/get\\?sealId=[0-9A-Z]{10}&from=qr$`))
    const printedSealId = /シールID +(\S+)/.exec(booth.stdout)?.[1] ?? ''

    // The console sees the machine's push.
    await desk.reload()
    await expect(desk.getByText('まだ送信していません')).toHaveCount(0)

    // A member: scans the sheet's QR code on the phone, signs up by mail and saves the free puri.
    const scanned = new URL(scan)
    await page.goto(`${scanned.pathname}${scanned.search}`)
    await expect(page.getByText(printedSealId)).toBeVisible()
    await page.locator('#main').getByRole('link', { name: '会員登録', exact: true }).click()
    const address = `hana-${Date.now()}@example.jp`
    await page.getByLabel('メールアドレス').fill(address)
    await page.getByRole('button', { name: '確認コードを送る' }).click()
    await page.getByLabel('確認コード（6桁）').fill(codeIn(await walk.mail.lastMailTo(address)))
    await page.getByRole('button', { name: '確認する' }).click()
    await page.getByLabel('パスワード', { exact: true }).fill('sakura-purikura-7')
    await page.getByRole('button', { name: '同意して登録する' }).click()
    await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
    await expect(page.getByText('ミルキースター').first()).toBeVisible()

    // The members' list of PuriBox's booths has the new model.
    await page.goto('/web/machines/information?isIdFederationSupported=true')
    await expect(page.getByRole('link', { name: /ミルキースター/ })).toBeVisible()

    // The first news, written and published in the console.
    await openSection(desk, 'お知らせ')
    await desk.getByRole('link', { name: 'お知らせを作成' }).click()
    await desk.getByLabel('種類').selectOption({ label: 'お知らせ' })
    await desk.getByLabel('タイトル').fill('PuriBoxをはじめました')
    await desk
      .getByLabel('本文')
      .fill('プリスタ渋谷店のミルキースターで撮ったプリを、PuriBoxに保存できます。')
    await desk.getByRole('button', { name: '下書きを保存する' }).click()
    await expect(desk.getByText('下書きを保存しました。', { exact: false })).toBeVisible()
    await desk.getByRole('button', { name: '今すぐ公開' }).click()
    await desk
      .getByRole('dialog', { name: '今すぐ公開しますか？' })
      .getByRole('button', { name: '公開する' })
      .click()
    await expect(desk.getByText('公開しました。会員に表示されています。')).toBeVisible()

    // The member reads it.
    await page.goto('/sp/puri_news?from=top#/all')
    await page.getByRole('link', { name: /PuriBoxをはじめました/ }).click()
    await expect(page.getByRole('article', { name: 'PuriBoxをはじめました' })).toContainText(
      'ミルキースターで撮ったプリを',
    )

    // The audit log: the command's admin, then each of the admin's changes.
    await openSection(desk, '監査ログ')
    await expect(desk.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible()
    const entry = (action: string) => desk.getByRole('row').filter({ hasText: action })
    await expect(entry('運営スタッフを追加')).toContainText('operator command')
    for (const action of [
      '管理画面にログイン',
      '機種を登録',
      '店舗を登録',
      'プリ機を登録',
      'プリ機のキーを発行',
      'お知らせの下書きを作成',
      'お知らせを公開',
    ]) {
      await expect(entry(action), action).toContainText(ADMIN_MAIL)
    }
  },
)
