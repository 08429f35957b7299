import { describe, expect, it } from 'vitest'
import { expectContentLane } from '../../test/console'
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

describe('who may do what with ads in the console', () => {
  it('lets every operator read, and editors and admins do everything else; members and jobs nothing, not even read', () => {
    expectContentLane(ACTIONS, can)
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
