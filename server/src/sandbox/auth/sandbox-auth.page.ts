import type { ExternalProvider } from '@puribox/contract/external-auth'
import { TOP_PATH } from '@puribox/contract/pages'
import { SANDBOX_AUTH_PATH } from '../../config'
import text from '../../locales/ja/sandbox-auth.json' with { type: 'json' }
import { escapeHtml, sandboxLayout } from '../sandbox-page'
import { SANDBOX_PEOPLE } from './sandbox-identities'

const brandColour: Record<ExternalProvider, string> = {
  line: '#06883a',
  twitter: '#0f6cb0',
  au: '#c2410c',
  docomo: '#b0002b',
  softbank: '#333333',
}

/** Where the sandbox auth service serves its pages' stylesheet (sandbox-auth.ts). */
export const SANDBOX_AUTH_STYLESHEET = `${SANDBOX_AUTH_PATH}/style.css`

/** The auth service's own rules, a provider's colour as `brand-<provider>` included. */
export const SANDBOX_AUTH_STYLE =
  '.person{background:var(--brand);color:#fff;border:0}.new{background:#fff;color:var(--brand);border:2px solid var(--brand)}' +
  Object.entries(brandColour)
    .map(([provider, colour]) => `.brand-${provider}{--brand:${colour}}`)
    .join('')

function layout(title: string, body: string): string {
  return sandboxLayout(title, body, { stylesheet: SANDBOX_AUTH_STYLESHEET })
}

/**
 * The sandbox's sign-in page: pick a provider (only the one PuriBox asked for, when it named one)
 * and a test person at it, a new person, or cancel. Plain forms, no script.
 */
export function interactionPage(options: {
  base: string
  uid: string
  providers: readonly ExternalProvider[]
}) {
  const action = (step: 'login' | 'abort') =>
    escapeHtml(`${options.base}/interaction/${encodeURIComponent(options.uid)}/${step}`)
  const sections = options.providers
    .map((provider) => {
      const name = escapeHtml(text.providers[provider])
      const people = SANDBOX_PEOPLE.map(
        (person) =>
          `<button class="person" name="person" value="${person}">${escapeHtml(text.people[person])}</button>`,
      ).join('')
      // The carriers with an add-on plan say which test lines may take it (decision 0066).
      const addOn =
        provider === 'au' || provider === 'docomo' ? `<p class="lead">${escapeHtml(text.addOnNote)}</p>` : ''
      return `<section class="brand-${provider}" aria-label="${name}"><h2>${name}</h2>${addOn}<form method="post" action="${action('login')}"><input type="hidden" name="provider" value="${provider}">${people}<button class="new" name="person" value="new">${escapeHtml(text.newIdentity)}</button></form></section>`
    })
    .join('')
  const pick = options.providers.length > 1 ? `<p class="lead">${escapeHtml(text.pickProvider)}</p>` : ''
  return layout(
    text.title,
    `<p class="badge">${escapeHtml(text.badge)}</p><h1>${escapeHtml(text.heading)}</h1><p class="lead">${escapeHtml(text.lead)}</p>${pick}${sections}<form method="post" action="${action('abort')}"><button class="cancel">${escapeHtml(text.cancel)}</button></form>`,
  )
}

/** What the sandbox shows when a request to it is broken (no details: it is a page for people). */
export function errorPage(): string {
  return layout(
    text.error.title,
    `<p class="badge">${escapeHtml(text.badge)}</p><h1>${escapeHtml(text.error.heading)}</h1><p>${escapeHtml(text.error.body)}</p><p><a class="top" href="${TOP_PATH}">${escapeHtml(text.error.toTop)}</a></p>`,
  )
}
