import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { OPERATOR_ROLES, type OperatorActor, systemActor } from '../actor'
import { type BoothActions, type BoothTarget, can } from './booth.policy'

const operator = (role: OperatorActor['role']): OperatorActor => ({
  kind: 'operator',
  operatorId: '00000000-0000-4000-8000-000000000001',
  role,
  ip: '203.0.113.7',
})

const ACTIONS: { [T in BoothTarget]: Array<BoothActions[T]> } = {
  'machine-model': ['read', 'create', 'change'],
  shop: ['read', 'create', 'change', 'import'],
  machine: ['read', 'create', 'change'],
  'machine-key': ['read', 'issue', 'revoke'],
}

/** Every (target, action) pair, as `target action`, that `actor` may do. */
function allowed(actor: Parameters<typeof can>[0]): string[] {
  return (Object.keys(ACTIONS) as BoothTarget[]).flatMap((target) =>
    (ACTIONS[target] as string[])
      .filter((action) => can(actor, action as never, target))
      .map((action) => `${target} ${action}`),
  )
}

describe('who may do what with booths', () => {
  const reads = ['machine-model read', 'shop read', 'machine read', 'machine-key read']
  const manages = [
    'machine-model create',
    'machine-model change',
    'shop create',
    'shop change',
    'shop import',
    'machine create',
    'machine change',
  ]

  it('lets every operator read, editors and admins manage, and only admins issue or revoke keys', () => {
    expect(Object.fromEntries(OPERATOR_ROLES.map((role) => [role, allowed(operator(role)).sort()]))).toEqual({
      viewer: [...reads].sort(),
      support: [...reads].sort(),
      editor: [...reads, ...manages].sort(),
      admin: [...reads, ...manages, 'machine-key issue', 'machine-key revoke'].sort(),
    })
  })

  it('lets members and the system do nothing, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('demo'))).toEqual([])
  })
})
