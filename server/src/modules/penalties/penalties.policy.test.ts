import { describe, expect, it } from 'vitest'
import { buildOperatorActor } from '../../test/console'
import { OPERATOR_ROLES, systemActor } from '../actor'
import { can, PURIGET_RULES_JOB } from './penalties.policy'

describe('penalties policy', () => {
  it('lets support and admin set and clear either penalty; a viewer and an editor only read', () => {
    for (const role of OPERATOR_ROLES) {
      const allowed = role === 'support' || role === 'admin'
      for (const action of ['set', 'clear'] as const) {
        for (const kind of ['PURIGET', 'SNS'] as const) {
          expect(can(buildOperatorActor(role), action, kind), `${role} ${action} ${kind}`).toBe(allowed)
        }
      }
    }
  })

  it('lets the puri-getting rules turn an account RED, and no job anything else', () => {
    const rules = systemActor(PURIGET_RULES_JOB)
    expect(can(rules, 'set', 'PURIGET')).toBe(true)
    expect(can(rules, 'clear', 'PURIGET')).toBe(false)
    expect(can(rules, 'set', 'SNS')).toBe(false)
    expect(can(systemActor('housekeeping'), 'set', 'PURIGET')).toBe(false)
  })
})
