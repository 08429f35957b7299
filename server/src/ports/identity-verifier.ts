import { z } from 'zod'
import type { HttpFetch } from './auth-service'

/**
 * The identity verifier (decision 0049): another service that checks who a person is (a
 * document and a selfie) for an audition, on its own pages. One HTTP protocol, spoken by the real
 * verifier and by the sandbox under /_sandbox/verify.
 *
 * Relative to `VERIFIER_URL`, every call with `Authorization: Bearer <API key>`, `X-Verifier-Client:
 * <client id>` and `X-Verifier-User: <the member>` (the "self" of the paths):
 *   GET  /api/v2/users/self/auditions/{id}                        the audition as the member sees it
 *   GET  /api/v1/users/self/auditions/{id}/available              whether the member may start a check
 *   POST /api/v1/users/self/auditions/{id}/sessions               starts one (Idempotency-Key)
 *   GET  /api/v1/users/self/auditions/{id}/sessions/{sessionId}   where it stands
 * A session's page sends the browser back to the session's `returnUrl`. The outcome is only ever
 * read with the last call, server to server: the browser's return proves nothing.
 */

const instant = z.iso.datetime({ offset: true })

export const VERIFIER_SESSION_STATES = ['PENDING', 'VERIFIED', 'REJECTED', 'ABANDONED', 'EXPIRED'] as const
export type VerifierSessionState = (typeof VERIFIER_SESSION_STATES)[number]

export const verifierAuditionSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(200),
  status: z.enum(['OPEN', 'CLOSED']),
})
export type VerifierAudition = z.infer<typeof verifierAuditionSchema>

export const VERIFIER_UNAVAILABLE_REASONS = ['CLOSED', 'ALREADY_VERIFIED'] as const
export const verifierAvailabilitySchema = z.object({
  available: z.boolean(),
  reason: z.enum(VERIFIER_UNAVAILABLE_REASONS).nullable(),
})
export type VerifierAvailability = z.infer<typeof verifierAvailabilitySchema>

export const verifierSessionSchema = z.object({
  id: z.string().min(1).max(200),
  auditionId: z.string().min(1).max(64),
  status: z.enum(VERIFIER_SESSION_STATES),
  /** The verifier's page for the person. */
  url: z.url(),
  expiresAt: instant,
  completedAt: instant.nullable(),
})
export type VerifierSession = z.infer<typeof verifierSessionSchema>

export const startSessionBodySchema = z.object({ returnUrl: z.url() })

/** UNAVAILABLE: no answer, a 5xx, or an answer that is not the protocol's. NOT_FOUND: 404. REFUSED: another 4xx. */
export type IdentityVerifierFailure = 'UNAVAILABLE' | 'NOT_FOUND' | 'REFUSED'

export class IdentityVerifierError extends Error {
  constructor(
    readonly kind: IdentityVerifierFailure,
    message: string,
  ) {
    super(message)
    this.name = 'IdentityVerifierError'
  }
}

export interface IdentityVerifier {
  audition(user: string, auditionId: string): Promise<VerifierAudition>
  available(user: string, auditionId: string): Promise<VerifierAvailability>
  /** `key` makes a retried start (a timeout, a second tap) get the same session back. */
  startSession(
    user: string,
    auditionId: string,
    input: { returnUrl: string; key: string },
  ): Promise<VerifierSession>
  session(user: string, auditionId: string, sessionId: string): Promise<VerifierSession>
}

export interface IdentityVerifierOptions {
  baseUrl: string
  clientId: string
  apiKey: string
  fetch?: HttpFetch
  /** Seconds to wait for the verifier. */
  timeoutSeconds?: number
}

export function createIdentityVerifier(options: IdentityVerifierOptions): IdentityVerifier {
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init))
  const timeoutMs = (options.timeoutSeconds ?? 10) * 1000

  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    user: string,
    answer: T,
    body?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<z.output<T>> {
    let response: Response
    try {
      response = await send(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'x-verifier-client': options.clientId,
          'x-verifier-user': user,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      throw new IdentityVerifierError('UNAVAILABLE', `identity verifier unreachable: ${String(cause)}`)
    }
    const payload: unknown = await response.json().catch(() => null)
    if (response.ok) {
      const parsed = answer.safeParse(payload)
      if (parsed.success) return parsed.data
      throw new IdentityVerifierError('UNAVAILABLE', `identity verifier answered ${path} unexpectedly`)
    }
    const message = `identity verifier refused ${method} ${path}: HTTP ${response.status}`
    if (response.status >= 500 || response.status === 429)
      throw new IdentityVerifierError('UNAVAILABLE', message)
    if (response.status === 404) throw new IdentityVerifierError('NOT_FOUND', message)
    throw new IdentityVerifierError('REFUSED', message)
  }

  const audition = (id: string) => `/api/v1/users/self/auditions/${encodeURIComponent(id)}`
  return {
    audition: (user, auditionId) =>
      call(
        'GET',
        `/api/v2/users/self/auditions/${encodeURIComponent(auditionId)}`,
        user,
        verifierAuditionSchema,
      ),
    available: (user, auditionId) =>
      call('GET', `${audition(auditionId)}/available`, user, verifierAvailabilitySchema),
    startSession: (user, auditionId, input) =>
      call(
        'POST',
        `${audition(auditionId)}/sessions`,
        user,
        verifierSessionSchema,
        { returnUrl: input.returnUrl },
        { 'idempotency-key': input.key },
      ),
    session: (user, auditionId, sessionId) =>
      call(
        'GET',
        `${audition(auditionId)}/sessions/${encodeURIComponent(sessionId)}`,
        user,
        verifierSessionSchema,
      ),
  }
}
