import { describe, expect, it } from 'vitest'
import { accountDeletionStatus } from './account-deletion.policy'

describe('accountDeletionStatus', () => {
  it('allows a member who is not paying; an official account never; a paying one after cancelling', () => {
    expect(accountDeletionStatus({ official: false }, false)).toBe('ALLOWED')
    expect(accountDeletionStatus({ official: false }, true)).toBe('PREMIUM_ACTIVE')
    // Official first: cancelling would not make it deletable.
    expect(accountDeletionStatus({ official: true }, true)).toBe('OFFICIAL')
    expect(accountDeletionStatus({ official: true }, false)).toBe('OFFICIAL')
  })
})
