import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { canReadSavedImage } from './mypage.policy'

describe('canReadSavedImage', () => {
  it('only the member who saved the picture, whatever their membership', () => {
    const owner = 'a3f1c0de-0000-4000-8000-00000000000a'
    expect(canReadSavedImage(buildMemberCaller({ accountId: owner }), { accountId: owner })).toBe(true)
    expect(
      canReadSavedImage(buildMemberCaller({ accountId: owner, membership: 'PREMIUM' }), { accountId: owner }),
    ).toBe(true)
    expect(canReadSavedImage(buildMemberCaller({ accountId: 'someone-else' }), { accountId: owner })).toBe(
      false,
    )
  })
})
