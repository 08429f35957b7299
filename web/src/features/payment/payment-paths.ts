import { links } from '@puribox/contract/pages'
import type { PaymentKind } from '@puribox/contract/payments'

/** What each final-confirmation page offers (the product's upgrade paths, one per way to pay). */
export interface PaymentChoice {
  kind: PaymentKind
  trial: boolean
}

const choiceOfPath: Readonly<Record<string, PaymentChoice>> = {
  [links.paymentCredit]: { kind: 'CREDIT', trial: false },
  [links.paymentAu]: { kind: 'AU', trial: false },
  [links.paymentAuTrial]: { kind: 'AU', trial: true },
  [links.paymentDocomo]: { kind: 'DOCOMO', trial: false },
  [links.paymentSoftbank]: { kind: 'SOFTBANK', trial: false },
}

/** The choice of a confirmation page's path; null for any other path. */
export function choiceOf(path: string): PaymentChoice | null {
  return Object.hasOwn(choiceOfPath, path) ? (choiceOfPath[path] ?? null) : null
}

/** The confirmation page of each way to pay, in the order the landing offers them. */
export const confirmPathOf: Readonly<Record<PaymentKind, string>> = {
  CREDIT: links.paymentCredit,
  AU: links.paymentAu,
  DOCOMO: links.paymentDocomo,
  SOFTBANK: links.paymentSoftbank,
}
