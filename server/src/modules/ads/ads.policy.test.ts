import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { type AdAction, adReactionRefusal, can } from './ads.policy'

const ACTIONS: AdAction[] = [
  'read',
  'create',
  'change',
  'schedule',
  'publish',
  'withdraw',
  'upload-picture',
  'create-space',
  'change-space',
]
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with ads in the console', () => {
  it('lets every operator read, and editors and admins do everything else', () => {
    expect(allowedByRole(ACTIONS, can)).toEqual({
      viewer: ['read'],
      support: ['read'],
      editor: ACTIONS,
      admin: ACTIONS,
    })
  })

  it('lets members and the system do nothing here, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('demo'))).toEqual([])
  })
})

describe("a member's ad reactions under the SNS penalty", () => {
  it('are refused under ACCESSCONTROL and SUSPENSION only', () => {
    expect(adReactionRefusal({ snsPenalty: null })).toBeNull()
    expect(adReactionRefusal({ snsPenalty: 'WARNING' })).toBeNull()
    expect(adReactionRefusal({ snsPenalty: 'ACCESSCONTROL' })).toBe('SNS_RESTRICTED')
    expect(adReactionRefusal({ snsPenalty: 'SUSPENSION' })).toBe('ACCOUNT_SUSPENDED')
  })
})
