import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { canSeeUnsavedPuris } from './saving.policy'

describe('canSeeUnsavedPuris', () => {
  it('a mini member has unsaved puris to see; a premium member has saved them all', () => {
    expect(canSeeUnsavedPuris(buildMemberCaller({ membership: 'MINI' }))).toBe(true)
    expect(canSeeUnsavedPuris(buildMemberCaller({ membership: 'PREMIUM' }))).toBe(false)
  })
})
