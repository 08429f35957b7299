import { randomBytes, randomUUID } from 'node:crypto'
import type { SignedInOperator } from '@puribox/contract/admin-session'
import { normalizeMailAddress, type PasswordProblem, passwordProblem } from '@puribox/contract/auth'
import { sha256 } from '../../crypto/hash'
import { consoleRoleOf, type OperatorCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor, OperatorRole } from '../actor'
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords'
import { createSignInLimiter, type SignInLimits } from '../auth/sign-in-limits'
import type { Throttle } from '../throttle/throttle'
import type { SignInFailure } from './operators.events'
import { can, type OperatorAction } from './operators.policy'
import type {
  ListedOperator,
  OperatorRow,
  OperatorSecrets,
  OperatorsRepository,
  SecondFactorProof,
} from './operators.repository'
import {
  acceptedTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  recoveryCodeHash,
  totpUri,
} from './second-factor'

const MINUTE_MS = 60_000

/** The console's sessions: shorter than members' by far, as befits what an operator may do. */
export const OPERATOR_SESSION = {
  /** A session unused this long ends. */
  idleMs: 30 * MINUTE_MS,
  /** No session outlives this, used or not. */
  absoluteMs: 12 * 60 * MINUTE_MS,
  /** lastSeenAt is written at most this often (so the idle end is exact to a minute). */
  touchMs: MINUTE_MS,
} as const

/**
 * Failed sign-ins to the console (`auth/sign-in-limits.ts`, as members'): a browser the operator
 * signed in from before is held by its own failures alone; other clients are slowed per address,
 * per operator and address, and per operator once many have failed (then one try a minute).
 */
export const OPERATOR_SIGN_IN_LIMITS: SignInLimits = {
  perIp: { max: 20, windowMs: 10 * MINUTE_MS },
  failuresPerClient: { max: 5, windowMs: 15 * MINUTE_MS },
  failuresPerAccount: { max: 10, windowMs: 60 * MINUTE_MS },
  pace: { max: 1, windowMs: MINUTE_MS },
  failuresPerDevice: { max: 10, windowMs: 15 * MINUTE_MS },
}

/** Known browsers unused this long are forgotten. */
const BROWSER_MEMORY_MS = 400 * 24 * 60 * MINUTE_MS

/** An operator's password is longer than a member's minimum. */
export const OPERATOR_PASSWORD_MIN = 12

/** Why an operator's new password is refused, or null. */
export function operatorPasswordProblem(password: string, mailAddress: string): PasswordProblem | null {
  if ([...password].length < OPERATOR_PASSWORD_MIN) return 'TOO_SHORT'
  return passwordProblem(password, mailAddress)
}

/**
 * What an operator is shown once, when made or reset, to enrol their authenticator app and keep
 * their recovery codes. Nothing here is kept but the TOTP secret and the codes' hashes.
 */
export interface Enrolment {
  operator: OperatorRow
  totpSecret: string
  totpUri: string
  recoveryCodes: string[]
}

/** What a sign-in gives the browser: the console session's id (its cookie) and the device token. */
export interface OperatorSignedIn {
  operator: OperatorRow
  sessionId: string
  deviceToken: string
}

/** Operators' accounts, their sign-in to the console and its sessions (decisions 0069 and 0070). */
export function createOperatorService(deps: { repo: OperatorsRepository; throttle: Throttle; clock: Clock }) {
  const { repo, clock } = deps
  const limiter = createSignInLimiter({
    throttle: deps.throttle,
    prefix: 'operator-login',
    limits: OPERATOR_SIGN_IN_LIMITS,
    browsers: repo.browsers,
  })

  function allow(actor: Actor, action: OperatorAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} operators`)
  }

  /** New secrets for an operator: what is stored, and what they are shown once. */
  async function newSecrets(operatorId: string, mailAddress: string, password: string) {
    const problem = operatorPasswordProblem(password, mailAddress)
    if (problem) throw new AppError('PASSWORD_INVALID', `password refused: ${problem}`)
    const totpSecret = newTotpSecret()
    const recoveryCodes = newRecoveryCodes()
    const secrets: OperatorSecrets = {
      passwordHash: await hashPassword(password),
      totpSecret,
      recoveryCodeHashes: recoveryCodes.map((code) =>
        recoveryCodeHash(operatorId, normalizeRecoveryCode(code)!),
      ),
    }
    return { secrets, shown: { totpSecret, totpUri: totpUri(totpSecret, mailAddress), recoveryCodes } }
  }

  async function existing(mailInput: string): Promise<OperatorRow> {
    const mailAddress = normalizeMailAddress(mailInput)
    const operator = mailAddress ? await repo.findByMail(mailAddress) : null
    if (!operator) throw new AppError('NOT_FOUND', 'no operator has this mail address')
    return operator
  }

  /** The second factor the code proves, if it can prove one (a recovery code is checked when used). */
  async function proofOf(operator: OperatorRow, code: string, now: Date): Promise<SecondFactorProof | null> {
    const typed = code.normalize('NFKC').replace(/\s/g, '')
    const step = await acceptedTotpStep(operator.totpSecret, typed, now, operator.totpLastStep)
    if (step !== null) return { kind: 'totp', step }
    const recoveryCode = normalizeRecoveryCode(typed)
    return recoveryCode
      ? { kind: 'recovery-code', codeHash: recoveryCodeHash(operator.id, recoveryCode) }
      : null
  }

  return {
    /** A new operator, with their TOTP secret and recovery codes to show once. */
    async create(
      input: { mailAddress: string; role: OperatorRole; password: string },
      actor: Actor,
    ): Promise<Enrolment> {
      allow(actor, 'create')
      const mailAddress = normalizeMailAddress(input.mailAddress)
      if (!mailAddress) throw new AppError('MAIL_ADDRESS_INVALID', 'not a mail address')
      const id = randomUUID()
      const { secrets, shown } = await newSecrets(id, mailAddress, input.password)
      const row = await repo.create(
        { id, mailAddress, role: input.role, ...secrets },
        { actor, at: clock.now() },
      )
      if (row === 'TAKEN') throw new AppError('MAIL_ADDRESS_TAKEN', 'an operator has this mail address')
      return { operator: row, ...shown }
    },

    async list(actor: Actor): Promise<ListedOperator[]> {
      allow(actor, 'list')
      return repo.list()
    },

    /** The operator can no longer sign in; their sessions end. Disabling one already disabled changes nothing. */
    async disable(mailAddress: string, actor: Actor): Promise<OperatorRow> {
      allow(actor, 'disable')
      const operator = await existing(mailAddress)
      if (operator.disabledAt) return operator
      return repo.disable(operator, { actor, at: clock.now() })
    },

    /**
     * A new password, TOTP secret and recovery codes (the old ones stop working at once), shown
     * once; every session of the operator ends. A disabled operator stays disabled.
     */
    async reset(input: { mailAddress: string; password: string }, actor: Actor): Promise<Enrolment> {
      allow(actor, 'reset')
      const operator = await existing(input.mailAddress)
      const { secrets, shown } = await newSecrets(operator.id, operator.mailAddress, input.password)
      const row = await repo.reset(operator, secrets, { actor, at: clock.now() })
      return { operator: row, ...shown }
    },

    /**
     * Mail address, password and code → a console session, or OPERATOR_SIGN_IN_FAILED whatever was
     * wrong (an unknown address, the password, the code, a disabled operator), in the same time.
     * `deviceToken` is the browser's device cookie: a browser the operator signed in from before is
     * held only by its own failures. Every failure past the limits is recorded for the audit log.
     */
    async signIn(
      input: { mailAddress: string; password: string; code: string },
      client: { ip: string; deviceToken: string | null },
    ): Promise<OperatorSignedIn> {
      const now = clock.now()
      const mailAddress = normalizeMailAddress(input.mailAddress)
      const operator = mailAddress ? await repo.findByMail(mailAddress) : null
      const attempt = await limiter.admit(operator?.id ?? null, client.deviceToken, client.ip, now)

      const fail = async (failure: SignInFailure): Promise<never> => {
        await limiter.failed(attempt)
        await repo.recordFailure(
          {
            operatorId: operator?.id ?? null,
            mailAddress: mailAddress ?? input.mailAddress.trim().slice(0, 254),
            failure,
          },
          { kind: 'anonymous', ip: client.ip },
          now,
        )
        throw new AppError('OPERATOR_SIGN_IN_FAILED', 'mail address, password or code is wrong')
      }

      const passwordMatches = await verifyPassword(
        input.password,
        operator?.passwordHash ?? (await decoyHash()),
      )
      if (!operator) return fail('unknown-mail')
      if (!passwordMatches) return fail('wrong-password')
      if (operator.disabledAt) return fail('disabled')
      const proof = await proofOf(operator, input.code, now)
      if (!proof) return fail('wrong-code')

      const sessionId = randomBytes(32).toString('base64url')
      const signedIn = await repo.signIn(
        operator,
        proof,
        {
          idHash: sha256(sessionId, 'base64url'),
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + OPERATOR_SESSION.absoluteMs),
        },
        {
          actor: { kind: 'operator', operatorId: operator.id, role: operator.role, ip: client.ip },
          at: now,
        },
      )
      if (!signedIn) return fail('wrong-code')
      const deviceToken = await limiter.succeeded(attempt, operator.id)
      return { operator, sessionId, deviceToken }
    },

    /**
     * The operator a console cookie stands for, or null: unknown, unused for 30 minutes, past its
     * 12 hours, or its operator disabled. A session past its end is forgotten.
     */
    async authenticate(cookieValue: string, ip: string): Promise<OperatorCaller | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return null
      const idHash = sha256(cookieValue, 'base64url')
      const found = await repo.findSession(idHash)
      if (!found) return null
      const now = clock.now().getTime()
      const lastSeen = found.session.lastSeenAt.getTime()
      if (
        now >= found.session.expiresAt.getTime() ||
        now >= lastSeen + OPERATOR_SESSION.idleMs ||
        found.disabledAt
      ) {
        await repo.dropSession(idHash)
        return null
      }
      if (now - lastSeen >= OPERATOR_SESSION.touchMs) await repo.touchSession(idHash, new Date(now))
      return {
        kind: 'operator',
        operatorId: found.session.operatorId,
        role: found.role,
        sessionHash: idHash,
        ip,
      }
    },

    /** A console cookie replaced by a new sign-in: its session (if any) is forgotten. */
    async forgetSession(cookieValue: string): Promise<void> {
      await repo.dropSession(sha256(cookieValue, 'base64url'))
    },

    async signOut(caller: OperatorCaller): Promise<void> {
      await repo.signOut(caller.operatorId, caller.sessionHash, { actor: caller, at: clock.now() })
    },

    /** The signed-in operator as the console shows them; null when they are gone. */
    async current(caller: OperatorCaller): Promise<SignedInOperator | null> {
      const operator = await repo.findById(caller.operatorId)
      return operator ? presentOperator(operator) : null
    },

    /** Housekeeping: sessions past their end, browsers long unused. */
    sweep(): Promise<void> {
      const now = clock.now()
      return repo.sweep(
        new Date(now.getTime() - OPERATOR_SESSION.idleMs),
        now,
        new Date(now.getTime() - BROWSER_MEMORY_MS),
      )
    },
  }
}

export function presentOperator(operator: OperatorRow): SignedInOperator {
  return { id: operator.id, mailAddress: operator.mailAddress, role: consoleRoleOf(operator.role) }
}

export type OperatorService = ReturnType<typeof createOperatorService>
