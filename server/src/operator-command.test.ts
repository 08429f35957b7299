import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import QRCode from 'qrcode'
import { afterAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './db/client'
import { auditLog } from './modules/audit/audit.schema'
import { createEventBus } from './modules/events'
import { createOperatorsRepository } from './modules/operators/operators.repository'
import { createOperatorService } from './modules/operators/operators.service'
import { totpCodeAt } from './modules/operators/second-factor'
import { createThrottle } from './modules/throttle/throttle'
import { fixedClock } from './ports/clock'
import { TEST_NOW } from './test/harness'

/**
 * `npm run operator` end to end, as an operator runs it on the server: a child process on a
 * database of its own (PGlite in a temporary DATA_DIR), then the database opened here to sign in
 * with what the command printed.
 */

const repositoryRoot = path.join(import.meta.dirname, '..', '..')
const PASSWORD = 'console-sakura-2026'
const RECOVERY_CODE = /^ +\d{1,2}\. ([0-9A-Z]{5}-[0-9A-Z]{5})$/gm

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The command with these variables (and no others of the test's database): what `npm run operator
 * -- <args>` runs, started as node directly; `viaNpm` goes through npm itself, as the README says
 * (npm's own start costs about a second, so once is enough).
 */
function operatorCommand(
  args: string[],
  env: Record<string, string>,
  input = '',
  { viaNpm = false } = {},
): Promise<Run> {
  const { DATABASE_URL: _url, PURIBOX_TEST_DB: _db, NODE_ENV: _env, ...inherited } = process.env
  const [program, programArgs] = viaNpm
    ? ['npm', ['run', '--silent', 'operator', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', 'server/src/operator-command.ts', ...args]]
  return new Promise((resolve, reject) => {
    const child = spawn(program, programArgs, {
      cwd: repositoryRoot,
      env: { ...inherited, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
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
    child.stdin.end(input)
  })
}

/** What the command printed of an operator's enrolment. */
function enrolmentIn(stdout: string) {
  const uri = /URI: {4}(otpauth:\/\/totp\/\S+)/.exec(stdout)?.[1]
  const secret = /secret: (\S+)/.exec(stdout)?.[1]
  const recoveryCodes = [...stdout.matchAll(RECOVERY_CODE)].map((match) => match[1]!)
  return { uri: uri!, secret: secret!, recoveryCodes }
}

/** The command's database, opened here once the command has exited (PGlite takes one process at a time). */
async function withDatabase<T>(dataDir: string, use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') })
  try {
    return await use(handle)
  } finally {
    await handle.close()
  }
}

function signIn(handle: DatabaseHandle, mailAddress: string, password: string, code: string) {
  const service = createOperatorService({
    repo: createOperatorsRepository(handle.db, createEventBus()),
    throttle: createThrottle(handle.db),
    clock: fixedClock(TEST_NOW),
  })
  return service.signIn({ mailAddress, password, code }, { ip: '203.0.113.50', deviceToken: null })
}

describe('npm run operator', () => {
  const dirs: string[] = []
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'puribox-operator-'))
    dirs.push(dir)
    return dir
  }

  it('makes, lists, disables and resets operators on the embedded database', {
    timeout: 180_000,
  }, async () => {
    const env = { DATA_DIR: await dataDir() }

    const created = await operatorCommand(
      ['create', '--mail', 'Lead@Team.PuriBox.jp', '--role', 'admin', '--password-stdin'],
      env,
      `${PASSWORD}\n`,
    )
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('Operator created: Lead@team.puribox.jp (admin)')
    const lead = enrolmentIn(created.stdout)
    expect(lead.uri).toBe(
      `otpauth://totp/PuriBox:Lead%40team.puribox.jp?secret=${lead.secret}&issuer=PuriBox`,
    )
    // The QR code in the terminal is the enrolment address's, as an authenticator app scans it.
    expect(created.stdout).toContain(await QRCode.toString(lead.uri, { type: 'terminal', small: true }))
    expect(lead.recoveryCodes).toHaveLength(10)
    expect(new Set(lead.recoveryCodes).size).toBe(10)
    expect(created.stdout).not.toContain(PASSWORD)

    const viewer = await operatorCommand(
      ['create', '--mail', 'viewer@team.puribox.jp', '--role', 'viewer', '--generate-password'],
      env,
    )
    expect(viewer.code).toBe(0)
    const viewerPassword = /Password \(made up for viewer@team\.puribox\.jp; shown only now\): (\S+)/.exec(
      viewer.stdout,
    )?.[1]
    expect(viewerPassword).toMatch(/^[A-Za-z2-9]{20}$/)

    const again = await operatorCommand(
      ['create', '--mail', 'lead@team.puribox.jp', '--role', 'viewer', '--password-stdin'],
      env,
      PASSWORD,
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('an operator with the mail address lead@team.puribox.jp exists already')
    const short = await operatorCommand(
      ['create', '--mail', 'short@team.puribox.jp', '--role', 'viewer', '--password-stdin'],
      env,
      'eleven-char',
    )
    expect(short.code).toBe(2)
    expect(short.stderr).toContain('at least 12 characters')
    // Piped input without --password-stdin: nobody to ask.
    const unasked = await operatorCommand(['create', '--mail', 'x@team.puribox.jp', '--role', 'viewer'], env)
    expect(unasked.code).toBe(2)
    expect(unasked.stderr).toContain('--password-stdin or --generate-password')

    const disabled = await operatorCommand(['disable', '--mail', 'VIEWER@team.puribox.jp'], env)
    expect(disabled.code).toBe(0)
    expect(disabled.stdout).toContain('Disabled: viewer@team.puribox.jp can no longer sign in')

    const listed = await operatorCommand(['list'], env)
    expect(listed.code).toBe(0)
    const lines = listed.stdout.split('\n')
    expect(lines[0]).toMatch(/^mail address\s+role\s+status\s+created\s+last sign-in\s+recovery codes left$/)
    expect(lines[1]).toMatch(/^Lead@team\.puribox\.jp\s+admin\s+active\s+\S+\s+never\s+10$/)
    expect(lines[2]).toMatch(/^viewer@team\.puribox\.jp\s+viewer\s+disabled \S+\s+\S+\s+never\s+10$/)

    // What the command printed signs the admin in: the app's code, or a recovery code once.
    await withDatabase(env.DATA_DIR, async (handle) => {
      const first = await signIn(
        handle,
        'lead@team.puribox.jp',
        PASSWORD,
        await totpCodeAt(lead.secret, TEST_NOW),
      )
      expect(first.operator.role).toBe('admin')
      await signIn(handle, 'lead@team.puribox.jp', PASSWORD, lead.recoveryCodes[0]!)
      await expect(
        signIn(handle, 'viewer@team.puribox.jp', viewerPassword!, lead.recoveryCodes[1]!),
      ).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
    })

    const reset = await operatorCommand(
      ['reset', '--mail', 'lead@team.puribox.jp', '--generate-password'],
      env,
    )
    expect(reset.code).toBe(0)
    expect(reset.stdout).toContain('Operator reset: Lead@team.puribox.jp')
    const renewed = enrolmentIn(reset.stdout)
    const newPassword = /shown only now\): (\S+)/.exec(reset.stdout)?.[1]
    expect(renewed.secret).not.toBe(lead.secret)
    expect(renewed.recoveryCodes).toHaveLength(10)
    expect(reset.stdout).toContain(await QRCode.toString(renewed.uri, { type: 'terminal', small: true }))
    await withDatabase(env.DATA_DIR, async (handle) => {
      await expect(
        signIn(handle, 'lead@team.puribox.jp', PASSWORD, lead.recoveryCodes[2]!),
      ).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
      await expect(
        signIn(handle, 'lead@team.puribox.jp', newPassword!, lead.recoveryCodes[2]!),
      ).rejects.toMatchObject({ code: 'OPERATOR_SIGN_IN_FAILED' })
      await signIn(handle, 'lead@team.puribox.jp', newPassword!, await totpCodeAt(renewed.secret, TEST_NOW))
      // Each change is in the audit log as the command's.
      const entries = await handle.db.select().from(auditLog)
      const byCommand = entries
        .filter((entry) => entry.job === 'operator command')
        .map((entry) => entry.action)
      expect(byCommand).toEqual([
        'operator.created',
        'operator.created',
        'operator.disabled',
        'operator.reset',
      ])
    })
  })

  it('makes the first admin on an empty production database, with no other setting', {
    timeout: 120_000,
  }, async () => {
    const dir = await dataDir()
    expect(await readdir(dir)).toEqual([])
    const created = await operatorCommand(
      ['create', '--mail', 'first@team.puribox.jp', '--role', 'admin', '--password-stdin'],
      { NODE_ENV: 'production', DATA_DIR: dir },
      PASSWORD,
      { viaNpm: true },
    )
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('Operator created: first@team.puribox.jp (admin)')
    const { secret, recoveryCodes } = enrolmentIn(created.stdout)
    expect(recoveryCodes).toHaveLength(10)
    await withDatabase(dir, async (handle) => {
      const signedIn = await signIn(
        handle,
        'first@team.puribox.jp',
        PASSWORD,
        await totpCodeAt(secret, TEST_NOW),
      )
      expect(signedIn.operator.mailAddress).toBe('first@team.puribox.jp')
    })
  })

  it('leaves the embedded database alone while the server has it open', async () => {
    const dir = await dataDir()
    await mkdir(path.join(dir, 'pg'), { recursive: true })
    // What PGlite keeps in its folder while a process has it open.
    await writeFile(path.join(dir, 'pg', 'postmaster.pid'), '-42\n')
    const refused = await operatorCommand(['list'], { DATA_DIR: dir })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('is in use: stop the server first')
    expect(await readdir(path.join(dir, 'pg'))).toEqual(['postmaster.pid'])
  })

  it('refuses a bad DATABASE_URL before touching anything', async () => {
    const refused = await operatorCommand(['list'], { DATA_DIR: await dataDir(), DATABASE_URL: 'mysql://x' })
    expect(refused.code).toBe(78)
    expect(refused.stderr).toContain('DATABASE_URL')
  })
})
