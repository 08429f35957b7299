/**
 * The little of oidc-provider 9 that the sandbox issuer uses. The package ships no types, and the
 * sandbox is development-only: a narrow declaration beats another dependency (@types/oidc-provider).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface KoaContextWithOIDC {
    type: string
    body: unknown
    status: number
    oidc: {
      params: Record<string, unknown>
    }
  }

  export interface AdapterPayload {
    uid?: string
    userCode?: string
    grantId?: string
    consumed?: number
    [key: string]: unknown
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>
    find(id: string): Promise<AdapterPayload | undefined>
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
    findByUid(uid: string): Promise<AdapterPayload | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }

  export interface Account {
    accountId: string
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>
  }

  export interface InteractionDetails {
    uid: string
    prompt: { name: string }
    params: Record<string, unknown>
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean }
    consent?: { grantId: string }
    error?: string
    error_description?: string
  }

  export interface Configuration {
    adapter?: (name: string) => Adapter
    clients?: Record<string, unknown>[]
    jwks?: { keys: Record<string, unknown>[] }
    cookies?: { keys?: string[] }
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>
    claims?: Record<string, string[] | null>
    conformIdTokenClaims?: boolean
    extraParams?: string[]
    features?: Record<string, { enabled: boolean }>
    enabledJWA?: { idTokenSigningAlgValues?: string[] }
    interactions?: {
      url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string
    }
    pkce?: { required?: () => boolean }
    ttl?: Record<string, number>
    renderError?: (
      ctx: KoaContextWithOIDC,
      out: { error: string; error_description?: string },
      error: Error,
    ) => Promise<void>
  }

  class Grant {
    constructor(properties: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    readonly issuer: string
    proxy: boolean
    Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}
