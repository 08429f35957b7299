import { TOP_PATH } from '@puribox/contract/pages'
import { SANDBOX_PAY_PATH } from '../../config'
import { fill } from '../../locales/fill'
import text from '../../locales/ja/sandbox-pay.json' with { type: 'json' }
import { SANDBOX_PEOPLE } from '../auth/sandbox-identities'
import { escapeHtml, sandboxLayout } from '../sandbox-page'
import type {
  SandboxCarrierSession,
  SandboxDelivery,
  SandboxProduct,
  SandboxSubscription,
} from './sandbox-pay.gateway'

const brandColour: Record<SandboxProduct, string> = {
  credit: '#1f4e9c',
  au: '#c2410c',
  docomo: '#b0002b',
  softbank: '#333333',
}

/** Where the sandbox gateway serves its pages' stylesheet (sandbox-pay.ts). */
export const SANDBOX_PAY_STYLESHEET = `${SANDBOX_PAY_PATH}/style.css`

/** The gateway's own rules, a product's colour as `brand-<product>` included. */
export const SANDBOX_PAY_STYLE =
  '.pay{background:var(--brand);color:#fff;border:0;text-align:center}.person{background:var(--brand);color:#fff;border:0}' +
  '.decline{background:#fff;color:#8a1c1c;border:2px solid #8a1c1c;text-align:center}' +
  'dl{display:grid;grid-template-columns:5em 1fr;gap:4px 8px;margin:0}dt{color:#57606a}dd{margin:0;font-weight:700}' +
  'label{display:block;margin:10px 0 2px;font-size:.9rem}input{box-sizing:border-box;width:100%;min-height:44px;padding:8px 10px;border:1px solid #8c959f;border-radius:8px;font:inherit}' +
  '.hint{font-size:.8rem;color:#57606a;margin:6px 0 0}.error{color:#8a1c1c;font-weight:700}' +
  'table{width:100%;border-collapse:collapse;font-size:.8rem}td,th{border-bottom:1px solid #d0d7de;padding:4px;text-align:left;vertical-align:top}' +
  '.actions button{display:inline-block;width:auto;min-height:36px;margin:4px 4px 0 0;padding:4px 10px;font-size:.8rem;border:1px solid #8c959f;background:#fff}' +
  '.actions form{display:inline}' +
  Object.entries(brandColour)
    .map(([product, colour]) => `.brand-${product}{--brand:${colour}}`)
    .join('')

function page(title: string, brand: SandboxProduct | null, body: string): string {
  const badge = `<p class="badge">${escapeHtml(text.badge)}</p>`
  return sandboxLayout(title, `${badge}${body}`, {
    stylesheet: SANDBOX_PAY_STYLESHEET,
    ...(brand ? { mainClass: `brand-${brand}` } : {}),
  })
}

function priceLine(subscription: SandboxSubscription): string {
  return subscription.trialDays > 0
    ? fill(text.consent.trial, { days: subscription.trialDays, yen: subscription.amountYen })
    : fill(text.consent.monthly, { yen: subscription.amountYen })
}

/** The gateway's consent page: what is bought, then a card form or the carrier's lines. */
export function consentPage(options: {
  action: string
  subscription: SandboxSubscription
  cardError?: boolean
}): string {
  const { subscription } = options
  const action = escapeHtml(options.action)
  const product = escapeHtml(text.products[subscription.product])
  const summary = `<section><h2>${product}</h2><dl><dt>${escapeHtml(text.consent.merchant)}</dt><dd>${escapeHtml(text.consent.merchantName)}</dd><dt>${escapeHtml(text.consent.item)}</dt><dd>${escapeHtml(text.consent.itemName)}</dd><dt>${escapeHtml(text.consent.price)}</dt><dd>${escapeHtml(priceLine(subscription))}</dd></dl></section>`
  const payLabel =
    subscription.trialDays > 0
      ? text.consent.startTrial
      : fill(text.consent.pay, { yen: subscription.amountYen })
  let pay: string
  if (subscription.product === 'credit') {
    const error = options.cardError
      ? `<p class="error" role="alert">${escapeHtml(text.consent.cardInvalid)}</p>`
      : ''
    pay = `<section><form method="post" action="${action}"><input type="hidden" name="answer" value="approve">${error}<label for="card">${escapeHtml(text.consent.cardNumber)}</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242"><label for="expiry">${escapeHtml(text.consent.cardExpiry)}</label><input id="expiry" name="expiry" value="12/30"><label for="code">${escapeHtml(text.consent.cardCode)}</label><input id="code" name="code" inputmode="numeric" value="123"><p class="hint">${escapeHtml(text.consent.cardHint)}</p><button class="pay">${escapeHtml(payLabel)}</button></form></section>`
  } else {
    const people = SANDBOX_PEOPLE.map(
      (person) =>
        `<button class="person" name="person" value="${person}">${escapeHtml(fill(text.consent.payAs, { person: text.people[person] }))}</button>`,
    ).join('')
    pay = `<section><p class="hint">${escapeHtml(payLabel)}</p><form method="post" action="${action}"><input type="hidden" name="answer" value="approve">${people}</form></section>`
  }
  const refuse = `<form method="post" action="${action}"><input type="hidden" name="answer" value="decline"><button class="decline">${escapeHtml(text.consent.decline)}</button></form><form method="post" action="${action}"><input type="hidden" name="answer" value="cancel"><button class="cancel">${escapeHtml(text.consent.cancel)}</button></form>`
  return page(
    text.consent.title,
    subscription.product,
    `<h1>${escapeHtml(text.consent.heading)}</h1><p class="lead">${escapeHtml(text.lead)}</p>${summary}${pay}${refuse}`,
  )
}

/** A consent page that can no longer be used: expired, or answered already. */
export function closedPage(back: string | null): string {
  const link = back
    ? `<p><a class="top" href="${escapeHtml(back)}">${escapeHtml(text.closed.back)}</a></p>`
    : ''
  return page(
    text.closed.title,
    null,
    `<h1>${escapeHtml(text.closed.heading)}</h1><p>${escapeHtml(text.closed.body)}</p>${link}`,
  )
}

/** A carrier's page: authenticate the line, then stop PuriBox's renewals on it. */
export function carrierPage(options: {
  action: string
  session: SandboxCarrierSession
  problem?: 'none' | 'pin'
}): string {
  const { session } = options
  const action = escapeHtml(options.action)
  const product = text.products[session.product]
  const heading =
    session.purpose === 'withdrawal' ? text.carrier.withdrawalHeading : text.carrier.cancellationHeading
  const lead = session.purpose === 'withdrawal' ? text.carrier.withdrawalLead : text.carrier.cancellationLead
  const problem = options.problem
    ? `<p class="error" role="alert">${escapeHtml(options.problem === 'pin' ? text.carrier.pinInvalid : text.carrier.none)}</p>`
    : ''
  // SoftBank asks its line authentication (a PIN) before anything is shown.
  const pin =
    session.product === 'softbank'
      ? `<h2>${escapeHtml(text.carrier.authHeading)}</h2><label for="pin">${escapeHtml(text.carrier.pin)}</label><input id="pin" name="pin" inputmode="numeric" autocomplete="off" maxlength="4">`
      : ''
  const people = SANDBOX_PEOPLE.map(
    (person) =>
      `<button class="person" name="person" value="${person}">${escapeHtml(fill(text.carrier.as, { person: text.people[person] }))}</button>`,
  ).join('')
  return page(
    fill(text.carrier.title, { product }),
    session.product,
    `<h1>${escapeHtml(heading)}</h1><p class="lead">${escapeHtml(text.lead)}</p>${problem}<section><h2>${escapeHtml(product)}</h2><p>${escapeHtml(lead)}</p><form method="post" action="${action}"><input type="hidden" name="answer" value="cancel">${pin}${people}</form></section><form method="post" action="${action}"><input type="hidden" name="answer" value="back"><button class="cancel">${escapeHtml(text.carrier.back)}</button></form>`,
  )
}

/** The tester's view of the gateway: every subscription, and what a gateway's dashboard could do. */
export function consolePage(options: {
  base: string
  subscriptions: readonly SandboxSubscription[]
  deliveries: readonly SandboxDelivery[]
}): string {
  const rows = options.subscriptions
    .map((subscription) => {
      const delivered = options.deliveries.filter((d) => d.event.subscriptionId === subscription.id)
      const last = delivered.at(-1)
      const buttons = (['renew', 'failRenewal', 'toggleFailures', 'end', 'resend'] as const)
        .map(
          (action) =>
            `<form method="post" action="${escapeHtml(`${options.base}/console/${subscription.id}/${action}`)}"><button>${escapeHtml(text.console[action])}</button></form>`,
        )
        .join('')
      return `<tr><td>${escapeHtml(subscription.id)}<br>${escapeHtml(subscription.plan)} ${escapeHtml(subscription.payer ?? '')}</td><td>${escapeHtml(subscription.status)}${subscription.failRenewals ? ' ⚠' : ''}<br>${escapeHtml(subscription.paidUntil ?? '')}</td><td>${subscription.events.length} / ${escapeHtml(last ? `${last.state} ${last.lastError ?? ''}` : '')}</td></tr><tr><td colspan="3" class="actions">${buttons}</td></tr>`
    })
    .join('')
  const table = rows
    ? `<table><tr><th>id / plan</th><th>status / paid until</th><th>events / last delivery</th></tr>${rows}</table>`
    : `<p>${escapeHtml(text.console.empty)}</p>`
  return page(
    text.console.title,
    null,
    `<h1>${escapeHtml(text.console.heading)}</h1><p class="lead">${escapeHtml(text.lead)}</p><section class="brand-credit">${table}</section>`,
  )
}

export function errorPage(): string {
  return page(
    text.error.title,
    null,
    `<h1>${escapeHtml(text.error.heading)}</h1><p>${escapeHtml(text.error.body)}</p><p><a class="top" href="${TOP_PATH}">${escapeHtml(text.error.toTop)}</a></p>`,
  )
}
