import {
  type AgreedPolicy,
  allowedReturnPath,
  DEFAULT_AFTER_SIGN_IN,
  type ExternalAuthFailure,
  type ExternalProvider,
  isExternalAuthFailure,
} from '@puribox/contract/external-auth'
import type { ExternalIdentities } from '@puribox/contract/external-auth-api'
import { links } from '@puribox/contract/pages'
import type { SnsPenaltyReason } from '@puribox/contract/penalty-reasons'
import { loginPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { formatJst } from '@puribox/contract/time'
import { sameHash, sha256 } from '../../crypto/hash'
import type { PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import {
  type AuthService,
  AuthServiceError,
  type AuthServiceFailure,
  type SignedInIdentity,
} from '../../ports/auth-service'
import type { Throttle } from '../throttle/throttle'
import type { AccountRow, AgreedVersion, ExternalAuthRepository, FlowRow } from './external-auth.repository'

const MINUTE_MS = 60_000

export const EXTERNAL_AUTH_RULES = {
  /** From the redirect to the auth service until its answer must have come. */
  flowMinutes: 10,
  /** Sign-ins, registrations and links started, per client address. */
  startsPerIp: { max: 30, windowMs: 10 * MINUTE_MS },
} as const

/** LOGIN signs in (registering an unknown identity), REGISTER too; LINK adds, SWITCH replaces. */
export type FlowPurpose = FlowRow['purpose']

export interface StartRequest {
  purpose: FlowPurpose
  provider: ExternalProvider
  /** Validated same-origin paths (see `returnPath`). */
  onSuccess: string
  onFailure: string
  /** The policies the person agreed to on the page that sent them (sign-in and registration only). */
  agreed?: readonly AgreedPolicy[] | null
}

/**
 * What sign-in needs of the policies module: the versions an agreement names when it is every kind
 * in its latest version, or its typed error (POLICY_*).
 */
export interface SignInPolicies {
  checkAgreement(policies: readonly AgreedPolicy[]): Promise<AgreedVersion[]>
}

export type Outcome =
  | {
      kind: 'SIGNED_IN'
      account: AccountRow
      registered: boolean
      provider: ExternalProvider
      onSuccess: string
    }
  | { kind: 'LINKED'; provider: ExternalProvider; onSuccess: string }
  | {
      kind: 'FAILED'
      reason: ExternalAuthFailure
      onFailure: string
      cause?: unknown
      /** With ACCOUNT_SUSPENDED: why, one of the fixed reasons, which the failure page tells. */
      penaltyReason?: SnsPenaltyReason
    }
  /** The person said no at the provider: nothing went wrong, so no error page. */
  | { kind: 'CANCELLED'; backTo: string }

/**
 * A return path from the query (`next`, `redirectUri`, `acp`, `alp`, `rp`): the fallback when absent,
 * the path when allowed (same origin, under /sp/ or /web/), else REDIRECT_URI_INVALID.
 */
export function returnPath(value: string | string[] | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback
  const path = typeof value === 'string' ? allowedReturnPath(value) : null
  if (path === null)
    throw new AppError('REDIRECT_URI_INVALID', 'return path must be a path under /sp/ or /web/')
  return path
}

/**
 * `path` with one more query parameter, by plain string work: re-serialising through URL would
 * resolve dot segments and could turn a same-origin path into `//host`.
 */
export function withParam(path: string, name: string, value: string): string {
  const hashAt = path.indexOf('#')
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt)
  const hash = hashAt === -1 ? '' : path.slice(hashAt)
  const separator = beforeHash.includes('?') ? '&' : '?'
  return `${beforeHash}${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}${hash}`
}

/**
 * The page a flow was started from, with where it was going: the login or registration page
 * (keeping `next`, so a seal the person came with is still waiting), or, for linking, the page that
 * asked to link.
 */
function startedFrom(flow: Pick<FlowRow, 'purpose' | 'onSuccess'>): string {
  const next = flow.onSuccess === DEFAULT_AFTER_SIGN_IN ? null : flow.onSuccess
  switch (flow.purpose) {
    case 'LOGIN':
      return next ? loginPath(next) : links.login
    case 'REGISTER':
      return registerEmailPath({ next })
    case 'LINK':
    case 'SWITCH':
      return flow.onSuccess
  }
}

/** The carriers whose sign-in says whether the line may take their add-on plan (decision 0066). */
const ADD_ON_CARRIERS: readonly ExternalProvider[] = ['au', 'docomo']

const failureOf: Record<AuthServiceFailure, ExternalAuthFailure> = {
  CANCELLED: 'AUTH_CANCELLED',
  FAILED: 'AUTH_FAILED',
  UNAVAILABLE: 'AUTH_SERVICE_UNAVAILABLE',
}

/** The rules of signing in, registering and linking through the external auth service. */
export function createExternalAuthService(deps: {
  repo: ExternalAuthRepository
  throttle: Throttle
  authService: AuthService
  policies: SignInPolicies
  /** Why a suspended account is suspended (penalties), to tell the person who proved it is theirs. */
  suspensionReason: (accountId: string) => Promise<SnsPenaltyReason | null>
}) {
  const { repo, throttle, authService, policies } = deps

  /**
   * The versions carried into a flow, kept only when they are every kind in its latest version. A
   * wrong or stale agreement is not a reason to stop a sign-in: the agreement page asks afterwards.
   */
  async function acceptedAgreement(agreed: readonly AgreedPolicy[] | null | undefined) {
    if (!agreed) return null
    try {
      return await policies.checkAgreement(agreed)
    } catch (error) {
      if (error instanceof AppError && error.code.startsWith('POLICY_')) return null
      throw error
    }
  }

  const failed = (reason: ExternalAuthFailure, onFailure: string, cause?: unknown): Outcome => ({
    kind: 'FAILED',
    reason,
    onFailure,
    cause,
  })

  /** A suspended account, refused with the reason its member is told. */
  async function suspended(accountId: string, onFailure: string): Promise<Outcome> {
    const penaltyReason = await deps.suspensionReason(accountId)
    return { ...failed('ACCOUNT_SUSPENDED', onFailure), ...(penaltyReason ? { penaltyReason } : {}) }
  }

  /**
   * An au or docomo sign-in, registration or link writes what the carrier said of the line now, so
   * a line that stopped qualifying loses the add-on plan at its next sign-in.
   */
  async function recordCarrierLine(accountId: string, provider: ExternalProvider, carrierAddOn: boolean) {
    if (ADD_ON_CARRIERS.includes(provider)) await repo.recordCarrierLine(accountId, carrierAddOn)
  }

  async function signInOrRegister(
    flow: FlowRow,
    subject: string,
    carrierAddOn: boolean,
    now: Date,
  ): Promise<Outcome> {
    const agreed = flow.agreedPolicies ?? []
    let account = await repo.accountOfIdentity(flow.provider, subject)
    let registered = false
    if (!account) {
      // An unknown identity registers a free member, whether the person came to sign in or to
      // register, with the policies agreed before the trip.
      account = await repo.registerWithIdentity({ provider: flow.provider, subject, agreed, now })
      registered = account !== null
      // Null: the same identity registered meanwhile (a double tap); sign in to that account.
      account ??= await repo.accountOfIdentity(flow.provider, subject)
      if (!account) return failed('AUTH_FAILED', flow.onFailure, 'identity vanished while registering')
    }
    if (account.snsPenalty === 'SUSPENSION') return suspended(account.id, flow.onFailure)
    // A member who turned out to have an account agreed all the same, to the versions they read.
    if (!registered && agreed.length > 0) await repo.recordAgreements(account.id, agreed, now)
    await recordCarrierLine(account.id, flow.provider, carrierAddOn)
    return { kind: 'SIGNED_IN', account, registered, provider: flow.provider, onSuccess: flow.onSuccess }
  }

  async function link(flow: FlowRow, subject: string, carrierAddOn: boolean, now: Date): Promise<Outcome> {
    const account = flow.accountId ? await repo.findAccount(flow.accountId) : null
    if (!account) return failed('AUTH_STATE_INVALID', flow.onFailure, 'the linking account is gone')
    if (account.snsPenalty === 'SUSPENSION') return suspended(account.id, flow.onFailure)
    const result = await repo.linkIdentity({
      accountId: account.id,
      provider: flow.provider,
      subject,
      now,
      replace: flow.purpose === 'SWITCH',
    })
    if (result === 'TAKEN') return failed('IDENTITY_TAKEN', flow.onFailure)
    if (result === 'PROVIDER_LINKED') return failed('PROVIDER_ALREADY_LINKED', flow.onFailure)
    await recordCarrierLine(account.id, flow.provider, carrierAddOn)
    return { kind: 'LINKED', provider: flow.provider, onSuccess: flow.onSuccess }
  }

  return {
    /** Counts a start against the client address's limit (before any session is made for it). */
    async admitStart(ip: string, now: Date): Promise<void> {
      const hit = await throttle.hit(`extauth:start:ip:${ip}`, EXTERNAL_AUTH_RULES.startsPerIp, now)
      if (!hit.allowed) {
        throw new AppError('RATE_LIMITED', 'too many sign-ins started; try again later', {
          'retry-after': String(hit.retryAfterSeconds),
        })
      }
    },

    /**
     * Keeps the flow (bound to the browser's session, made before starting if there was none;
     * single use, short-lived) and answers where to send the browser. LINK and SWITCH add to the
     * caller's own account.
     */
    async start(
      request: StartRequest,
      caller: PersonCaller,
      sessionHash: string,
      now: Date,
    ): Promise<string> {
      const linking = request.purpose === 'LINK' || request.purpose === 'SWITCH'
      if (linking && caller.kind !== 'member') throw new Error('linking needs a signed-in account')
      const checks = authService.newChecks()
      let url: string
      try {
        url = await authService.authorizationUrl(checks, request.provider)
      } catch (error) {
        if (error instanceof AuthServiceError) {
          throw new AppError(failureOf[error.kind], error.message)
        }
        throw error
      }
      await repo.insertFlow({
        stateHash: sha256(checks.state, 'base64url'),
        sessionHash,
        purpose: request.purpose,
        provider: request.provider,
        accountId: linking && caller.kind === 'member' ? caller.accountId : null,
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        onSuccess: request.onSuccess,
        onFailure: request.onFailure,
        agreedPolicies: linking ? null : await acceptedAgreement(request.agreed),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EXTERNAL_AUTH_RULES.flowMinutes * MINUTE_MS),
      })
      return url
    },

    /**
     * The auth service's answer: the flow it belongs to is taken (once), checked against the caller's
     * session (the browser that started it) and its expiry, the code redeemed, and the identity
     * signed in, registered or linked. Every failure is an outcome with a reason, never an exception
     * for the browser.
     */
    async complete(
      callbackQuery: string,
      state: string | string[] | undefined,
      caller: PersonCaller,
      now: Date,
    ): Promise<Outcome> {
      if (typeof state !== 'string' || state.length === 0 || state.length > 200) {
        return failed('AUTH_STATE_INVALID', links.loginFail, 'no state')
      }
      const flow = await repo.takeFlow(sha256(state, 'base64url'))
      if (!flow) return failed('AUTH_STATE_INVALID', links.loginFail, 'unknown or used state')
      if (!caller.sessionHash || !sameHash(flow.sessionHash, caller.sessionHash)) {
        // Another browser's answer (or a forged one): this browser learns nothing of that flow.
        return failed('AUTH_STATE_INVALID', links.loginFail, 'state of another session')
      }
      if (now >= flow.expiresAt) return failed('AUTH_STATE_EXPIRED', flow.onFailure)

      let identity: SignedInIdentity
      try {
        identity = await authService.complete(callbackQuery, {
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        })
      } catch (error) {
        // Cancelled at the provider: back where the person started, as if nothing happened.
        if (error instanceof AuthServiceError && error.kind === 'CANCELLED') {
          return { kind: 'CANCELLED', backTo: startedFrom(flow) }
        }
        if (error instanceof AuthServiceError) return failed(failureOf[error.kind], flow.onFailure, error)
        throw error
      }
      if (identity.provider !== flow.provider) {
        return failed('AUTH_FAILED', flow.onFailure, `asked for ${flow.provider}, got ${identity.provider}`)
      }
      if (identity.subject.length > 255) return failed('AUTH_FAILED', flow.onFailure, 'subject too long')

      return flow.purpose === 'LINK' || flow.purpose === 'SWITCH'
        ? link(flow, identity.subject, identity.carrierAddOn, now)
        : signInOrRegister(flow, identity.subject, identity.carrierAddOn, now)
    },

    /** GET …/validate_parameters: where a LINE registration would end, or REDIRECT_URI_INVALID. */
    validateRegistration(redirectUri: string | undefined, fallback: string): { redirectUri: string } {
      return { redirectUri: returnPath(redirectUri, fallback) }
    },

    async identities(accountId: string): Promise<ExternalIdentities> {
      const [rows, declined] = await Promise.all([
        repo.identitiesOf(accountId),
        repo.lineRecommendationDeclined(accountId),
      ])
      return {
        identities: rows.map((row) => ({ provider: row.provider, linkedAt: formatJst(row.linkedAt) })),
        lineRecommendationDeclined: declined,
      }
    },

    async declineLineRecommendation(accountId: string, now: Date): Promise<void> {
      await repo.declineLineRecommendation(accountId, now)
    },
  }
}

export type ExternalAuthService = ReturnType<typeof createExternalAuthService>

/** A typed failure of a start (bad parameter, rate limit, auth service down) as a failure reason. */
export function failureReasonOf(error: unknown): ExternalAuthFailure | null {
  return error instanceof AppError && isExternalAuthFailure(error.code) ? error.code : null
}
