import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { buildOperatorActor } from '../../test/console'
import { type Actor, OPERATOR_ROLES, systemActor } from '../actor'
import { type ApplicationAction, can } from './school-applications.policy'

const ACTIONS: ApplicationAction[] = ['read', 'view-certificate', 'review', 'review-own']
const allowed = (actor: Actor, application?: { accountId: string }) =>
  ACTIONS.filter((action) => can(actor, action, application))

describe('who may do what with junior-high applications beyond the form', () => {
  it('lets every operator read, and support and admin alone open the pictures and review; an editor only reads', () => {
    expect(
      Object.fromEntries(OPERATOR_ROLES.map((role) => [role, allowed(buildOperatorActor(role))])),
    ).toEqual({
      viewer: ['read'],
      support: ['read', 'view-certificate', 'review'],
      editor: ['read'],
      admin: ['read', 'view-certificate', 'review'],
    })
  })

  it("lets a member review their own application alone (the debug page), nobody else's; the system nothing", () => {
    const member = buildMemberCaller()
    expect(allowed(member, { accountId: member.accountId })).toEqual(['review-own'])
    expect(allowed(member, { accountId: '00000000-0000-4000-8000-00000000ffff' })).toEqual([])
    expect(allowed(buildOperatorActor('admin'), { accountId: member.accountId })).not.toContain('review-own')
    expect(allowed(systemActor('housekeeping'))).toEqual([])
  })
})
