import type { ExternalProvider } from '@puribox/contract/external-auth'
import { TOP_PATH } from '@puribox/contract/pages'
import text from '../../locales/ja/sandbox-auth.json' with { type: 'json' }
import { SANDBOX_PEOPLE } from './sandbox-identities'

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const brandColour: Record<ExternalProvider, string> = {
  line: '#06883a',
  twitter: '#0f6cb0',
  au: '#c2410c',
  docomo: '#b0002b',
  softbank: '#333333',
}

const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP",sans-serif;background:#f4f5f7;color:#1f2328;line-height:1.6}' +
  'main{max-width:430px;margin:0 auto;padding:20px 16px 40px}' +
  '.badge{display:inline-block;margin:0;padding:2px 10px;border-radius:999px;background:#fde68a;color:#5c3d00;font-size:.8rem;font-weight:700}' +
  'h1{font-size:1.25rem;margin:12px 0 4px}h2{font-size:1rem;margin:0 0 8px}.lead{margin:0 0 16px;color:#57606a;font-size:.9rem}' +
  'section{background:#fff;border-radius:12px;padding:14px;margin:0 0 14px;border-top:6px solid var(--brand)}' +
  'form{margin:0}button{display:block;width:100%;min-height:48px;margin:8px 0 0;padding:10px 14px;border-radius:10px;font:inherit;font-weight:700;text-align:left;cursor:pointer}' +
  '.person{background:var(--brand);color:#fff;border:0}.new{background:#fff;color:var(--brand);border:2px solid var(--brand)}' +
  '.cancel{background:transparent;color:#57606a;border:2px solid #8c959f;text-align:center}' +
  'button:focus-visible,a:focus-visible{outline:3px solid #0969da;outline-offset:2px}' +
  'a.top{display:inline-block;min-height:44px;line-height:44px;padding:0 20px;border-radius:999px;background:#c2006b;color:#fff;text-decoration:none;font-weight:700}'

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
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
      return `<section style="--brand:${brandColour[provider]}" aria-label="${name}"><h2>${name}</h2><form method="post" action="${action('login')}"><input type="hidden" name="provider" value="${provider}">${people}<button class="new" name="person" value="new">${escapeHtml(text.newIdentity)}</button></form></section>`
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
