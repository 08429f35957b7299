import type { ConsoleRole } from '@puribox/contract/routes'
import type { MemberCaller } from '../http/caller'

/**
 * Who asks for a change. Every service function that changes something takes one, the module's
 * policy decides with it (`can(actor, action, target)`), and the events the change emits carry it,
 * so the audit log can say who did what.
 *
 * - a member: the signed-in person the route's roles admitted (the typed caller);
 * - an operator: a person of the team running PuriBox, signed in to the console with a role;
 * - the system: a scheduled job or a start-up step, named so the log says which.
 */
export type Actor = MemberActor | OperatorActor | SystemActor

export type MemberActor = MemberCaller

/**
 * The operator roles are lanes, not a ladder: each is given for one kind of work, and only an admin
 * does every kind.
 * - viewer: reads everything, with personal data masked;
 * - support: people's cases (members, penalties, inquiries, junior-high applications, reported
 *   seals), reading personal data as it is;
 * - editor: content (news, banners, ads, help, pages, coupons, auditions, flows) and booths,
 *   reading everything else as a viewer does, personal data masked;
 * - admin: everything, and operators, machine keys and account deletion.
 */
export const OPERATOR_ROLES = [
  'viewer',
  'support',
  'editor',
  'admin',
] as const satisfies readonly Lowercase<ConsoleRole>[]
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/**
 * Whether the actor is an operator who acts on a person's case (an inquiry, a junior-high
 * application, a penalty, a reported seal) and reads personal data as it is: support or admin. An
 * editor's work is content and booths, which needs neither a person's correspondence nor their
 * identity documents.
 */
export function isCaseHandler(actor: Actor): actor is OperatorActor {
  return actor.kind === 'operator' && (actor.role === 'support' || actor.role === 'admin')
}

/** Whether the actor is an operator who changes content and booths: editor or admin. */
export function isEditor(actor: Actor): actor is OperatorActor {
  return actor.kind === 'operator' && (actor.role === 'editor' || actor.role === 'admin')
}

/**
 * The content lane's rule, which each content module's policy applies to its own actions: every
 * operator reads ('read'), editors and admins do the rest; members and jobs do nothing in the
 * console, not even read.
 */
export function inContentLane(actor: Actor, action: string): boolean {
  return actor.kind === 'operator' && (action === 'read' || isEditor(actor))
}

export interface OperatorActor {
  kind: 'operator'
  operatorId: string
  role: OperatorRole
  /** The client address of the console request: the audit log keeps it. */
  ip: string
}

export interface SystemActor {
  kind: 'system'
  /** Which job or step: `housekeeping: audit log retention`, `content at start`. */
  job: string
}

/** The system actor of a named job. */
export function systemActor(job: string): SystemActor {
  return { kind: 'system', job }
}

/** The client address of an actor that has one (members and operators; jobs have none). */
export function actorIp(actor: Actor): string | null {
  return actor.kind === 'system' ? null : actor.ip
}
