import { randomBytes } from 'node:crypto'
import {
  GUARDIAN_CONSENT_LIMITS,
  isMinorOn,
  normalizeGuardianName,
} from '@puribox/contract/audition-consent-rules'
import { AUDITION_CONSENT_PAGE, AUDITION_CONSENT_TOKEN_PARAM } from '@puribox/contract/audition-page'
import type {
  GuardianConsent,
  GuardianConsentAnswerBody,
  GuardianConsentAnswered,
  GuardianConsentBody,
  GuardianConsentRequest,
} from '@puribox/contract/auditions'
import { normalizeMailAddress } from '@puribox/contract/auth'
import { formatJst } from '@puribox/contract/time'
import { sha256 } from '../../crypto/hash'
import type { PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Mailer } from '../../ports/mail'
import type { Throttle } from '../throttle/throttle'
import { guardianConsentMail } from './auditions.mail'
import type { AuditionsRepository, GuardianConsentRow } from './auditions.repository'
import { applicableAudition, consentView, newReferenceNumber, type ProfileFacts } from './auditions.service'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The limits of decision 0060 (the route's description says them too). */
export const GUARDIAN_CONSENT_RULES = {
  mailsPerAccount: { max: 5, windowMs: DAY_MS },
  mailsPerAddress: { max: 3, windowMs: DAY_MS },
  /** Requests nobody agreed to are forgotten this long after their link ended. */
  keptAfterEndMs: 30 * DAY_MS,
} as const

/** The throttle's keys: the member's mails, and the mails to one guardian address (from anyone). */
export const consentThrottleKeys = {
  account: (accountId: string) => `audition-consent:account:${accountId}`,
  address: (mailAddress: string) => `audition-consent:to:${mailAddress.toLowerCase()}`,
}

/** A token as made here: 32 random bytes in base64url. Anything else names no request. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

function rateLimited(retryAfterSeconds: number, what: string): AppError {
  return new AppError('RATE_LIMITED', `too many ${what}; try again later`, {
    'retry-after': String(retryAfterSeconds),
  })
}

export interface GuardianConsentsDeps {
  repo: AuditionsRepository
  profiles: ProfileFacts
  /** The member's own mail address (the accounts module's), which cannot be the guardian's. */
  accounts: { mailAddressOf(accountId: string): Promise<string | null> }
  throttle: Throttle
  mailer: Mailer
  /** The site's own address: the mail's link goes to a page of it. */
  publicUrl: string
  /**
   * The real time, for the link's 72 hours: it is opened in another browser, by someone whose
   * session knows nothing of the member's time travel. Age rules use the request's "now".
   */
  realNow: () => Date
}

/**
 * A minor's guardian consent (decision 0060): the member asks, PuriBox mails the guardian a link
 * that works once for 72 hours, and the guardian agrees or declines on the consent page. The mail
 * and the page carry only PuriBox's own words: what the member typed goes nowhere but their own page.
 */
export function createGuardianConsentsService(deps: GuardianConsentsDeps) {
  const { repo, throttle, mailer } = deps

  /**
   * The request a link names, while it can still be answered: the applicant themselves, an answered,
   * replaced or expired request, or an audition closed since are refused, each with its own code.
   */
  async function openRequest(token: string, caller: PersonCaller, now: Date) {
    const row = TOKEN.test(token) ? await repo.consentByTokenHash(sha256(token, 'base64url')) : null
    if (!row) throw new AppError('AUDITION_CONSENT_LINK_INVALID', 'no consent request has this token')
    refuseClosed(row, caller)
    const audition = await repo.findAudition(row.auditionId)
    if (!audition || audition.opensAt > now || audition.closesAt <= now) {
      throw new AppError('AUDITION_CLOSED', 'the audition is not taking applications')
    }
    return { row, audition }
  }

  /** Throws why a request cannot be answered (any more); returns when it still can. */
  function refuseClosed(row: GuardianConsentRow, caller: PersonCaller): void {
    if (caller.kind === 'member' && caller.accountId === row.accountId) {
      throw new AppError('AUDITION_CONSENT_BY_APPLICANT', 'the applicant cannot consent for themselves')
    }
    if (row.state === 'AGREED' || row.state === 'DECLINED') {
      throw new AppError('AUDITION_CONSENT_ANSWERED', 'answered already')
    }
    if (row.state === 'REPLACED')
      throw new AppError('AUDITION_CONSENT_LINK_REPLACED', 'a newer request exists')
    if (row.expiresAt.getTime() <= deps.realNow().getTime()) {
      throw new AppError('AUDITION_CONSENT_LINK_EXPIRED', 'the link ran out')
    }
  }

  return {
    /** Asks the guardian: a new request (replacing a PENDING one) and the mail with its link. */
    async request(
      accountId: string,
      auditionId: string,
      body: GuardianConsentBody,
      now: Date,
    ): Promise<GuardianConsent> {
      const { audition, birthday } = await applicableAudition(deps, accountId, auditionId, now)
      if (!isMinorOn(birthday, now)) {
        throw new AppError('AUDITION_GUARDIAN_CONSENT_NOT_NEEDED', '18 or over')
      }
      const [checks, consents] = await Promise.all([repo.checksOf(accountId), repo.consentsOf(accountId)])
      if (checks.some((row) => row.auditionId === auditionId && row.state === 'VERIFIED')) {
        throw new AppError('AUDITION_ALREADY_VERIFIED', 'verified already')
      }
      if (consents.some((row) => row.auditionId === auditionId && row.state === 'AGREED')) {
        throw new AppError('AUDITION_GUARDIAN_CONSENT_GIVEN', 'a guardian agreed already')
      }

      const name = normalizeGuardianName(body.guardianName)
      if (!name.ok) throw new AppError('AUDITION_GUARDIAN_NAME_INVALID', name.problem)
      const mailAddress = normalizeMailAddress(body.mailAddress)
      if (!mailAddress) throw new AppError('MAIL_ADDRESS_INVALID', 'not a mail address')
      const own = await deps.accounts.mailAddressOf(accountId)
      if (own !== null && own.toLowerCase() === mailAddress.toLowerCase()) {
        throw new AppError('AUDITION_GUARDIAN_MAIL_OWN', "the member's own address")
      }

      const perAccount = await throttle.hit(
        consentThrottleKeys.account(accountId),
        GUARDIAN_CONSENT_RULES.mailsPerAccount,
        now,
      )
      if (!perAccount.allowed) throw rateLimited(perAccount.retryAfterSeconds, 'consent mails')
      const perAddress = await throttle.hit(
        consentThrottleKeys.address(mailAddress),
        GUARDIAN_CONSENT_RULES.mailsPerAddress,
        now,
      )
      if (!perAddress.allowed) throw rateLimited(perAddress.retryAfterSeconds, 'mails to this address')

      const token = randomBytes(32).toString('base64url')
      const requestedAt = deps.realNow()
      const expiresAt = new Date(requestedAt.getTime() + GUARDIAN_CONSENT_LIMITS.linkHours * HOUR_MS)
      const row = await repo.requestConsent({
        accountId,
        auditionId,
        referenceNumber: newReferenceNumber('GC', requestedAt, 4),
        guardianName: name.value,
        relation: body.relation,
        mailAddress,
        tokenHash: sha256(token, 'base64url'),
        requestedAt,
        expiresAt,
      })
      const link = `${deps.publicUrl}${AUDITION_CONSENT_PAGE}?${new URLSearchParams({
        [AUDITION_CONSENT_TOKEN_PARAM]: token,
      })}`
      try {
        await mailer.send(
          guardianConsentMail({
            to: mailAddress,
            relation: row.relation,
            audition,
            referenceNumber: row.referenceNumber,
            link,
            expiresAt,
            hours: GUARDIAN_CONSENT_LIMITS.linkHours,
          }),
        )
      } catch (error) {
        // The link reached nobody: the member's page must not say a request is out.
        await repo.removeConsent(row.id)
        throw error
      }
      return consentView(row, requestedAt)
    },

    /** The request a link names, in PuriBox's words only, for the guardian's page. */
    async read(token: string, caller: PersonCaller, now: Date): Promise<GuardianConsentRequest> {
      const { row, audition } = await openRequest(token, caller, now)
      return {
        referenceNumber: row.referenceNumber,
        relation: row.relation,
        audition: {
          title: audition.title,
          organizer: audition.organizer,
          description: audition.description,
          closesAt: formatJst(audition.closesAt),
        },
        requestedAt: formatJst(row.requestedAt),
        expiresAt: formatJst(row.expiresAt),
      }
    },

    /** The guardian's answer, kept once. */
    async answer(
      body: GuardianConsentAnswerBody,
      caller: PersonCaller,
      now: Date,
    ): Promise<GuardianConsentAnswered> {
      const { row } = await openRequest(body.token, caller, now)
      if (body.answer === 'AGREE' && !body.confirmed) {
        throw new AppError('CONFIRMATION_REQUIRED', 'the guardian did not tick the confirmation')
      }
      const result = await repo.answerConsent(
        row.id,
        body.answer === 'AGREE' ? 'AGREED' : 'DECLINED',
        deps.realNow(),
      )
      if (!result.kept) {
        refuseClosed(result.row, caller)
        throw new AppError('AUDITION_CONSENT_ANSWERED', 'answered meanwhile')
      }
      const kept = result.row
      return {
        state: kept.state === 'AGREED' ? 'AGREED' : 'DECLINED',
        referenceNumber: kept.referenceNumber,
        answeredAt: formatJst(kept.answeredAt ?? deps.realNow()),
      }
    },

    /** Housekeeping: requests nobody agreed to, a month after their link ended. */
    sweep(): Promise<void> {
      return repo.sweepConsents(new Date(deps.realNow().getTime() - GUARDIAN_CONSENT_RULES.keptAfterEndMs))
    },
  }
}

export type GuardianConsentsService = ReturnType<typeof createGuardianConsentsService>
