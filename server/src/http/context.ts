import { formatJst } from '@puribox/contract/time'
import type { Clock as WireClock } from '@puribox/contract/wrapper'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { MembershipEnds } from '../modules/accounts/membership'
import { deviceLabel } from '../modules/sessions/device-label'
import {
  cookieName,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  type Session,
  type SessionService,
  type StoredSession,
  sessionAt,
} from '../modules/sessions/sessions.service'
import type { Clock } from '../ports/clock'

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null
    /** "Now" for this request: the session's time-travel date when time travel is on, else real time. */
    now: Date
    /** The wrapper's `clock`: set only while this request time travels. */
    wireClock: WireClock
  }
}

export interface RequestContextOptions {
  sessions: SessionService
  clock: Clock
  timeTravel: boolean
  cookieSecure: boolean
}

/** The session for the rest of the request: "now" first, then the caller's role as of it. */
function applySession(
  request: FastifyRequest,
  session: StoredSession | null,
  options: RequestContextOptions,
): void {
  const travelTo = options.timeTravel ? (session?.timeTravelTo ?? null) : null
  request.now = travelTo ?? options.clock.now()
  request.wireClock = travelTo ? { date: formatJst(travelTo) } : null
  request.session = session && sessionAt(session, request.now)
}

/** Resolves the session cookie (if any) once per request and derives "now" and the wire clock. */
export const requestContext = fp<RequestContextOptions>(
  async (app: FastifyInstance, options) => {
    const sessionCookie = cookieName(SESSION_COOKIE, options.cookieSecure)
    app.decorateRequest('session', null)
    app.decorateRequest('now', null as unknown as Date)
    app.decorateRequest('wireClock', null)
    // Set by the contract route's guard or authenticator (`registerApiRoute`).
    app.decorateRequest('caller', null)
    // Callback style: most requests carry no session cookie, and need no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const cookie = request.cookies[sessionCookie]
      if (!cookie) {
        applySession(request, null, options)
        return done()
      }
      options.sessions.resolve(cookie).then(
        (session) => {
          applySession(request, session, options)
          done()
        },
        (error: Error) => done(error),
      )
    })
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
)

/** The request's session, created (and its cookie set) when there is none yet. */
export async function ensureSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: RequestContextOptions,
): Promise<Session> {
  if (request.session) return request.session
  const { id, session } = await options.sessions.create()
  setSessionCookie(reply, id, options)
  applySession(request, session, options)
  return request.session!
}

function setSessionCookie(reply: FastifyReply, id: string, options: RequestContextOptions): void {
  reply.setCookie(cookieName(SESSION_COOKIE, options.cookieSecure), id, {
    path: '/',
    httpOnly: true,
    secure: options.cookieSecure,
    sameSite: 'lax',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  })
}

/**
 * Signs the request in to `account` with a brand-new session id (rotation: an id planted before
 * sign-in is worthless after it). The old session ends; what it remembered (native app, time
 * travel) carries over.
 */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: string } & MembershipEnds,
  options: RequestContextOptions,
): Promise<Session> {
  const previous = request.session
  const { id, session } = await options.sessions.create({
    account,
    nativeApp: previous?.nativeApp ?? false,
    timeTravelTo: previous?.timeTravelTo ?? null,
    device: deviceLabel(request.headers['user-agent']),
  })
  if (previous) await options.sessions.end(previous)
  setSessionCookie(reply, id, options)
  applySession(request, session, options)
  return request.session!
}

/**
 * Signs out: the session ends. When it remembered something a guest keeps (the native-app flag, a
 * time-travel date), a fresh guest session carries it on; otherwise the cookie is cleared.
 */
export async function signOut(
  request: FastifyRequest,
  reply: FastifyReply,
  options: RequestContextOptions,
): Promise<void> {
  const previous = request.session
  if (!previous) return
  await options.sessions.end(previous)
  if (previous.nativeApp || previous.timeTravelTo) {
    const { id, session } = await options.sessions.create({
      nativeApp: previous.nativeApp,
      timeTravelTo: previous.timeTravelTo,
    })
    setSessionCookie(reply, id, options)
    applySession(request, session, options)
    return
  }
  reply.clearCookie(cookieName(SESSION_COOKIE, options.cookieSecure), {
    path: '/',
    secure: options.cookieSecure,
  })
  applySession(request, null, options)
}

/**
 * Every session of the signed-in member ends, this one included (the settings' "log out on every
 * device"); the browser is then a guest, as after signing out.
 */
export async function signOutEverywhere(
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  options: RequestContextOptions,
): Promise<void> {
  await options.sessions.endAllOf(accountId)
  reply.clearCookie(cookieName(SESSION_COOKIE, options.cookieSecure), {
    path: '/',
    secure: options.cookieSecure,
  })
  applySession(request, null, options)
}

/** After a change to the session, recompute what depends on it for the rest of this request. */
export function refreshSession(
  request: FastifyRequest,
  session: StoredSession,
  options: RequestContextOptions,
): void {
  applySession(request, session, options)
}

/** `{ entity, error: null, clock }`: the success wrapper. */
export function ok<T>(request: FastifyRequest, entity: T) {
  return { entity, error: null, clock: request.wireClock }
}
