import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { type Actor, OPERATOR_ROLES, type OperatorActor, systemActor } from '../actor'
import { can, type HelpAction } from './help.policy'

const operator = (role: OperatorActor['role']): OperatorActor => ({
  kind: 'operator',
  operatorId: '00000000-0000-4000-8000-000000000001',
  role,
  ip: '203.0.113.7',
})

const ACTIONS: HelpAction[] = ['read', 'change-category', 'order', 'create', 'change', 'remove']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with help in the console', () => {
  it('lets every operator read, and editors and admins change categories, order, write and remove answers', () => {
    expect(Object.fromEntries(OPERATOR_ROLES.map((role) => [role, allowed(operator(role))]))).toEqual({
      viewer: ['read'],
      support: ['read'],
      editor: ACTIONS,
      admin: ACTIONS,
    })
  })

  it('lets members and the system do nothing here, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('content at start'))).toEqual([])
  })
})
