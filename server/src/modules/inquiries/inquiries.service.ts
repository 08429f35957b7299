import { randomInt } from 'node:crypto'
import { normalizeMailAddress as readMailAddress } from '@puribox/contract/auth'
import type { InquiryBody, InquiryCheck, InquirySent } from '@puribox/contract/inquiries'
import {
  fieldNeed,
  type InquiryDraft,
  type InquiryProblem,
  inquiryProblems,
  isInquiryTopic,
  mailAddressProblem,
  normalizeMailAddress,
} from '@puribox/contract/inquiry-rules'
import { normalizeSealId, SEAL_ID_ALPHABET } from '@puribox/contract/seal-id'
import { SUPPORT_MAIL_ADDRESS } from '@puribox/contract/support'
import { formatJst, japanDay } from '@puribox/contract/time'
import type { FastifyBaseLogger } from 'fastify'
import type { PersonCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Mailer } from '../../ports/mail'
import type { MailDomains } from '../../ports/mail-domains'
import type { Throttle } from '../throttle/throttle'
import { confirmationMail, confirmationWithTextMail, supportMail } from './inquiries.mail'
import type { InquiriesRepository, InquiryRow } from './inquiries.repository'

const HOUR_MS = 3_600_000

/** The rate limits of decision 0046 (the route's description says them too). */
export const INQUIRY_RULES = {
  sendsPerAccount: { max: 5, windowMs: HOUR_MS },
  sendsPerGuestIp: { max: 10, windowMs: HOUR_MS },
  confirmationsPerAddress: { max: 3, windowMs: HOUR_MS },
  checksPerCaller: { max: 30, windowMs: HOUR_MS },
} as const

/** A seal as the check needs it: whether it exists and the numbers of its puris. */
export interface SealFacts {
  puriNumbers(sealId: string): Promise<number[] | null>
}

/** An account as the confirmation needs it. */
export interface AccountFacts {
  /** The account's own mail address, which it proved by a code to have it; null when it has none. */
  provedMailAddress(accountId: string): Promise<string | null>
}

function rateLimited(retryAfterSeconds: number, what: string): AppError {
  return new AppError('RATE_LIMITED', `too many ${what}; try again later`, {
    'retry-after': String(retryAfterSeconds),
  })
}

/** Who is limited: a member by account, a guest by client address. */
function callerKey(caller: PersonCaller): string {
  return caller.kind === 'member' ? `account:${caller.accountId}` : `ip:${caller.ip}`
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase()

/** `PBYYMMDD-XXXX`: the Japan date and four random characters of the seal ID alphabet. */
function newReferenceNumber(now: Date): string {
  const day = japanDay(now).replaceAll('-', '').slice(2)
  const tail = Array.from({ length: 4 }, () => SEAL_ID_ALPHABET[randomInt(SEAL_ID_ALPHABET.length)]).join('')
  return `PB${day}-${tail}`
}

/**
 * Control characters other than tab and line breaks, which free text keeps out: nobody types them,
 * a paste may carry them, and PostgreSQL stores no NUL in `jsonb` (an inquiry with one was a 500).
 */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]/gu

/** Free text as it is kept: without control characters, trimmed. */
function freeText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '').trim()
}

/** The body as a draft of its topic: values trimmed, seal IDs and addresses as read, empty ones dropped. */
function draftOf(body: InquiryBody & { topic: InquiryDraft['topic'] }): InquiryDraft {
  const blankToNull = (value: string | null | undefined) =>
    value === undefined || value === null || freeText(value) === '' ? null : freeText(value)
  return {
    topic: body.topic,
    text: freeText(body.text),
    mailAddresses: body.mailAddresses.map(normalizeMailAddress).filter((address) => address !== ''),
    sealIds: (body.sealIds ?? []).filter((id) => id.trim() !== ''),
    checkedImage: body.checkedImage ?? null,
    machine: blankToNull(body.machine),
    shop: blankToNull(body.shop),
    date: blankToNull(body.date),
    carrier: body.carrier ?? null,
    accountKind: body.accountKind ?? null,
    paymentKind: body.paymentKind ?? null,
    paymentPrice: body.paymentPrice ?? null,
    howToRegister: body.howToRegister ?? [],
  }
}

/** What is stored and mailed: only the fields the topic asks for, seal IDs in their canonical form. */
function stored(draft: InquiryDraft): InquiryDraft {
  const asked = (field: Parameters<typeof fieldNeed>[1]) => fieldNeed(draft.topic, field) !== null
  const result: InquiryDraft = { topic: draft.topic, text: draft.text, mailAddresses: draft.mailAddresses }
  if (asked('sealIds')) result.sealIds = (draft.sealIds ?? []).map((id) => normalizeSealId(id) ?? id)
  if (asked('checkedImage') && draft.checkedImage)
    result.checkedImage = {
      sealId: normalizeSealId(draft.checkedImage.sealId) ?? draft.checkedImage.sealId,
      number: draft.checkedImage.number,
    }
  for (const field of [
    'machine',
    'shop',
    'date',
    'carrier',
    'accountKind',
    'paymentKind',
    'paymentPrice',
  ] as const) {
    if (asked(field) && draft[field] !== null && draft[field] !== undefined)
      (result as unknown as Record<string, unknown>)[field] = draft[field]
  }
  if (asked('howToRegister')) result.howToRegister = draft.howToRegister ?? []
  return result
}

/**
 * Inquiries (decision 0046): checking a draft's seal IDs and addresses while it is typed, and
 * sending it once: stored with a reference number, mailed to support and confirmed to the person.
 */
export function createInquiriesService(deps: {
  repo: InquiriesRepository
  throttle: Throttle
  mailer: Mailer
  mailDomains: MailDomains
  seals: SealFacts
  accounts: AccountFacts
  log: FastifyBaseLogger
}) {
  const { repo, throttle, mailer, mailDomains, seals, accounts, log } = deps

  /**
   * Whether the answer address is the member's own proved address. Only then may the confirmation
   * repeat what was typed: it goes back to the person who typed it. A guest's address, or another
   * address a member typed, may be anyone's, and a confirmation carrying the text would let a
   * stranger mail their words to it from PuriBox. Addresses are compared as registration stores
   * them (the domain lower-cased); the account is read when the mail goes, so a replay later
   * follows the account as it is then.
   */
  async function isOwnProvedAddress(row: InquiryRow): Promise<boolean> {
    if (row.accountId === null) return false
    const own = await accounts.provedMailAddress(row.accountId)
    return own !== null && own === readMailAddress(row.replyTo)
  }

  /** The problems of the mail list's domains: UNDELIVERABLE for a domain that cannot receive mail. */
  async function domainProblems(addresses: readonly string[]): Promise<InquiryProblem[]> {
    const answers = await Promise.all(
      addresses.map(async (address) =>
        mailAddressProblem(address) === null ? mailDomains.check(domainOf(address)) : 'unknown',
      ),
    )
    return answers.flatMap((answer, index) =>
      answer === 'no-mail'
        ? [{ field: 'mailAddresses' as const, problem: 'UNDELIVERABLE' as const, index }]
        : [],
    )
  }

  /**
   * Sends what has not gone yet of an inquiry's two mails, each claimed first so that it goes once
   * (a replay after a failed mail sends it then). A mail that fails is released and the error thrown.
   */
  async function mailOut(row: InquiryRow, now: Date): Promise<void> {
    const mail = { referenceNumber: row.referenceNumber, receivedAt: row.receivedAt, draft: row.draft }
    const messages = {
      support: async () =>
        supportMail({ ...mail, to: SUPPORT_MAIL_ADDRESS, accountId: row.accountId, replyTo: row.replyTo }),
      confirmation: async () =>
        (await isOwnProvedAddress(row))
          ? confirmationWithTextMail({ ...mail, to: row.replyTo })
          : confirmationMail({
              to: row.replyTo,
              referenceNumber: row.referenceNumber,
              receivedAt: row.receivedAt,
              topic: row.draft.topic,
            }),
    }
    for (const which of ['support', 'confirmation'] as const) {
      if (!(await repo.claimMail(row.id, which, now))) continue
      try {
        await mailer.send(await messages[which]())
      } catch (error) {
        await repo.releaseMail(row.id, which)
        throw error
      }
    }
  }

  function sentOf(row: InquiryRow): InquirySent {
    return {
      referenceNumber: row.referenceNumber,
      topic: row.topic,
      replyTo: row.replyTo,
      receivedAt: formatJst(row.receivedAt),
    }
  }

  const accountOf = (caller: PersonCaller) => (caller.kind === 'member' ? caller.accountId : null)

  /** The first inquiry of this key, when the same person sent it; another person's is refused. */
  async function replay(key: string, caller: PersonCaller, now: Date): Promise<InquirySent | null> {
    const first = await repo.findByKey(key)
    if (!first) return null
    if (first.accountId !== accountOf(caller))
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'this idempotency key belongs to another inquiry')
    if (!first.supportMailedAt || !first.confirmationMailedAt) {
      try {
        await mailOut(first, now)
      } catch (error) {
        log.error({ err: error, referenceNumber: first.referenceNumber }, 'inquiry mail not sent again')
      }
    }
    return sentOf(first)
  }

  return {
    async send(body: InquiryBody, caller: PersonCaller, now: Date): Promise<InquirySent> {
      const replayed = await replay(body.idempotencyKey, caller, now)
      if (replayed) return replayed

      const { topic } = body
      if (!isInquiryTopic(topic)) throw new AppError('INQUIRY_TOPIC_UNKNOWN', `no topic ${topic}`)
      const draft = draftOf({ ...body, topic })
      const problems = inquiryProblems(draft, now)
      if (!problems.some((problem) => problem.field === 'mailAddresses'))
        problems.push(...(await domainProblems(draft.mailAddresses)))
      if (problems.length > 0)
        throw new AppError('INQUIRY_INVALID', 'the inquiry breaks its rules', {}, { problems })

      const replyTo = draft.mailAddresses[0]!
      const perCaller = await throttle.hit(
        `inquiry:send:${callerKey(caller)}`,
        caller.kind === 'member' ? INQUIRY_RULES.sendsPerAccount : INQUIRY_RULES.sendsPerGuestIp,
        now,
      )
      if (!perCaller.allowed) throw rateLimited(perCaller.retryAfterSeconds, 'inquiries')
      const perAddress = await throttle.hit(
        `inquiry:to:${replyTo.toLowerCase()}`,
        INQUIRY_RULES.confirmationsPerAddress,
        now,
      )
      if (!perAddress.allowed) throw rateLimited(perAddress.retryAfterSeconds, 'inquiries to this address')

      let row: InquiryRow | null = null
      for (let attempt = 0; row === null && attempt < 5; attempt++) {
        row = await repo.insert({
          referenceNumber: newReferenceNumber(now),
          idempotencyKey: body.idempotencyKey,
          accountId: accountOf(caller),
          topic: draft.topic,
          replyTo,
          draft: stored(draft),
          receivedAt: now,
        })
        if (row === null) {
          // The key was taken meanwhile (a second tap that raced this one): answer that inquiry.
          const raced = await replay(body.idempotencyKey, caller, now)
          if (raced) return raced
        }
      }
      if (row === null) throw new Error('no free reference number after 5 draws')
      try {
        await mailOut(row, now)
      } catch (error) {
        // Stored: support reads it in the table, and a replay of the key sends what is missing.
        log.error({ err: error, referenceNumber: row.referenceNumber }, 'inquiry mail not sent')
      }
      return sentOf(row)
    },

    /**
     * The hints of the form: each seal ID read and whether its seal exists, each address's problem.
     * Never counts towards the puri-getting penalty; rate limited by itself.
     */
    async check(
      input: { sealIds: readonly string[]; mailAddresses: readonly string[] },
      caller: PersonCaller,
      now: Date,
    ): Promise<InquiryCheck> {
      const hit = await throttle.hit(`inquiry:check:${callerKey(caller)}`, INQUIRY_RULES.checksPerCaller, now)
      if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, 'inquiry checks')
      const sealsChecked = await Promise.all(
        input.sealIds.map(async (typed) => {
          const sealId = normalizeSealId(typed)
          if (sealId === null) return { typed, sealId: null, exists: null, puriNumbers: [] }
          const numbers = await seals.puriNumbers(sealId)
          return { typed, sealId, exists: numbers !== null, puriNumbers: numbers ?? [] }
        }),
      )
      const addresses = input.mailAddresses.map(normalizeMailAddress)
      const undeliverable = new Set((await domainProblems(addresses)).map((problem) => problem.index))
      const mails = input.mailAddresses.map((typed, index) => {
        const found = mailAddressProblem(addresses[index]!)
        if (found)
          return {
            typed,
            problem: found.problem as 'MALFORMED' | 'TYPO',
            suggestion: found.suggestion ?? null,
          }
        return {
          typed,
          problem: undeliverable.has(index) ? ('UNDELIVERABLE' as const) : null,
          suggestion: null,
        }
      })
      return { seals: sealsChecked, mails }
    },
  }
}

export type InquiriesService = ReturnType<typeof createInquiriesService>
