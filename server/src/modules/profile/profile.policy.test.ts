import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { canReadProfileImage, profileEditRefusal } from './profile.policy'

describe('canReadProfileImage', () => {
  it('only its owner', () => {
    const owner = 'a3f1c0de-0000-4000-8000-00000000000a'
    expect(canReadProfileImage(buildMemberCaller({ accountId: owner }), { accountId: owner })).toBe(true)
    expect(canReadProfileImage(buildMemberCaller({ accountId: 'someone-else' }), { accountId: owner })).toBe(
      false,
    )
  })
})

describe('profileEditRefusal', () => {
  it('by the SNS penalty: none and a warning allow, access control restricts, suspension refuses', () => {
    expect(profileEditRefusal({ snsPenalty: null })).toBeNull()
    expect(profileEditRefusal({ snsPenalty: 'WARNING' })).toBeNull()
    expect(profileEditRefusal({ snsPenalty: 'ACCESSCONTROL' })).toBe('SNS_RESTRICTED')
    expect(profileEditRefusal({ snsPenalty: 'SUSPENSION' })).toBe('ACCOUNT_SUSPENDED')
  })
})
