import { randomUUID } from 'node:crypto'
import { AUDITION_PAGE, AUDITION_RETURN_PARAM } from '@puribox/contract/audition-page'
import type {
  Audition,
  AuditionCheck,
  AuditionEligibility,
  AuditionStarted,
  Auditions,
} from '@puribox/contract/auditions'
import { ageOn } from '@puribox/contract/profile-rules'
import { formatJst } from '@puribox/contract/time'
import { AppError } from '../../http/errors'
import { type IdentityVerifier, IdentityVerifierError } from '../../ports/identity-verifier'
import type { AuditionCheckRow, AuditionRow, AuditionsRepository } from './auditions.repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** An audition's id, as the table's check admits it: anything else names no audition. */
const AUDITION_ID = /^[a-z0-9][a-z0-9-]{0,63}$/

export interface AuditionsServiceDeps {
  repo: AuditionsRepository
  /** Reads the member's profile (the profile module's): its birthday. */
  profiles: { find(accountId: string): Promise<{ birthday: string | null } | null> }
  verifier: IdentityVerifier
  /** The site's own address: the verifier sends the browser back to a page of it. */
  publicUrl: string
  /**
   * The real time, for the verifier's sessions, which run on the verifier's clock. The age rules and
   * the auditions' windows use the request's "now" (time travel included).
   */
  realNow: () => Date
  onVerifierError?: (error: IdentityVerifierError) => void
}

/** Where the member stands with the audition's age rule on `now`. */
export function eligibilityOf(
  audition: Pick<AuditionRow, 'minAge' | 'maxAge'>,
  birthday: string | null,
  now: Date,
): AuditionEligibility {
  const age = birthday === null ? null : ageOn(birthday, now)
  if (age === null) return 'BIRTHDAY_REQUIRED'
  if (age < audition.minAge) return 'TOO_YOUNG'
  if (age > audition.maxAge) return 'TOO_OLD'
  return 'ELIGIBLE'
}

function checkView(row: AuditionCheckRow): AuditionCheck {
  return {
    id: row.id,
    auditionId: row.auditionId,
    state: row.state,
    startedAt: formatJst(row.startedAt),
    completedAt: row.completedAt ? formatJst(row.completedAt) : null,
  }
}

/**
 * Auditions and their identity checks (decision 0049). The outcome of a check is only ever what
 * the verifier answers PuriBox's server for the member's own session; nothing the browser brings
 * back counts.
 */
export function createAuditionsService(deps: AuditionsServiceDeps) {
  const { repo, verifier } = deps

  /** The verifier's failure as the member's error: it is down, or the audition is not there. */
  function verifierFailure(error: unknown): never {
    if (!(error instanceof IdentityVerifierError)) throw error
    deps.onVerifierError?.(error)
    if (error.kind === 'NOT_FOUND') throw new AppError('AUDITION_CLOSED', 'the verifier has no such audition')
    throw new AppError('IDENTITY_VERIFIER_UNAVAILABLE', error.message)
  }

  /**
   * Reads a PENDING check's session at the verifier and keeps a final outcome once. A session the
   * verifier no longer knows after its end is EXPIRED.
   */
  async function refresh(accountId: string, row: AuditionCheckRow): Promise<AuditionCheckRow> {
    if (row.state !== 'PENDING') return row
    let session: Awaited<ReturnType<IdentityVerifier['session']>>
    try {
      session = await verifier.session(accountId, row.auditionId, row.verifierSessionId)
    } catch (error) {
      if (
        error instanceof IdentityVerifierError &&
        error.kind === 'NOT_FOUND' &&
        row.expiresAt.getTime() <= deps.realNow().getTime()
      ) {
        return repo.settle(row.id, 'EXPIRED', row.expiresAt)
      }
      if (error instanceof IdentityVerifierError && error.kind === 'NOT_FOUND') {
        return verifierFailure(new IdentityVerifierError('UNAVAILABLE', error.message))
      }
      return verifierFailure(error)
    }
    if (session.id !== row.verifierSessionId || session.auditionId !== row.auditionId) {
      return verifierFailure(
        new IdentityVerifierError('UNAVAILABLE', 'the verifier answered another session'),
      )
    }
    if (session.status === 'PENDING') return row
    return repo.settle(
      row.id,
      session.status,
      session.completedAt ? new Date(session.completedAt) : deps.realNow(),
    )
  }

  return {
    /** The auditions open on `now`, with the member's age rule and latest check; no call to the verifier. */
    async list(accountId: string, now: Date): Promise<Auditions> {
      const [open, profile, checks] = await Promise.all([
        repo.openAuditions(now),
        deps.profiles.find(accountId),
        repo.checksOf(accountId),
      ])
      const birthday = profile?.birthday ?? null
      return {
        auditions: open.map((audition): Audition => {
          const latest = checks.find((row) => row.auditionId === audition.id)
          return {
            id: audition.id,
            title: audition.title,
            organizer: audition.organizer,
            description: audition.description,
            minAge: audition.minAge,
            maxAge: audition.maxAge,
            closesAt: formatJst(audition.closesAt),
            eligibility: eligibilityOf(audition, birthday, now),
            check: latest ? checkView(latest) : null,
          }
        }),
      }
    },

    /** Starts a check (or answers the PENDING one again) and the verifier's page to go to. */
    async start(accountId: string, auditionId: string, now: Date): Promise<AuditionStarted> {
      const audition = AUDITION_ID.test(auditionId) ? await repo.findAudition(auditionId) : null
      if (!audition) throw new AppError('NOT_FOUND', 'no such audition')
      if (audition.opensAt > now || audition.closesAt <= now) {
        throw new AppError('AUDITION_CLOSED', 'the audition is not taking applications')
      }
      const profile = await deps.profiles.find(accountId)
      const eligibility = eligibilityOf(audition, profile?.birthday ?? null, now)
      if (eligibility === 'BIRTHDAY_REQUIRED') {
        throw new AppError('AUDITION_BIRTHDAY_REQUIRED', 'no birthday in the profile')
      }
      if (eligibility !== 'ELIGIBLE') throw new AppError('AUDITION_AGE_MISMATCH', eligibility)

      const mine = (await repo.checksOf(accountId)).filter((row) => row.auditionId === auditionId)
      if (mine.some((row) => row.state === 'VERIFIED')) {
        throw new AppError('AUDITION_ALREADY_VERIFIED', 'verified already')
      }
      const pending = mine.find((row) => row.state === 'PENDING')
      if (pending) {
        // A second tap, or a way back that never came: the same session while it lasts.
        const current = await refresh(accountId, pending)
        if (current.state === 'PENDING')
          return { check: checkView(current), redirectUrl: current.verifierUrl }
        if (current.state === 'VERIFIED')
          throw new AppError('AUDITION_ALREADY_VERIFIED', 'verified meanwhile')
      }

      let session: Awaited<ReturnType<IdentityVerifier['startSession']>>
      const id = randomUUID()
      try {
        const atVerifier = await verifier.audition(accountId, auditionId)
        if (atVerifier.status !== 'OPEN') throw new AppError('AUDITION_CLOSED', 'closed at the verifier')
        const available = await verifier.available(accountId, auditionId)
        if (!available.available) {
          throw available.reason === 'ALREADY_VERIFIED'
            ? new AppError('AUDITION_ALREADY_VERIFIED', 'verified at the verifier')
            : new AppError('AUDITION_CLOSED', 'not available at the verifier')
        }
        const returnUrl = `${deps.publicUrl}${AUDITION_PAGE}?${AUDITION_RETURN_PARAM}=${id}`
        session = await verifier.startSession(accountId, auditionId, { returnUrl, key: id })
      } catch (error) {
        if (error instanceof AppError) throw error
        return verifierFailure(error)
      }
      const row = await repo.addCheck({
        id,
        accountId,
        auditionId,
        verifierSessionId: session.id,
        verifierUrl: session.url,
        startedAt: deps.realNow(),
        expiresAt: new Date(session.expiresAt),
      })
      return { check: checkView(row), redirectUrl: row.verifierUrl }
    },

    /** One of the member's checks, its outcome read from the verifier while PENDING. */
    async check(accountId: string, checkId: string): Promise<AuditionCheck> {
      const row = UUID.test(checkId) ? await repo.findCheck(accountId, checkId) : null
      if (!row) throw new AppError('NOT_FOUND', 'no such check')
      return checkView(await refresh(accountId, row))
    },
  }
}

export type AuditionsService = ReturnType<typeof createAuditionsService>
