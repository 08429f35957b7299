import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { buildOperatorActor } from '../../test/console'
import { type Actor, OPERATOR_ROLES, systemActor } from '../actor'
import { can, type InquiryAction } from './inquiries.policy'

const ACTIONS: InquiryAction[] = ['read', 'assign', 'change-state', 'reply', 'note']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with inquiries in the console', () => {
  it('lets every operator read, and support and admin handle them; an editor, whose lane is content, only reads', () => {
    expect(
      Object.fromEntries(OPERATOR_ROLES.map((role) => [role, allowed(buildOperatorActor(role))])),
    ).toEqual({
      viewer: ['read'],
      support: ACTIONS,
      editor: ['read'],
      admin: ACTIONS,
    })
  })

  it('lets members and the system do nothing here, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('housekeeping'))).toEqual([])
  })
})
