/**
 * The inquiry form's rules (decision 0046), shared by the web app (shown as the
 * person types) and the server (checked again when the inquiry is sent). No zod here: the form's
 * chunk reads it without the schemas of `inquiries.ts`.
 */

import { INQUIRY_TOPICS, type InquiryTopic, isInquiryTopic } from './inquiry-paths'
import { normalizeSealId } from './seal-id'
import { japanDay } from './time'

export { INQUIRY_TOPICS, type InquiryTopic, isInquiryTopic }

/** The fields of the inquiry form draft, besides the topic and the validity flags. */
export const INQUIRY_FIELDS = [
  'text',
  'mailAddresses',
  'sealIds',
  'checkedImage',
  'machine',
  'shop',
  'date',
  'carrier',
  'accountKind',
  'paymentKind',
  'paymentPrice',
  'howToRegister',
] as const
export type InquiryField = (typeof INQUIRY_FIELDS)[number]

export type FieldNeed = 'required' | 'optional'

/**
 * The fields each topic asks for (the text and the mail list are asked by every topic). A field not
 * listed for a topic is neither shown nor stored.
 */
export const INQUIRY_TOPIC_FIELDS: Record<InquiryTopic, Partial<Record<InquiryField, FieldNeed>>> = {
  photos: { sealIds: 'required', checkedImage: 'optional', machine: 'optional', date: 'optional' },
  sealLookup: { sealIds: 'required', machine: 'optional', shop: 'optional', date: 'required' },
  penalty: { sealIds: 'optional', accountKind: 'optional' },
  login: { howToRegister: 'required', carrier: 'optional', accountKind: 'optional' },
  payment: {
    accountKind: 'required',
    paymentKind: 'required',
    paymentPrice: 'optional',
    carrier: 'optional',
  },
  withdrawal: { paymentKind: 'required', accountKind: 'optional', paymentPrice: 'optional' },
  leave: { accountKind: 'optional' },
  other: { carrier: 'optional' },
}

/** Whether a topic asks for a field, and how. */
export function fieldNeed(topic: InquiryTopic, field: InquiryField): FieldNeed | null {
  if (field === 'text' || field === 'mailAddresses') return 'required'
  return INQUIRY_TOPIC_FIELDS[topic][field] ?? null
}

/** The help answers (their ids in help) that may already solve each topic's problem, shown first. */
export const INQUIRY_TOPIC_HELP: Record<InquiryTopic, readonly string[]> = {
  photos: ['saving-unsaved', 'saving-deadline', 'saving-to-phone'],
  sealLookup: ['seal-id-not-found', 'seal-id-input', 'seal-id-expiry'],
  penalty: ['penalty-why', 'penalty-count', 'penalty-red'],
  login: ['login-failed', 'login-password-forgot', 'login-mail-not-arriving'],
  payment: ['premium-payment-failed', 'premium-payment-methods', 'premium-price'],
  withdrawal: ['cancel-how', 'cancel-cannot-login', 'cancel-after'],
  leave: ['leave-how', 'leave-lost', 'leave-premium'],
  other: ['other-inquiry', 'other-environment'],
}

/** The carriers a person may say they use (the phone's line, not how they pay). */
export const INQUIRY_CARRIERS = ['DOCOMO', 'AU', 'SOFTBANK', 'RAKUTEN', 'OTHER'] as const
export type InquiryCarrier = (typeof INQUIRY_CARRIERS)[number]

/** The account kinds of the draft (the server and the web app read the same three). */
export const INQUIRY_ACCOUNT_KINDS = ['MINI', 'JHS_PREMIUM', 'PREMIUM'] as const
export type InquiryAccountKind = (typeof INQUIRY_ACCOUNT_KINDS)[number]

/** How the person paid for premium: the payment kinds of the payments module. */
export const INQUIRY_PAYMENT_KINDS = ['CREDIT', 'AU', 'DOCOMO', 'SOFTBANK'] as const
export type InquiryPaymentKind = (typeof INQUIRY_PAYMENT_KINDS)[number]

/** The ways of registering the person says they tried (the how-to-register checks). */
export const HOW_TO_REGISTER = ['MAIL', 'LINE', 'TWITTER', 'CARRIER'] as const
export type HowToRegister = (typeof HOW_TO_REGISTER)[number]

export const INQUIRY_LIMITS = {
  textMin: 10,
  textMax: 2000,
  sealIdsMax: 5,
  mailAddressesMax: 3,
  mailAddressMax: 254,
  machineMax: 60,
  shopMax: 60,
  /** The date of the problem (or of the booth play): at most this many days ago. */
  dateDaysBack: 365,
  puriNumberMax: 20,
  paymentPriceMax: 100_000,
} as const

/** The draft as the form holds it and the API takes it (empty fields left out or null). */
export interface InquiryDraft {
  topic: InquiryTopic
  text: string
  mailAddresses: readonly string[]
  sealIds?: readonly string[] | undefined
  /** Which puri of which seal the question is about (its number in the seal). */
  checkedImage?: { sealId: string; number: number } | null | undefined
  machine?: string | null | undefined
  shop?: string | null | undefined
  /** YYYY-MM-DD. */
  date?: string | null | undefined
  carrier?: InquiryCarrier | null | undefined
  accountKind?: InquiryAccountKind | null | undefined
  paymentKind?: InquiryPaymentKind | null | undefined
  paymentPrice?: number | null | undefined
  howToRegister?: readonly HowToRegister[] | undefined
}

/** What can be wrong with a field. */
export const INQUIRY_PROBLEMS = [
  'REQUIRED',
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_MANY',
  'MALFORMED',
  'DUPLICATE',
  /** A mail address whose domain looks like a misspelt common one (`error.suggestion` has the fix). */
  'TYPO',
  /** A mail address whose domain cannot receive mail (no MX or A record): the server's check. */
  'UNDELIVERABLE',
  'FUTURE',
  'TOO_OLD',
  /** The checked image is not of one of the draft's seals. */
  'NOT_IN_LIST',
  'OUT_OF_RANGE',
  'NOT_ASKED',
] as const
export type InquiryProblemCode = (typeof INQUIRY_PROBLEMS)[number]

export interface InquiryProblem {
  field: InquiryField
  problem: InquiryProblemCode
  /** The entry of a list field (mail addresses, seal IDs) the problem is about. */
  index?: number
  /** For TYPO: the address as it was probably meant. */
  suggestion?: string
}

/**
 * Common mail domains as often mistyped on a phone, and what was meant: the carriers' own (a reply
 * to a misspelt docomo.ne.jp address never arrives, and the person waits for it) and the big free
 * ones. Only whole domains: a rule that guessed at every near miss would refuse real addresses.
 */
const DOMAIN_TYPOS: Readonly<Record<string, string>> = {
  'docomo.ne.jo': 'docomo.ne.jp',
  'docomo.ne.lp': 'docomo.ne.jp',
  'docomo.ne.j': 'docomo.ne.jp',
  'docomo.ne': 'docomo.ne.jp',
  'docomo.co.jp': 'docomo.ne.jp',
  'docomo.jp': 'docomo.ne.jp',
  'docomo.com': 'docomo.ne.jp',
  'docono.ne.jp': 'docomo.ne.jp',
  'docomo.nr.jp': 'docomo.ne.jp',
  'docmo.ne.jp': 'docomo.ne.jp',
  'dokomo.ne.jp': 'docomo.ne.jp',
  'ezweb.ne.jo': 'ezweb.ne.jp',
  'ezweb.co.jp': 'ezweb.ne.jp',
  'ezweb.jp': 'ezweb.ne.jp',
  'ezwed.ne.jp': 'ezweb.ne.jp',
  'au.con': 'au.com',
  'softbank.ne.jo': 'softbank.ne.jp',
  'softbank.co.jp': 'softbank.ne.jp',
  'sofbank.ne.jp': 'softbank.ne.jp',
  'i.softbank.ne.jo': 'i.softbank.ne.jp',
  'i.softbank.co.jp': 'i.softbank.ne.jp',
  'gmail.co': 'gmail.com',
  'gmail.co.jp': 'gmail.com',
  'gmail.jp': 'gmail.com',
  'gmail.con': 'gmail.com',
  'gmial.com': 'gmail.com',
  'gmai.com': 'gmail.com',
  'gamil.com': 'gmail.com',
  'yahoo.co.jo': 'yahoo.co.jp',
  'yahoo.jp': 'yahoo.co.jp',
  'yaho.co.jp': 'yahoo.co.jp',
  'icloud.co': 'icloud.com',
  'icloud.con': 'icloud.com',
  'icloud.jp': 'icloud.com',
}

/**
 * A mail address a person can type and a mail server accepts: one `@`, a local part of the
 * characters phones' carriers allow (dots included, as old docomo addresses have them), a domain of
 * labels with a top level of letters. Japanese carriers' addresses with consecutive dots are real,
 * so they pass.
 */
const MAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/

/** A typed address cleaned as the form reads it: NFKC (full-width → half-width), trimmed. */
export function normalizeMailAddress(typed: string): string {
  return typed.normalize('NFKC').trim()
}

/** What is wrong with one mail address by itself (not its domain's records): null when nothing. */
export function mailAddressProblem(
  address: string,
): { problem: InquiryProblemCode; suggestion?: string } | null {
  if (address.length > INQUIRY_LIMITS.mailAddressMax || !MAIL_PATTERN.test(address)) {
    return { problem: 'MALFORMED' }
  }
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1).toLowerCase()
  const meant = DOMAIN_TYPOS[domain]
  if (meant) return { problem: 'TYPO', suggestion: `${address.slice(0, at)}@${meant}` }
  return null
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const parsed = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
}

const isBlank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === ''

/**
 * Every problem of a draft, by the rules of its topic, as of `now` (the request's clock on the
 * server, time travel included). The mail domains' records are not checked here (the server does,
 * UNDELIVERABLE); the seals' existence is only a hint, never a problem.
 */
export function inquiryProblems(draft: InquiryDraft, now: Date): InquiryProblem[] {
  const problems: InquiryProblem[] = []
  const add = (problem: InquiryProblem) => problems.push(problem)
  const need = (field: InquiryField) => fieldNeed(draft.topic, field)

  const text = draft.text.trim()
  if (text === '') add({ field: 'text', problem: 'REQUIRED' })
  else if (Array.from(text).length < INQUIRY_LIMITS.textMin) add({ field: 'text', problem: 'TOO_SHORT' })
  else if (Array.from(text).length > INQUIRY_LIMITS.textMax) add({ field: 'text', problem: 'TOO_LONG' })

  problems.push(...mailListProblems(draft.mailAddresses))

  const sealIds = draft.sealIds ?? []
  if (need('sealIds') === null) {
    if (sealIds.length > 0) add({ field: 'sealIds', problem: 'NOT_ASKED' })
  } else {
    problems.push(...sealListProblems(sealIds, need('sealIds') === 'required'))
  }

  const image = draft.checkedImage
  if (image) {
    if (need('checkedImage') === null) add({ field: 'checkedImage', problem: 'NOT_ASKED' })
    else if (!sealIds.some((typed) => normalizeSealId(typed) === normalizeSealId(image.sealId)))
      add({ field: 'checkedImage', problem: 'NOT_IN_LIST' })
    else if (
      !Number.isInteger(image.number) ||
      image.number < 1 ||
      image.number > INQUIRY_LIMITS.puriNumberMax
    )
      add({ field: 'checkedImage', problem: 'OUT_OF_RANGE' })
  }

  for (const [field, max] of [
    ['machine', INQUIRY_LIMITS.machineMax],
    ['shop', INQUIRY_LIMITS.shopMax],
  ] as const) {
    const value = draft[field]
    if (isBlank(value)) {
      if (need(field) === 'required') add({ field, problem: 'REQUIRED' })
    } else if (need(field) === null) add({ field, problem: 'NOT_ASKED' })
    else if (Array.from(value!.trim()).length > max) add({ field, problem: 'TOO_LONG' })
  }

  if (isBlank(draft.date)) {
    if (need('date') === 'required') add({ field: 'date', problem: 'REQUIRED' })
  } else if (need('date') === null) add({ field: 'date', problem: 'NOT_ASKED' })
  else if (!isRealDate(draft.date!)) add({ field: 'date', problem: 'MALFORMED' })
  else {
    const ago = daysBetween(draft.date!, japanDay(now))
    if (ago < 0) add({ field: 'date', problem: 'FUTURE' })
    else if (ago > INQUIRY_LIMITS.dateDaysBack) add({ field: 'date', problem: 'TOO_OLD' })
  }

  for (const field of ['carrier', 'accountKind', 'paymentKind'] as const) {
    const value = draft[field]
    if (value === undefined || value === null) {
      if (need(field) === 'required') add({ field, problem: 'REQUIRED' })
    } else if (need(field) === null) add({ field, problem: 'NOT_ASKED' })
  }

  const price = draft.paymentPrice
  if (price === undefined || price === null) {
    if (need('paymentPrice') === 'required') add({ field: 'paymentPrice', problem: 'REQUIRED' })
  } else if (need('paymentPrice') === null) add({ field: 'paymentPrice', problem: 'NOT_ASKED' })
  else if (!Number.isInteger(price) || price < 0 || price > INQUIRY_LIMITS.paymentPriceMax)
    add({ field: 'paymentPrice', problem: 'OUT_OF_RANGE' })

  const ways = draft.howToRegister ?? []
  if (ways.length === 0) {
    if (need('howToRegister') === 'required') add({ field: 'howToRegister', problem: 'REQUIRED' })
  } else if (need('howToRegister') === null) add({ field: 'howToRegister', problem: 'NOT_ASKED' })
  else if (new Set(ways).size !== ways.length) add({ field: 'howToRegister', problem: 'DUPLICATE' })

  return problems
}

/** The mail list's problems: one address at least, each well-formed, not a known typo, not twice. */
export function mailListProblems(addresses: readonly string[]): InquiryProblem[] {
  const problems: InquiryProblem[] = []
  const filled = addresses.filter((address) => address.trim() !== '')
  if (filled.length === 0) return [{ field: 'mailAddresses', problem: 'REQUIRED', index: 0 }]
  if (addresses.length > INQUIRY_LIMITS.mailAddressesMax)
    problems.push({ field: 'mailAddresses', problem: 'TOO_MANY' })
  const seen = new Set<string>()
  addresses.forEach((typed, index) => {
    const address = normalizeMailAddress(typed)
    if (address === '') return
    const found = mailAddressProblem(address)
    if (found) problems.push({ field: 'mailAddresses', index, ...found })
    else if (seen.has(address.toLowerCase()))
      problems.push({ field: 'mailAddresses', problem: 'DUPLICATE', index })
    seen.add(address.toLowerCase())
  })
  return problems
}

/** The seal ID list's problems: each well-formed (10 characters of Crockford base32), each once, within the limit. */
export function sealListProblems(typedIds: readonly string[], required: boolean): InquiryProblem[] {
  const problems: InquiryProblem[] = []
  const filled = typedIds.filter((id) => id.trim() !== '')
  if (filled.length === 0) return required ? [{ field: 'sealIds', problem: 'REQUIRED', index: 0 }] : []
  if (typedIds.length > INQUIRY_LIMITS.sealIdsMax) problems.push({ field: 'sealIds', problem: 'TOO_MANY' })
  const seen = new Set<string>()
  typedIds.forEach((typed, index) => {
    if (typed.trim() === '') return
    const sealId = normalizeSealId(typed)
    if (sealId === null) problems.push({ field: 'sealIds', problem: 'MALFORMED', index })
    else if (seen.has(sealId)) problems.push({ field: 'sealIds', problem: 'DUPLICATE', index })
    if (sealId !== null) seen.add(sealId)
  })
  return problems
}

/** The spec's validity flags of the draft: the mail list and the seal ID list pass their rules. */
export function draftValidity(draft: Pick<InquiryDraft, 'topic' | 'mailAddresses' | 'sealIds'>): {
  mailListValid: boolean
  sealIdListValid: boolean
} {
  const need = fieldNeed(draft.topic, 'sealIds')
  return {
    mailListValid: mailListProblems(draft.mailAddresses).length === 0,
    sealIdListValid: need === null || sealListProblems(draft.sealIds ?? [], need === 'required').length === 0,
  }
}
