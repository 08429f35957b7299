/**
 * Sign-in through the external auth service (LINE, Twitter, carriers): the providers, which return
 * addresses are allowed, and the links the web app builds. No zod here: the web's pages import it.
 * The paths are the product's own (`{product}` is `puribox`; docs/guide/ground-rules.md); decision 0008 describes the flow.
 */
import { apiPaths } from './api-paths'
import type { ErrorCode } from './errors'
import { links, MEMBER_HOME } from './pages'
import { sameOriginPath } from './safe-redirect'

/** Who signed the person in, as the auth service names it in the ID token's `provider` claim. */
export const EXTERNAL_PROVIDERS = ['line', 'twitter', 'au', 'docomo', 'softbank'] as const
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number]

/** `carrier=` of `/sp/account/carrier_auth`. */
export const CARRIERS = ['au', 'docomo', 'softbank'] as const satisfies readonly ExternalProvider[]
export type Carrier = (typeof CARRIERS)[number]

export function isExternalProvider(value: unknown): value is ExternalProvider {
  return (EXTERNAL_PROVIDERS as readonly unknown[]).includes(value)
}

export function isCarrier(value: unknown): value is Carrier {
  return (CARRIERS as readonly unknown[]).includes(value)
}

/**
 * Where a sign-in, registration or link may end (`next`, `redirectUri`, `acp`, `alp`, `rp`): a
 * same-origin path under one of these prefixes. Anything else is REDIRECT_URI_INVALID, never a
 * redirect.
 */
export const RETURN_PATH_PREFIXES = ['/sp/', '/web/'] as const

/** A `.` or `..` segment, written plainly or percent-encoded. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i

/** The return path (percent-encoded, as `sameOriginPath` answers it) when it is allowed, else null. */
export function allowedReturnPath(value: string | null | undefined): string | null {
  const path = sameOriginPath(value)
  if (path === null || !RETURN_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return null
  // Dot segments (`/sp/../x`, `/sp/%2e%2e/x`) are how a path leaves its prefix once a browser
  // resolves it: none is taken, even one that would resolve back inside.
  return DOT_SEGMENT.test(value!.split(/[?#]/, 1)[0]!) ? null : path
}

/** Where PuriBox's callback from the auth service lands (the OIDC `redirect_uri`). */
export const EXTERNAL_AUTH_CALLBACK_PATH = apiPaths.externalAuthCallback.path

/** Where the web app ends after a sign-in or registration when no return path was given. */
export const DEFAULT_AFTER_SIGN_IN = MEMBER_HOME
/** Where a link (or switch) of LINE ends when `acp`/`alp` are not given: the settings page. */
export const DEFAULT_AFTER_LINK = links.settings

/**
 * The reasons a flow ends on the failure page (`/web/login/fail?reason=`) or on `alp` (`&reason=`).
 * Each is an error code of `errors.ts`; the web has a Japanese message for each
 * (`externalAuth.failure.<CODE>`).
 */
export const EXTERNAL_AUTH_FAILURES = [
  'AUTH_REQUEST_INVALID',
  'REDIRECT_URI_INVALID',
  'AUTH_STATE_INVALID',
  'AUTH_STATE_EXPIRED',
  'AUTH_CANCELLED',
  'AUTH_FAILED',
  'AUTH_SERVICE_UNAVAILABLE',
  'IDENTITY_TAKEN',
  'PROVIDER_ALREADY_LINKED',
  'ACCOUNT_SUSPENDED',
  'RATE_LIMITED',
] as const satisfies readonly ErrorCode[]
export type ExternalAuthFailure = (typeof EXTERNAL_AUTH_FAILURES)[number]

export function isExternalAuthFailure(value: unknown): value is ExternalAuthFailure {
  return (EXTERNAL_AUTH_FAILURES as readonly unknown[]).includes(value)
}

/** One policy version a person agreed to: the agreement payload's item (`kind`, `version`). */
export interface AgreedPolicy {
  kind: string
  version: string
}

/**
 * The query parameter that carries an agreement into a sign-in or registration through the auth
 * service: `agreed=<kind>:<version>`, once per policy, added by the page that showed the policies
 * and asked to agree before sending the person off. Kinds have no colon; a version may.
 */
export const AGREED_PARAM = 'agreed'
const AGREED_MAX = 10

/** The agreement carried by `agreed=` (one value or several), or null when absent or not of that shape. */
export function parseAgreed(value: string | readonly string[] | undefined): AgreedPolicy[] | null {
  if (value === undefined) return null
  const values = typeof value === 'string' ? [value] : value
  if (values.length === 0 || values.length > AGREED_MAX) return null
  const agreed: AgreedPolicy[] = []
  for (const item of values) {
    const colon = item.indexOf(':')
    if (colon <= 0 || colon === item.length - 1 || item.length > 200) return null
    agreed.push({ kind: item.slice(0, colon), version: item.slice(colon + 1) })
  }
  return agreed
}

function withQuery(path: string, query: Record<string, string | readonly string[] | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') params.set(name, value)
    else for (const each of value ?? []) params.append(name, each)
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

const agreedValues = (agreed: readonly AgreedPolicy[] | undefined) =>
  agreed?.map(({ kind, version }) => `${kind}:${version}`)

/**
 * Links the web app puts on its buttons (full-page: the server redirects to the auth service). The
 * sign-in and registration links take the policies agreed on the page, recorded if the trip makes
 * an account.
 */
export const externalAuthHref = {
  lineLogin: (next?: string, agreed?: readonly AgreedPolicy[]) =>
    withQuery(links.lineLogin, { next, [AGREED_PARAM]: agreedValues(agreed) }),
  twitterLogin: (next?: string, agreed?: readonly AgreedPolicy[]) =>
    withQuery(links.twitterLogin, { next, [AGREED_PARAM]: agreedValues(agreed) }),
  carrier: (carrier: Carrier, next?: string, agreed?: readonly AgreedPolicy[]) =>
    withQuery(links.carrierAuth, { carrier, next, [AGREED_PARAM]: agreedValues(agreed) }),
  lineRegistration: (redirectUri?: string, agreed?: readonly AgreedPolicy[]) =>
    withQuery(links.lineRegistration, { redirectUri, [AGREED_PARAM]: agreedValues(agreed) }),
  lineLink: (acp?: string, alp?: string) => withQuery(links.lineLink, { acp, alp }),
  lineSwitch: (acp?: string, alp?: string) => withQuery(apiPaths.lineSwitchStart.path, { acp, alp }),
  skipLineRecommendation: (rp?: string) => withQuery(apiPaths.lineSkipRecommendation.path, { rp }),
}
