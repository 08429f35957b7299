import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { buildOperatorActor } from '../../test/console'
import { OPERATOR_ROLES, systemActor } from '../actor'
import { canReadAuditLog, seesPersonalData } from './audit.policy'

describe('who reads the audit log, and who reads personal data as it is', () => {
  it('lets every operator read the log, and nobody else', () => {
    for (const role of OPERATOR_ROLES) expect(canReadAuditLog(buildOperatorActor(role)), role).toBe(true)
    expect(canReadAuditLog(buildMemberCaller())).toBe(false)
    expect(canReadAuditLog(systemActor('housekeeping'))).toBe(false)
  })

  it("shows personal data only to those who handle people's cases: support and admin; a viewer and an editor read it masked", () => {
    expect(
      Object.fromEntries(OPERATOR_ROLES.map((role) => [role, seesPersonalData(buildOperatorActor(role))])),
    ).toEqual({ viewer: false, support: true, editor: false, admin: true })
    expect(seesPersonalData(buildMemberCaller())).toBe(false)
    expect(seesPersonalData(systemActor('housekeeping'))).toBe(false)
  })
})
