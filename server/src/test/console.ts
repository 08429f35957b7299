import { adminAuditApi } from '@puribox/contract/admin-audit'
import type { ApiRoute } from '@puribox/contract/routes'
import { expect } from 'vitest'
import {
  type Actor,
  OPERATOR_ROLES,
  type OperatorActor,
  type OperatorRole,
  systemActor,
} from '../modules/actor'
import { buildMemberCaller } from './callers'
import { injectOptions, type RouteInput } from './contract-requests'
import type { TestContext } from './harness'
import { createOperator, createOperatorSession } from './operators'

/** The address the console's requests of these helpers come from, as the audit log keeps it. */
export const CONSOLE_IP = '203.0.113.9'

/** An operator as a service or a policy sees one, for tests that call them directly. */
export function buildOperatorActor(role: OperatorRole): OperatorActor {
  return { kind: 'operator', operatorId: '00000000-0000-4000-8000-000000000001', role, ip: '203.0.113.7' }
}

/**
 * What a policy lets each operator role do, of `actions` in their order: the table a content
 * area's policy test compares with what its roles should do.
 */
export function allowedByRole<A extends string>(
  actions: readonly A[],
  can: (actor: Actor, action: A) => boolean,
): Record<OperatorRole, A[]> {
  return Object.fromEntries(
    OPERATOR_ROLES.map((role) => [role, actions.filter((action) => can(buildOperatorActor(role), action))]),
  ) as Record<OperatorRole, A[]>
}

/**
 * Checks a content module's policy against the content lane: every operator reads, editors and
 * admins do each of the module's other actions, members and jobs nothing (not even read).
 */
export function expectContentLane<A extends string>(
  actions: readonly A[],
  can: (actor: Actor, action: A) => boolean,
): void {
  expect(allowedByRole(actions, can)).toEqual({
    viewer: ['read'],
    support: ['read'],
    editor: actions,
    admin: actions,
  })
  const stranger = (actor: Actor) => actions.filter((action) => can(actor, action))
  expect(stranger(buildMemberCaller())).toEqual([])
  expect(stranger(systemActor('demo'))).toEqual([])
}

/**
 * An operator of the role in the test's database, and a function calling a console route as them
 * from CONSOLE_IP. Each call begins a session at the clock's "now", so a test may move the clock
 * further than a console session stays idle.
 */
export async function consoleOperator(ctx: TestContext, role: OperatorRole) {
  const { db, clock, app } = ctx
  const { operator } = await createOperator(db, { role })
  const call = async (route: ApiRoute, input: RouteInput = {}) => {
    const { cookie } = await createOperatorSession(db, clock, operator.id)
    return app.inject({ ...injectOptions(route, input, { cookie }), remoteAddress: CONSOLE_IP })
  }
  return { operator, call }
}

/** An audit log entry as the console answers it, with the fields tests look at. */
export interface AuditEntrySeen {
  action: string
  actor: { operatorId: string | null }
  reason: string | null
  before: unknown
  after: unknown
}

/** The audit log's entries about one target, newest first, as an admin reads them in the console. */
export async function auditTrail(
  ctx: TestContext,
  targetKind: string,
  targetId: string,
): Promise<AuditEntrySeen[]> {
  const admin = await consoleOperator(ctx, 'admin')
  const response = await admin.call(adminAuditApi.auditLog, { query: { targetKind, targetId } })
  return response.json().entity.entries
}
