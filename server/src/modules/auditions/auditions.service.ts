import { randomInt, randomUUID } from 'node:crypto'
import { type AuditionStep, isMinorOn } from '@puribox/contract/audition-consent-rules'
import { AUDITION_PAGE, AUDITION_RETURN_PARAM } from '@puribox/contract/audition-page'
import type {
  Audition,
  AuditionApplication,
  AuditionCheck,
  AuditionEligibility,
  AuditionStarted,
  Auditions,
  GuardianConsent,
} from '@puribox/contract/auditions'
import { ageOn } from '@puribox/contract/profile-rules'
import { SEAL_ID_ALPHABET } from '@puribox/contract/seal-id'
import { formatJst, japanDay } from '@puribox/contract/time'
import { AppError } from '../../http/errors'
import { type IdentityVerifier, IdentityVerifierError } from '../../ports/identity-verifier'
import type {
  AuditionApplicationDraft,
  AuditionApplicationRow,
  AuditionCheckRow,
  AuditionRow,
  AuditionsRepository,
  GuardianConsentRow,
} from './auditions.repository'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** An audition's id, as the table's check admits it: anything else names no audition. */
const AUDITION_ID = /^[a-z0-9][a-z0-9-]{0,63}$/

/** Reads the member's profile (the profile module's): its birthday. */
export interface ProfileFacts {
  find(accountId: string): Promise<{ birthday: string | null } | null>
}

export interface AuditionsServiceDeps {
  repo: AuditionsRepository
  profiles: ProfileFacts
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

/**
 * A number people read and quote: `<prefix>YYMMDD-` (the Japan date) and `length` characters of the
 * seal ID alphabet (no I, L, O, U to misread).
 */
export function newReferenceNumber(prefix: string, now: Date, length: number): string {
  const day = japanDay(now).replaceAll('-', '').slice(2)
  const tail = Array.from({ length }, () => SEAL_ID_ALPHABET[randomInt(SEAL_ID_ALPHABET.length)]).join('')
  return `${prefix}${day}-${tail}`
}

/**
 * The audition a member may apply to on `now`, with their birthday: open, and their age inside its
 * range. Starting a check and asking a guardian's consent both begin here.
 */
export async function applicableAudition(
  deps: { repo: AuditionsRepository; profiles: ProfileFacts },
  accountId: string,
  auditionId: string,
  now: Date,
): Promise<{ audition: AuditionRow; birthday: string }> {
  const audition = AUDITION_ID.test(auditionId) ? await deps.repo.findAudition(auditionId) : null
  if (!audition) throw new AppError('NOT_FOUND', 'no such audition')
  if (audition.opensAt > now || audition.closesAt <= now) {
    throw new AppError('AUDITION_CLOSED', 'the audition is not taking applications')
  }
  const birthday = (await deps.profiles.find(accountId))?.birthday ?? null
  const eligibility = eligibilityOf(audition, birthday, now)
  if (eligibility === 'BIRTHDAY_REQUIRED' || birthday === null) {
    throw new AppError('AUDITION_BIRTHDAY_REQUIRED', 'no birthday in the profile')
  }
  if (eligibility !== 'ELIGIBLE') throw new AppError('AUDITION_AGE_MISMATCH', eligibility)
  return { audition, birthday }
}

/**
 * The request that stands for a member and an audition among theirs (newest first): the agreed
 * one, else the one still out, else the newest. At most one of each of the first two exists.
 */
function currentConsent(rows: readonly GuardianConsentRow[]): GuardianConsentRow | undefined {
  return rows.find((row) => row.state === 'AGREED') ?? rows.find((row) => row.state === 'PENDING') ?? rows[0]
}

/** A consent request as the member sees it: PENDING past its link's end is EXPIRED. */
export function consentView(row: GuardianConsentRow, realNow: Date): GuardianConsent {
  const expired = row.state === 'PENDING' && row.expiresAt.getTime() <= realNow.getTime()
  return {
    state: expired ? 'EXPIRED' : row.state,
    referenceNumber: row.referenceNumber,
    guardianName: row.guardianName,
    relation: row.relation,
    mailAddress: row.mailAddress,
    requestedAt: formatJst(row.requestedAt),
    expiresAt: formatJst(row.expiresAt),
    answeredAt: row.answeredAt ? formatJst(row.answeredAt) : null,
  }
}

function applicationView(row: AuditionApplicationRow): AuditionApplication {
  return { sentAt: formatJst(row.sentAt), sent: row.sent }
}

/**
 * Where an eligible member stands with an audition (AUDITION_STEPS). A check VERIFIED before
 * applications were kept has none: SENT all the same, with nothing to show of what went.
 */
function stepOf(input: {
  minor: boolean
  check: AuditionCheckRow | undefined
  consents: readonly GuardianConsentRow[]
  application: AuditionApplicationRow | undefined
  realNow: Date
}): AuditionStep {
  if (input.application || input.check?.state === 'VERIFIED') return 'SENT'
  const agreed = input.consents.some((row) => row.state === 'AGREED')
  if (input.minor && !agreed) {
    const waiting = input.consents.some(
      (row) => row.state === 'PENDING' && row.expiresAt.getTime() > input.realNow.getTime(),
    )
    return waiting ? 'WAITING_FOR_GUARDIAN' : 'GUARDIAN_CONSENT'
  }
  return 'IDENTITY_CHECK'
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
   * The application a VERIFIED check sends the organiser: the fields of AUDITION_SENT_FIELDS as they
   * are at this moment. None for a member under 18 (or without a birthday) whom no guardian agreed
   * for: a check started before consents existed does not send a minor's application.
   */
  async function applicationFor(
    accountId: string,
    row: AuditionCheckRow,
    completedAt: Date,
    now: Date,
  ): Promise<AuditionApplicationDraft | undefined> {
    const [profile, consents] = await Promise.all([deps.profiles.find(accountId), repo.consentsOf(accountId)])
    const birthday = profile?.birthday ?? null
    const consent = consents.find((c) => c.auditionId === row.auditionId && c.state === 'AGREED')
    if ((birthday === null || isMinorOn(birthday, now)) && !consent) return undefined
    const sentAt = deps.realNow()
    const referenceNumber = newReferenceNumber('AU', sentAt, 6)
    return {
      accountId,
      auditionId: row.auditionId,
      referenceNumber,
      sentAt,
      sent: {
        referenceNumber,
        birthday,
        age: birthday === null ? null : ageOn(birthday, now),
        identityCheck: {
          result: 'VERIFIED',
          sessionId: row.verifierSessionId,
          completedAt: formatJst(completedAt),
        },
        guardianConsent: consent?.answeredAt
          ? { relation: consent.relation, consentedAt: formatJst(consent.answeredAt) }
          : null,
      },
    }
  }

  /**
   * Reads a PENDING check's session at the verifier and keeps a final outcome once; a VERIFIED one
   * sends the application with it. A session the verifier no longer knows after its end is EXPIRED.
   */
  async function refresh(accountId: string, row: AuditionCheckRow, now: Date): Promise<AuditionCheckRow> {
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
    const completedAt = session.completedAt ? new Date(session.completedAt) : deps.realNow()
    const application =
      session.status === 'VERIFIED' ? await applicationFor(accountId, row, completedAt, now) : undefined
    return repo.settle(row.id, session.status, completedAt, application)
  }

  return {
    /** The auditions open on `now`, with the member's age rule and latest check; no call to the verifier. */
    async list(accountId: string, now: Date): Promise<Auditions> {
      const [open, profile, checks, consents, applications] = await Promise.all([
        repo.openAuditions(now),
        deps.profiles.find(accountId),
        repo.checksOf(accountId),
        repo.consentsOf(accountId),
        repo.applicationsOf(accountId),
      ])
      const birthday = profile?.birthday ?? null
      const minor = birthday !== null && isMinorOn(birthday, now)
      const realNow = deps.realNow()
      return {
        auditions: open.map((audition): Audition => {
          const latest = checks.find((row) => row.auditionId === audition.id)
          const itsConsents = consents.filter((row) => row.auditionId === audition.id)
          const application = applications.find((row) => row.auditionId === audition.id)
          const current = currentConsent(itsConsents)
          const eligibility = eligibilityOf(audition, birthday, now)
          return {
            id: audition.id,
            title: audition.title,
            organizer: audition.organizer,
            description: audition.description,
            minAge: audition.minAge,
            maxAge: audition.maxAge,
            closesAt: formatJst(audition.closesAt),
            eligibility,
            check: latest ? checkView(latest) : null,
            guardianConsentRequired: minor,
            step:
              eligibility === 'ELIGIBLE'
                ? stepOf({ minor, check: latest, consents: itsConsents, application, realNow })
                : null,
            guardianConsent: current ? consentView(current, realNow) : null,
            application: application ? applicationView(application) : null,
          }
        }),
      }
    },

    /** Starts a check (or answers the PENDING one again) and the verifier's page to go to. */
    async start(accountId: string, auditionId: string, now: Date): Promise<AuditionStarted> {
      const { birthday } = await applicableAudition(deps, accountId, auditionId, now)

      const mine = (await repo.checksOf(accountId)).filter((row) => row.auditionId === auditionId)
      if (mine.some((row) => row.state === 'VERIFIED')) {
        throw new AppError('AUDITION_ALREADY_VERIFIED', 'verified already')
      }
      if (isMinorOn(birthday, now)) {
        const consents = await repo.consentsOf(accountId)
        if (!consents.some((row) => row.auditionId === auditionId && row.state === 'AGREED')) {
          throw new AppError('AUDITION_GUARDIAN_CONSENT_REQUIRED', 'under 18: a guardian must agree first')
        }
      }
      const pending = mine.find((row) => row.state === 'PENDING')
      if (pending) {
        // A second tap, or a way back that never came: the same session while it lasts.
        const current = await refresh(accountId, pending, now)
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
    async check(accountId: string, checkId: string, now: Date): Promise<AuditionCheck> {
      const row = UUID.test(checkId) ? await repo.findCheck(accountId, checkId) : null
      if (!row) throw new AppError('NOT_FOUND', 'no such check')
      return checkView(await refresh(accountId, row, now))
    },
  }
}

export type AuditionsService = ReturnType<typeof createAuditionsService>
