import { describe, expect, it } from 'vitest'
import { OPERATOR_ROLES, systemActor } from '../actor'
import { can } from './members.policy'

describe('members policy', () => {
  it('lets every operator read, only an admin delete, and no member nor job do either', () => {
    for (const role of OPERATOR_ROLES) {
      const actor = { kind: 'operator', operatorId: 'o', role, ip: '203.0.113.1' } as const
      expect(can(actor, 'read'), role).toBe(true)
      expect(can(actor, 'delete'), role).toBe(role === 'admin')
    }
    expect(can(systemActor('housekeeping'), 'read')).toBe(false)
    expect(can(systemActor('housekeeping'), 'delete')).toBe(false)
  })
})
