import { describe, expect, it } from 'vitest'
import { memberCaller } from '../../test/callers'
import { canReadSavedImage } from './mypage.policy'

describe('canReadSavedImage', () => {
  it('only the member who saved the picture, whatever their membership', () => {
    const owner = 'a3f1c0de-0000-4000-8000-00000000000a'
    expect(canReadSavedImage(memberCaller({ accountId: owner }), { accountId: owner })).toBe(true)
    expect(
      canReadSavedImage(memberCaller({ accountId: owner, membership: 'PREMIUM' }), { accountId: owner }),
    ).toBe(true)
    expect(canReadSavedImage(memberCaller({ accountId: 'someone-else' }), { accountId: owner })).toBe(false)
  })
})
