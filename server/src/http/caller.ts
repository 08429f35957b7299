import type { MemberMembership } from '@puribox/contract/membership'
import type { ConsoleRole, Role } from '@puribox/contract/routes'
import type { Session } from '../modules/sessions/sessions.service'

/** An operator's role as the server names it: the route table's console role, in lower case. */
type OperatorRole = Lowercase<ConsoleRole>

/**
 * Who is calling, as a route's handler and the services see it. `registerApiRoute` derives the
 * caller once, before the handler, from the session (people) or from the credential a service
 * presents (booths, the payment gateway), and the handler's type says which callers its roles
 * admit: a members-only handler gets a member, never a guest.
 *
 * A new role is added to `Role` in the contract, to `CallerOfRole` here (the compiler asks for
 * it), to the derivation below (or, for operators, the console's authenticator), and to the `can…`
 * rules of the modules it may use (`*.policy.ts`). Routes do not change.
 */

export type Membership = MemberMembership

/** Someone without an account, with or without a session (a session may hold time travel, the app flag, a proved mail address). */
export interface GuestCaller {
  kind: 'guest'
  /** Hash of the session's id; null when the browser has no session. */
  sessionHash: string | null
  /** The client address: rate limits and puri-getting penalties count by it. */
  ip: string
  /**
   * The browser marked the request as made by another site's page (`fromOtherSite`): an `<img>`,
   * link or form on a page that is not PuriBox's. Such a request is not counted against the
   * address's guests, whom a stranger's page could otherwise pause.
   */
  otherSite: boolean
}

/** A signed-in member; the membership is as of the request's "now" (time travel moves it). */
export interface MemberCaller<M extends Membership = Membership> {
  kind: 'member'
  accountId: string
  membership: M
  sessionHash: string
  ip: string
}

/**
 * An operator signed in to the console, known by the console's own cookie (never by a member's
 * session). It is the `OperatorActor` of the changes it asks for, with the session it came with.
 */
export interface OperatorCaller<R extends OperatorRole = OperatorRole> {
  kind: 'operator'
  operatorId: string
  role: R
  /** Hash of the console session's id. */
  sessionHash: string
  ip: string
}

/** A booth, known by its machine key. */
export interface MachineCaller {
  kind: 'machine'
  machineId: string
}

/** The payment gateway, known by the signature of what it sends. */
export interface GatewayCaller {
  kind: 'gateway'
}

/** Requires an entry for every role of the contract: a role without a caller does not compile. */
type ForEveryRole<T extends Record<Role, { kind: string }>> = T

/** The caller each role stands for. */
export type CallerOfRole = ForEveryRole<{
  GUEST: GuestCaller
  MINI: MemberCaller<'MINI'>
  PREMIUM: MemberCaller<'PREMIUM'>
  JHS_PREMIUM: MemberCaller<'JHS_PREMIUM'>
  MACHINE: MachineCaller
  GATEWAY: GatewayCaller
  VIEWER: OperatorCaller<'viewer'>
  SUPPORT: OperatorCaller<'support'>
  EDITOR: OperatorCaller<'editor'>
  ADMIN: OperatorCaller<'admin'>
}>

/** The callers a route with these roles admits: `CallerFor<typeof MEMBERS>` is a member. */
export type CallerFor<Roles extends readonly Role[]> = CallerOfRole[Roles[number]]

export type Caller = CallerOfRole[Role]

/** Roles proved by a credential the route checks (a key, a signature), not by a session. */
export type ServiceRole = 'MACHINE' | 'GATEWAY'
export const SERVICE_ROLES: readonly ServiceRole[] = ['MACHINE', 'GATEWAY']

/** A person in a browser or the app: the callers a member's session makes. */
export type PersonCaller = CallerOfRole[Exclude<Role, ServiceRole | ConsoleRole>]

/** The role the route table knows an operator by (`ADMIN` for `admin`). */
export function consoleRoleOf(role: OperatorRole): ConsoleRole {
  return role.toUpperCase() as ConsoleRole
}

/**
 * Whether the browser says another site's page made the request. Browsers send `Sec-Fetch-Site`
 * with every request and cannot be made by a page to send anything else: `cross-site` (another
 * site) or `same-site` (another origin under the same registrable domain: still not PuriBox's own
 * pages). `same-origin`, `none` (typed, bookmarked, opened from another app) and no header at all
 * (the native app, a script, an old browser) are not marked. A script can send the header too;
 * what is marked is therefore counted apart, never let through uncounted.
 */
export function fromOtherSite(headers: Record<string, string | string[] | undefined>): boolean {
  const site = headers['sec-fetch-site']
  return site === 'cross-site' || site === 'same-site'
}

/** The person behind a request, from its session as of the request's "now" (null: no live session). */
export function personOf(session: Session | null, ip: string, otherSite: boolean): PersonCaller {
  if (!session?.accountId || session.role === 'GUEST') {
    return { kind: 'guest', sessionHash: session?.idHash ?? null, ip, otherSite }
  }
  return {
    kind: 'member',
    accountId: session.accountId,
    membership: session.role,
    sessionHash: session.idHash,
    ip,
  }
}

/** The role the route table knows a person by. */
export function roleOf(caller: PersonCaller): Exclude<Role, ServiceRole | ConsoleRole> {
  return caller.kind === 'guest' ? 'GUEST' : caller.membership
}
