import * as oidc from 'openid-client'

/** How the server reaches other HTTP services; tests route it into the app itself. */
export type HttpFetch = (url: string, init: RequestInit) => Promise<Response>

/** What binds an authorization request to its answer: kept server-side until the answer comes. */
export interface AuthChecks {
  state: string
  nonce: string
  /** PKCE: the code challenge sent is its SHA-256. */
  codeVerifier: string
}

/** Who signed in: the ID token's `provider` claim and its `sub`. */
export interface SignedInIdentity {
  provider: string
  subject: string
  /**
   * The carrier's `carrier_add_on` claim (au and docomo): the signed-in line may be billed under the
   * carrier's add-on plan. False when the token says nothing.
   */
  carrierAddOn: boolean
}

/** CANCELLED: the person said no. FAILED: the answer was an error or did not check out. UNAVAILABLE: no answer. */
export type AuthServiceFailure = 'CANCELLED' | 'FAILED' | 'UNAVAILABLE'

export class AuthServiceError extends Error {
  constructor(
    readonly kind: AuthServiceFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'AuthServiceError'
  }
}

/** The external auth service (LINE, Twitter and carrier sign-in) as PuriBox uses it. */
export interface AuthService {
  newChecks(): AuthChecks
  /** Where to send the browser: the issuer's authorization endpoint for `provider`. */
  authorizationUrl(checks: AuthChecks, provider: string): Promise<string>
  /** Checks the answer (`?code=…&state=…&iss=…`, or `?error=…`) and redeems the code for the ID token. */
  complete(callbackQuery: string, checks: AuthChecks): Promise<SignedInIdentity>
}

/**
 * PuriBox as an OIDC client (openid-client): authorization code flow with PKCE, state and nonce.
 * The issuer's metadata is discovered on first use and kept; a failed discovery is retried next time.
 */
export function createOidcAuthService(options: {
  issuerUrl: string
  clientId: string
  clientSecret: string
  /** PuriBox's callback, registered at the issuer. */
  redirectUri: string
  fetch?: HttpFetch
  /** Seconds to wait for the issuer (discovery, token). */
  timeoutSeconds?: number
}): AuthService {
  let configuration: Promise<oidc.Configuration> | undefined

  const configure = () => {
    configuration ??= oidc
      .discovery(
        new URL(options.issuerUrl),
        options.clientId,
        undefined,
        oidc.ClientSecretBasic(options.clientSecret),
        {
          ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
          timeout: options.timeoutSeconds ?? 10,
          // Only a development sandbox is plain http (production config insists on https).
          execute: options.issuerUrl.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        configuration = undefined
        throw new AuthServiceError('UNAVAILABLE', 'auth service discovery failed', { cause: error })
      })
    return configuration
  }

  return {
    newChecks: () => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    }),

    async authorizationUrl(checks, provider) {
      const config = await configure()
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: options.redirectUri,
          response_type: 'code',
          scope: 'openid',
          state: checks.state,
          nonce: checks.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
          code_challenge_method: 'S256',
          provider,
        })
        .toString()
    },

    async complete(callbackQuery, checks) {
      const config = await configure()
      const answer = new URL(options.redirectUri)
      answer.search = callbackQuery
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
      try {
        tokens = await oidc.authorizationCodeGrant(config, answer, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        })
      } catch (error) {
        if (error instanceof oidc.AuthorizationResponseError) {
          const kind = error.error === 'access_denied' ? 'CANCELLED' : 'FAILED'
          throw new AuthServiceError(kind, `auth service answered ${error.error}`, { cause: error })
        }
        // A TypeError is what fetch throws when the issuer cannot be reached.
        const kind = error instanceof TypeError ? 'UNAVAILABLE' : 'FAILED'
        throw new AuthServiceError(kind, 'the code could not be redeemed', { cause: error })
      }
      const claims = tokens.claims()
      if (!claims || typeof claims.provider !== 'string' || typeof claims.sub !== 'string') {
        throw new AuthServiceError('FAILED', 'the ID token names no provider')
      }
      return { provider: claims.provider, subject: claims.sub, carrierAddOn: claims.carrier_add_on === true }
    },
  }
}
