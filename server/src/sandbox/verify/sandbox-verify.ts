import { randomUUID } from 'node:crypto'
import { sameOriginAddress } from '@puribox/contract/safe-redirect'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SANDBOX_VERIFY_PATH } from '../../config'
import text from '../../locales/ja/sandbox-verify.json' with { type: 'json' }
import {
  startSessionBodySchema,
  type VerifierAudition,
  type VerifierSession,
  type VerifierSessionState,
} from '../../ports/identity-verifier'
import { escapeHtml, sandboxLayout, serveSandboxStylesheet } from '../sandbox-page'

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox identity verifier, outside production: tests settle sessions and make it fail. */
    sandboxVerify?: SandboxVerifierControls
  }
}

/** The auditions the sandbox verifier knows (the demo seed's auditions have the same ids). */
export const SANDBOX_AUDITION_IDS = Object.keys(text.auditions) as Array<keyof typeof text.auditions>

/** How long a session waits for the person before it expires. */
export const SANDBOX_SESSION_MINUTES = 30

/** What a tester can pick on the session's page: each is a final outcome. */
export const SANDBOX_OUTCOMES = ['VERIFIED', 'REJECTED', 'ABANDONED', 'EXPIRED'] as const
type Outcome = (typeof SANDBOX_OUTCOMES)[number]

interface StoredSession {
  id: string
  user: string
  auditionId: string
  status: VerifierSessionState
  returnUrl: string
  createdAt: Date
  expiresAt: Date
  completedAt: Date | null
}

export interface SandboxVerifierControls {
  /** Every API call answers 503 while on (the verifier is down). */
  setFailing(failing: boolean): void
  /** Closes (or opens again) an audition at the verifier. */
  setClosed(auditionId: string, closed: boolean): void
  /** Gives a session its outcome, as the tester's pick on its page does. */
  settle(sessionId: string, outcome: Outcome): void
  /** How many API calls it has had. */
  readonly apiCalls: number
}

const STYLESHEET = `${SANDBOX_VERIFY_PATH}/style.css`
const STYLE =
  ':root{--brand:#0a7d5a}dl{margin:0}dt{color:#57606a;font-size:.85rem}dd{margin:0 0 8px}' +
  'button.outcome{background:#fff;border:2px solid var(--brand);color:#0b3d2e}'

/**
 * The development stand-in for the identity verifier (docs/guide/ground-rules.md, decision 0049) under
 * /_sandbox/verify: the verifier's API (`ports/identity-verifier.ts`, bearer key, the member in
 * `X-Verifier-User`) and each session's page, where a tester picks the outcome and is sent back to
 * PuriBox. Sessions live in memory and expire after 30 minutes. Never mounted in production.
 */
export async function mountSandboxVerify(
  app: FastifyInstance,
  options: { publicUrl: string; clientId: string; apiKey: string; now: () => Date },
): Promise<void> {
  const base = SANDBOX_VERIFY_PATH
  const sessions = new Map<string, StoredSession>()
  const byKey = new Map<string, string>()
  const closed = new Set<string>()
  let failing = false
  let apiCalls = 0

  /** A session as it stands now: a PENDING one past its end has expired. */
  const current = (session: StoredSession): StoredSession => {
    if (session.status === 'PENDING' && session.expiresAt.getTime() <= options.now().getTime()) {
      session.status = 'EXPIRED'
      session.completedAt = session.expiresAt
    }
    return session
  }
  const settle = (session: StoredSession, outcome: Outcome) => {
    if (current(session).status !== 'PENDING') return
    session.status = outcome
    session.completedAt = options.now()
  }
  const wire = (session: StoredSession): VerifierSession => ({
    id: session.id,
    auditionId: session.auditionId,
    status: session.status,
    url: `${options.publicUrl}${base}/session/${session.id}`,
    expiresAt: session.expiresAt.toISOString(),
    completedAt: session.completedAt?.toISOString() ?? null,
  })
  const known = (auditionId: string) => (SANDBOX_AUDITION_IDS as string[]).includes(auditionId)
  const title = (auditionId: string) => text.auditions[auditionId as keyof typeof text.auditions]

  app.decorate('sandboxVerify', {
    setFailing(value: boolean) {
      failing = value
    },
    setClosed(auditionId: string, value: boolean) {
      if (value) closed.add(auditionId)
      else closed.delete(auditionId)
    },
    settle(sessionId: string, outcome: Outcome) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`sandbox verifier: no session ${sessionId}`)
      settle(session, outcome)
    },
    get apiCalls() {
      return apiCalls
    },
  } satisfies SandboxVerifierControls)

  // The verifier's API: JSON, called by PuriBox's server with its key, for one member.
  await app.register(async (scope) => {
    type ApiRequest = FastifyRequest<{ Params: { id: string; sessionId?: string }; Body: unknown }>
    const guard = (request: ApiRequest, reply: FastifyReply): string | null => {
      apiCalls += 1
      if (failing) {
        void reply.status(503).send({ error: { code: 'UNAVAILABLE' } })
        return null
      }
      if (
        request.headers.authorization !== `Bearer ${options.apiKey}` ||
        request.headers['x-verifier-client'] !== options.clientId
      ) {
        void reply.status(401).send({ error: { code: 'UNAUTHORIZED' } })
        return null
      }
      const user = request.headers['x-verifier-user']
      if (typeof user !== 'string' || user.length === 0 || user.length > 200) {
        void reply.status(400).send({ error: { code: 'USER_REQUIRED' } })
        return null
      }
      if (!known(request.params.id)) {
        void reply.status(404).send({ error: { code: 'AUDITION_NOT_FOUND' } })
        return null
      }
      return user
    }
    const verifiedAlready = (user: string, auditionId: string) =>
      [...sessions.values()].some(
        (s) => s.user === user && s.auditionId === auditionId && s.status === 'VERIFIED',
      )
    const api = `${base}/api`

    scope.get<{ Params: { id: string } }>(
      `${api}/v2/users/self/auditions/:id`,
      { schema: { hide: true } },
      async (request: ApiRequest, reply) => {
        if (guard(request, reply) === null) return reply
        const audition: VerifierAudition = {
          id: request.params.id,
          title: title(request.params.id),
          status: closed.has(request.params.id) ? 'CLOSED' : 'OPEN',
        }
        return audition
      },
    )

    scope.get(
      `${api}/v1/users/self/auditions/:id/available`,
      { schema: { hide: true } },
      async (request: ApiRequest, reply) => {
        const user = guard(request, reply)
        if (user === null) return reply
        if (closed.has(request.params.id)) return { available: false, reason: 'CLOSED' }
        if (verifiedAlready(user, request.params.id)) return { available: false, reason: 'ALREADY_VERIFIED' }
        return { available: true, reason: null }
      },
    )

    scope.post(
      `${api}/v1/users/self/auditions/:id/sessions`,
      { schema: { hide: true } },
      async (request: ApiRequest, reply) => {
        const user = guard(request, reply)
        if (user === null) return reply
        const body = startSessionBodySchema.safeParse(request.body)
        if (!body.success) return reply.status(400).send({ error: { code: 'BAD_REQUEST' } })
        // A verifier sends the person back only to the client's registered site: a return address
        // anywhere else (or a `javascript:` one, which would run in the link on the closed page)
        // is refused.
        if (sameOriginAddress(body.data.returnUrl, options.publicUrl) === null) {
          return reply.status(400).send({ error: { code: 'RETURN_URL_NOT_REGISTERED' } })
        }
        if (closed.has(request.params.id)) return reply.status(409).send({ error: { code: 'CLOSED' } })
        const key = request.headers['idempotency-key']
        const keyOf = typeof key === 'string' ? `${user}\n${request.params.id}\n${key}` : null
        const earlier = keyOf ? sessions.get(byKey.get(keyOf) ?? '') : undefined
        if (earlier) return reply.status(201).send(wire(current(earlier)))
        const now = options.now()
        const session: StoredSession = {
          id: `vs_${randomUUID()}`,
          user,
          auditionId: request.params.id,
          status: 'PENDING',
          returnUrl: body.data.returnUrl,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SANDBOX_SESSION_MINUTES * 60_000),
          completedAt: null,
        }
        sessions.set(session.id, session)
        if (keyOf) byKey.set(keyOf, session.id)
        return reply.status(201).send(wire(session))
      },
    )

    scope.get(
      `${api}/v1/users/self/auditions/:id/sessions/:sessionId`,
      { schema: { hide: true } },
      async (request: ApiRequest, reply) => {
        const user = guard(request, reply)
        if (user === null) return reply
        const session = sessions.get(request.params.sessionId ?? '')
        // Another member's session, or another audition's, is not there for this one.
        if (!session || session.user !== user || session.auditionId !== request.params.id) {
          return reply.status(404).send({ error: { code: 'SESSION_NOT_FOUND' } })
        }
        return wire(current(session))
      },
    )
  })

  // The session's page, for the person (here a tester): plain forms.
  serveSandboxStylesheet(app, STYLESHEET, STYLE)
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body)
  const badge = `<p class="badge">${escapeHtml(text.badge)}</p>`
  const notFound = () =>
    sandboxLayout(
      text.notFound.title,
      `${badge}<h1>${escapeHtml(text.notFound.heading)}</h1><p class="lead">${escapeHtml(text.notFound.body)}</p>`,
      { stylesheet: STYLESHEET },
    )
  const closedPage = (session: StoredSession) =>
    sandboxLayout(
      text.closed.title,
      `${badge}<h1>${escapeHtml(text.closed.heading)}</h1><p class="lead">${escapeHtml(text.closed.body)}</p><p><a class="top" href="${escapeHtml(session.returnUrl)}">${escapeHtml(text.closed.back)}</a></p>`,
      { stylesheet: STYLESHEET },
    )
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    type Form = { Params: { id: string }; Body: Record<string, string> | undefined }

    scope.get<Form>(`${base}/session/:id`, { schema: { hide: true } }, async (request, reply) => {
      const session = sessions.get(request.params.id)
      if (!session) return html(reply, notFound(), 404)
      if (current(session).status !== 'PENDING') return html(reply, closedPage(session), 410)
      const action = escapeHtml(`${base}/session/${session.id}`)
      const buttons = SANDBOX_OUTCOMES.map(
        (outcome) =>
          `<button class="outcome" name="outcome" value="${outcome}">${escapeHtml(text.session.outcomes[outcome])}</button>`,
      ).join('')
      const body = `${badge}<h1>${escapeHtml(text.session.heading)}</h1><p class="lead">${escapeHtml(text.lead)}</p><section><dl><dt>${escapeHtml(text.session.audition)}</dt><dd>${escapeHtml(title(session.auditionId))}</dd></dl></section><section><h2>${escapeHtml(text.session.pick)}</h2><form method="post" action="${action}">${buttons}</form></section>`
      return html(reply, sandboxLayout(text.session.title, body, { stylesheet: STYLESHEET }))
    })

    scope.post<Form>(`${base}/session/:id`, { schema: { hide: true } }, async (request, reply) => {
      const session = sessions.get(request.params.id)
      if (!session) return html(reply, notFound(), 404)
      if (current(session).status !== 'PENDING') return html(reply, closedPage(session), 410)
      const outcome = request.body?.outcome
      if (!(SANDBOX_OUTCOMES as readonly string[]).includes(outcome ?? '')) {
        return html(reply, notFound(), 400)
      }
      settle(session, outcome as Outcome)
      // Back to PuriBox, which reads the outcome from the API: the address says nothing of it.
      return reply.redirect(session.returnUrl, 303)
    })
  })
}
