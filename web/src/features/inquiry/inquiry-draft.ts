import {
  fieldNeed,
  HOW_TO_REGISTER,
  type HowToRegister,
  INQUIRY_ACCOUNT_KINDS,
  INQUIRY_CARRIERS,
  INQUIRY_FIELDS,
  INQUIRY_PAYMENT_KINDS,
  type InquiryDraft,
  type InquiryTopic,
} from '@puribox/contract/inquiry-rules'
import { clearDraft, readDraft, writeDraft } from '../../components/form/form-draft'

/**
 * The inquiry as the form holds it: every value a string (what the controls show), lists one entry
 * per control. Kept in this tab's draft (form-draft.ts) at every change, so a reload or a trip to
 * another page keeps it; forgotten once the inquiry is sent.
 */
export interface InquiryFormState {
  /** The idempotency key of this inquiry: made once, kept with the draft, so a resend is the same inquiry. */
  key: string
  text: string
  mailAddresses: string[]
  sealIds: string[]
  /** `SEALID:number`, or '' for none. */
  checkedImage: string
  machine: string
  shop: string
  date: string
  carrier: string
  accountKind: string
  paymentKind: string
  paymentPrice: string
  howToRegister: HowToRegister[]
  /** The member's known facts were filled in once (not again over what the person changed). */
  prefilled: boolean
}

export const DRAFT_KEY = 'inquiry'
const LIST_SEPARATOR = '\n'

/**
 * A version-4 UUID for the inquiry's idempotency key. `crypto.randomUUID` exists only in secure
 * contexts (HTTPS, localhost) and in browsers from 2021 on: without it (a phone on the LAN address
 * of a development server, an older iPhone) the page would not open at all, so the same UUID is
 * made from `getRandomValues`, which every browser has.
 */
export function newInquiryKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function emptyState(): InquiryFormState {
  return {
    key: newInquiryKey(),
    text: '',
    mailAddresses: [''],
    sealIds: [''],
    checkedImage: '',
    machine: '',
    shop: '',
    date: '',
    carrier: '',
    accountKind: '',
    paymentKind: '',
    paymentPrice: '',
    howToRegister: [],
    prefilled: false,
  }
}

const listOf = (value: string | undefined) => (value ? value.split(LIST_SEPARATOR) : [''])

/** This tab's draft, or a new one. */
export function loadState(): InquiryFormState {
  const saved = readDraft(DRAFT_KEY)
  const fresh = emptyState()
  if (!saved) return fresh
  return {
    key: saved.key && /^[0-9a-f-]{36}$/i.test(saved.key) ? saved.key : fresh.key,
    text: saved.text ?? '',
    mailAddresses: listOf(saved.mailAddresses),
    sealIds: listOf(saved.sealIds),
    checkedImage: saved.checkedImage ?? '',
    machine: saved.machine ?? '',
    shop: saved.shop ?? '',
    date: saved.date ?? '',
    carrier: saved.carrier ?? '',
    accountKind: saved.accountKind ?? '',
    paymentKind: saved.paymentKind ?? '',
    paymentPrice: saved.paymentPrice ?? '',
    howToRegister: (saved.howToRegister ?? '')
      .split(',')
      .filter((way): way is HowToRegister => (HOW_TO_REGISTER as readonly string[]).includes(way)),
    prefilled: saved.prefilled === '1',
  }
}

export function saveState(state: InquiryFormState): void {
  writeDraft(DRAFT_KEY, {
    ...state,
    mailAddresses: state.mailAddresses.join(LIST_SEPARATOR),
    sealIds: state.sealIds.join(LIST_SEPARATOR),
    howToRegister: state.howToRegister.join(','),
    prefilled: state.prefilled ? '1' : '',
  })
}

export function forgetState(): void {
  clearDraft(DRAFT_KEY)
}

function oneOf<T extends string>(values: readonly T[], value: string): T | null {
  return (values as readonly string[]).includes(value) ? (value as T) : null
}

const orNull = (value: string) => (value.trim() === '' ? null : value)

/**
 * The draft of the contract for `topic`: only the fields the topic asks for (the others stay in the
 * form's state, for another topic), empty controls as null, lists without their empty entries.
 */
export function draftOf(state: InquiryFormState, topic: InquiryTopic): InquiryDraft {
  const [sealId, number] = state.checkedImage.split(':')
  // Digits as typed on any keyboard, with separators and a unit after them ignored (full-width digits, `1,100` and a trailing unit all read).
  const price = state.paymentPrice.normalize('NFKC').replace(/[,\s]/g, '').replace(/\D+$/, '')
  const draft: InquiryDraft = {
    topic,
    text: state.text,
    mailAddresses: state.mailAddresses.filter((address) => address.trim() !== ''),
    sealIds: state.sealIds.filter((id) => id.trim() !== ''),
    checkedImage: sealId && number ? { sealId, number: Number(number) } : null,
    machine: orNull(state.machine),
    shop: orNull(state.shop),
    date: orNull(state.date),
    carrier: oneOf(INQUIRY_CARRIERS, state.carrier),
    accountKind: oneOf(INQUIRY_ACCOUNT_KINDS, state.accountKind),
    paymentKind: oneOf(INQUIRY_PAYMENT_KINDS, state.paymentKind),
    paymentPrice: price === '' ? null : /^\d{1,7}$/.test(price) ? Number(price) : -1,
    howToRegister: state.howToRegister,
  }
  for (const field of INQUIRY_FIELDS) {
    if (fieldNeed(topic, field) === null) delete (draft as unknown as Record<string, unknown>)[field]
  }
  return draft
}

const SENT_KEY = 'inquiry-sent'

/** The inquiry just sent, kept in this tab so that the sent page survives a reload. */
export function rememberSent(sent: { referenceNumber: string; replyTo: string }): void {
  writeDraft(SENT_KEY, sent)
}

export function lastSent(): { referenceNumber: string; replyTo: string } | null {
  const sent = readDraft(SENT_KEY)
  return sent?.referenceNumber && sent.replyTo
    ? { referenceNumber: sent.referenceNumber, replyTo: sent.replyTo }
    : null
}
