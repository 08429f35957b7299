import { EXTERNAL_AUTH_FAILURES } from '@puribox/contract/external-auth'
import { describe, expect, it } from 'vitest'
import externalAuth from '../../locales/ja/externalAuth.json'
import { externalAuthFailureMessage } from './external-auth-failure'

describe('externalAuthFailureMessage', () => {
  it('has a Japanese sentence of its own for every reason the server sends', () => {
    const generic = externalAuth.failure.generic
    for (const reason of EXTERNAL_AUTH_FAILURES) {
      const message = externalAuthFailureMessage(reason)
      expect(message, reason).not.toBe(generic)
      expect(message, reason).toMatch(/[ぁ-んァ-ン]/)
    }
  })

  it('reads a missing or unknown reason as the generic one', () => {
    for (const reason of [null, undefined, '', 'toString', 'NOT_A_REASON']) {
      expect(externalAuthFailureMessage(reason)).toBe(externalAuth.failure.generic)
    }
  })
})
