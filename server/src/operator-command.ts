/**
 * npm run operator -- <create|list|disable|reset> [options]
 *
 * Makes and manages the operators of the console on this server's database (decisions 0069 and
 * 0070): the first admin of an empty production database included, since nobody can sign in to the
 * console to make one. It opens the database as the server does (PostgreSQL at DATABASE_URL, else
 * PGlite in DATA_DIR) and runs the migrations first, reading nothing of the configuration but
 * those (`loadDatabaseConfig`). Its changes are the system's (`operator command`), recorded in the
 * audit log as the server records them.
 */
import { randomInt } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { formatJst } from '@puribox/contract/time'
import QRCode from 'qrcode'
import { ConfigError, loadDatabaseConfig } from './config'
import { openDatabase } from './db/client'
import { AppError } from './http/errors'
import { OPERATOR_ROLES, type OperatorRole, systemActor } from './modules/actor'
import { createAuditRepository } from './modules/audit/audit.repository'
import { createAuditService } from './modules/audit/audit.service'
import { createEventBus } from './modules/events'
import { OPERATOR_COMMAND } from './modules/operators/operators.policy'
import { createOperatorsRepository } from './modules/operators/operators.repository'
import {
  createOperatorService,
  type Enrolment,
  OPERATOR_PASSWORD_MIN,
  type OperatorService,
  operatorPasswordProblem,
} from './modules/operators/operators.service'
import { createThrottle } from './modules/throttle/throttle'
import { systemClock } from './ports/clock'

const usage = `Usage: npm run operator -- <command> [options]

  create --mail <address> --role <viewer|support|editor|admin>
                       make an operator; prints their password (if generated), the QR code
                       their authenticator app scans, and ten recovery codes, once
  list                 every operator: role, whether disabled, last sign-in, recovery codes left
  disable --mail <address>
                       the operator can no longer sign in; their sessions end
  reset --mail <address>
                       a new password, authenticator secret and recovery codes (the old ones
                       stop working); their sessions end

  The password (create, reset), at least ${OPERATOR_PASSWORD_MIN} characters:
    asked twice without echo when run in a terminal,
    --password-stdin     read from standard input (echo "…" | npm run operator -- create …)
    --generate-password  made up and printed once

The database is the server's: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR
(default ./data), which only one process may have open: stop the server first. Its migrations run
first, so this works on an empty database, in production too.
`

class UsageError extends Error {}

type PasswordSource = 'terminal' | 'stdin' | 'generate'

type Command =
  | { name: 'list' }
  | { name: 'create'; mail: string; role: OperatorRole; password: PasswordSource }
  | { name: 'disable'; mail: string }
  | { name: 'reset'; mail: string; password: PasswordSource }

function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      mail: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'generate-password': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [name, ...rest] = positionals
  if (values.help) throw new UsageError('')
  if (rest.length > 0) throw new UsageError(`unexpected: ${rest.join(' ')}`)
  const mail = () => {
    if (!values.mail) throw new UsageError(`${name} needs --mail <address>`)
    return values.mail
  }
  const password = (): PasswordSource => {
    if (values['password-stdin'] && values['generate-password']) {
      throw new UsageError('give --password-stdin or --generate-password, not both')
    }
    return values['password-stdin'] ? 'stdin' : values['generate-password'] ? 'generate' : 'terminal'
  }
  const noPassword = () => {
    if (values['password-stdin'] || values['generate-password']) {
      throw new UsageError(`${name} takes no password`)
    }
  }
  switch (name) {
    case 'list':
      noPassword()
      return { name }
    case 'create': {
      const role = values.role
      if (!role || !(OPERATOR_ROLES as readonly string[]).includes(role)) {
        throw new UsageError(`create needs --role ${OPERATOR_ROLES.join('|')}`)
      }
      return { name, mail: mail(), role: role as OperatorRole, password: password() }
    }
    case 'disable':
      noPassword()
      return { name, mail: mail() }
    case 'reset':
      return { name, mail: mail(), password: password() }
    default:
      throw new UsageError(name ? `unknown command: ${name}` : 'which command?')
  }
}

/** Letters and digits nobody misreads (no 0/O, 1/l/I): about 5.7 bits each. */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

function generatedPassword(): string {
  return Array.from({ length: 20 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('')
}

/** One line typed in the terminal, not shown as it is typed. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin
  process.stderr.write(prompt)
  stdin.setRawMode(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise((resolve, reject) => {
    let typed = ''
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish()
          return resolve(typed)
        }
        if (char === '\u0003') {
          finish()
          return reject(new UsageError('cancelled'))
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('')
        else if (char >= ' ') typed += char
      }
    }
    stdin.on('data', onData)
  })
}

/** Everything on standard input, without the line end that `echo` adds. */
async function readStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  return text.replace(/\r?\n$/, '')
}

const PASSWORD_PROBLEMS = {
  TOO_SHORT: `the password must be at least ${OPERATOR_PASSWORD_MIN} characters`,
  TOO_LONG: 'the password is too long',
  SAME_AS_MAIL: 'the password must not be the mail address',
  ONE_CHARACTER: 'the password must not be one character repeated',
} as const

/** The new password, from where the command was told to take it; checked before anything is written. */
async function newPassword(
  source: PasswordSource,
  mail: string,
): Promise<{ password: string; shown: boolean }> {
  let password: string
  if (source === 'generate') {
    password = generatedPassword()
  } else if (source === 'stdin') {
    password = await readStdin()
  } else {
    if (!process.stdin.isTTY) {
      throw new UsageError('standard input is not a terminal: give --password-stdin or --generate-password')
    }
    password = await askHidden(`New password for ${mail} (at least ${OPERATOR_PASSWORD_MIN} characters): `)
    if ((await askHidden('The same again: ')) !== password) throw new UsageError('the two passwords differ')
  }
  const problem = operatorPasswordProblem(password, mail)
  if (problem) throw new UsageError(PASSWORD_PROBLEMS[problem])
  return { password, shown: source === 'generate' }
}

/** What the operator is shown once: the password if made up, the authenticator's QR code, the recovery codes. */
async function printEnrolment(enrolment: Enrolment, generated: string | null): Promise<void> {
  const { operator } = enrolment
  const lines: string[] = []
  if (generated)
    lines.push(`Password (made up for ${operator.mailAddress}; shown only now): ${generated}`, '')
  lines.push(
    'Sign-in codes: scan this QR code with an authenticator app',
    '(Google Authenticator, Microsoft Authenticator, 1Password, ...):',
    '',
    await QRCode.toString(enrolment.totpUri, { type: 'terminal', small: true }),
    'Or add it by hand:',
    `  secret: ${enrolment.totpSecret}`,
    `  URI:    ${enrolment.totpUri}`,
    '',
    "Recovery codes: each signs in once in place of the app's code (a lost phone).",
    'Keep them somewhere safe; they are not shown again.',
    ...enrolment.recoveryCodes.map((code, i) => `  ${String(i + 1).padStart(2)}. ${code}`),
    '',
    'Sign in at /admin with the mail address, the password and the 6-digit code the app shows.',
  )
  console.log(lines.join('\n'))
}

function printList(rows: Awaited<ReturnType<OperatorService['list']>>): void {
  if (rows.length === 0) {
    console.log(
      'No operators yet. Make the first admin: npm run operator -- create --mail <address> --role admin',
    )
    return
  }
  const table = [
    ['mail address', 'role', 'status', 'created', 'last sign-in', 'recovery codes left'],
    ...rows.map((row) => [
      row.mailAddress,
      row.role,
      row.disabledAt ? `disabled ${formatJst(row.disabledAt)}` : 'active',
      formatJst(row.createdAt),
      row.lastSignedInAt ? formatJst(row.lastSignedInAt) : 'never',
      String(row.recoveryCodesLeft),
    ]),
  ]
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)))
  for (const line of table) {
    console.log(
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
  }
  console.log('(times in Japan time)')
}

/** A refusal of the service, in the operator's words. */
function describeRefusal(error: AppError, mail: string): string {
  switch (error.code) {
    case 'MAIL_ADDRESS_INVALID':
      return `"${mail}" is not a mail address`
    case 'MAIL_ADDRESS_TAKEN':
      return `an operator with the mail address ${mail} exists already (to give them new secrets: npm run operator -- reset --mail ${mail})`
    case 'NOT_FOUND':
      return `no operator has the mail address ${mail}`
    default:
      return `refused: ${error.code} (${error.message})`
  }
}

async function run(command: Command, operators: OperatorService): Promise<void> {
  const actor = systemActor(OPERATOR_COMMAND)
  switch (command.name) {
    case 'list':
      printList(await operators.list(actor))
      return
    case 'create': {
      const { password, shown } = await newPassword(command.password, command.mail)
      const enrolment = await operators.create(
        { mailAddress: command.mail, role: command.role, password },
        actor,
      )
      console.log(`Operator created: ${enrolment.operator.mailAddress} (${enrolment.operator.role})\n`)
      await printEnrolment(enrolment, shown ? password : null)
      return
    }
    case 'disable': {
      const operator = await operators.disable(command.mail, actor)
      console.log(
        `Disabled: ${operator.mailAddress} can no longer sign in; their sessions have ended (since ${formatJst(operator.disabledAt!)} Japan time).`,
      )
      return
    }
    case 'reset': {
      const { password, shown } = await newPassword(command.password, command.mail)
      const enrolment = await operators.reset({ mailAddress: command.mail, password }, actor)
      console.log(
        `Operator reset: ${enrolment.operator.mailAddress}. Their sessions have ended; the old password, authenticator entry and recovery codes no longer work.${enrolment.operator.disabledAt ? ' They stay disabled.' : ''}\n`,
      )
      await printEnrolment(enrolment, shown ? password : null)
      return
    }
  }
}

async function main(): Promise<number> {
  let command: Command
  try {
    command = parseCommand(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      throw error
    }
    const message = (error as Error).message
    console.error(message ? `${message}\n\n${usage}` : usage)
    return message ? 2 : 0
  }
  let config: ReturnType<typeof loadDatabaseConfig>
  try {
    config = loadDatabaseConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    return 78
  }

  // The embedded database is one process's at a time: PGlite keeps this file while it is open.
  if (!config.databaseUrl && existsSync(path.join(config.pgliteDir, 'postmaster.pid'))) {
    console.error(
      `The embedded database in ${config.pgliteDir} is in use: stop the server first (with PostgreSQL, DATABASE_URL, the command runs beside it). If no server is running, the last one did not stop cleanly: start and stop it once.`,
    )
    return 1
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir })
  try {
    await database.migrate()
    // The command's changes reach the audit log as the server's do: the audit log subscribes.
    const events = createEventBus()
    events.onEvery('audit', createAuditService({ repo: createAuditRepository(database.db) }).recordEvent)
    const operators = createOperatorService({
      repo: createOperatorsRepository(database.db, events),
      throttle: createThrottle(database.db),
      clock: systemClock,
    })
    await run(command, operators)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message)
      return 2
    }
    if (error instanceof AppError) {
      console.error(describeRefusal(error, 'mail' in command ? command.mail : ''))
      return 1
    }
    throw error
  } finally {
    await database.close()
  }
}

process.exitCode = await main()
