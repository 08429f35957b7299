import { describe, expect, it } from 'vitest'
import { memberCaller } from '../../test/callers'
import { canSeeUnsavedPuris } from './saving.policy'

describe('canSeeUnsavedPuris', () => {
  it('a mini member has unsaved puris to see; a premium member has saved them all', () => {
    expect(canSeeUnsavedPuris(memberCaller({ membership: 'MINI' }))).toBe(true)
    expect(canSeeUnsavedPuris(memberCaller({ membership: 'PREMIUM' }))).toBe(false)
  })
})
