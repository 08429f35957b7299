import { describe, expect, it } from 'vitest'
import type { PersonCaller } from '../../http/caller'
import { bearerToken, createAdTokens } from './ad-tokens'

const guest: PersonCaller = { kind: 'guest', sessionHash: null, ip: '192.0.2.1', otherSite: false }
const member = (sessionHash: string, accountId = 'a1'): PersonCaller => ({
  kind: 'member',
  accountId,
  membership: 'MINI',
  sessionHash,
  ip: '192.0.2.1',
})

describe('ad tokens', () => {
  const tokens = createAdTokens('a secret for tests')

  it("a member's token stands for the account, only with the session it was made from", () => {
    const token = tokens.forSession('hash-1')
    expect(tokens.viewerOf(token, member('hash-1'))).toEqual({ key: 'a1', accountId: 'a1' })
    expect(tokens.viewerOf(token, member('hash-2'))).toBeNull()
    expect(tokens.viewerOf(token, guest)).toBeNull()
    // Another secret (a rotated one) makes it nobody's.
    expect(createAdTokens('another secret').viewerOf(token, member('hash-1'))).toBeNull()
  })

  it("a guest's token names a viewer the server signed, and is nobody's when made up or changed", () => {
    const token = tokens.newGuest()
    const id = token.split('.')[1]
    expect(tokens.viewerOf(token, guest)).toEqual({ key: `g:${id}`, accountId: null })
    expect(tokens.isGuestToken(token)).toBe(true)
    expect(tokens.viewerOf(token, member('hash-1'))).toBeNull()
    const [version, viewer, mac] = token.split('.') as [string, string, string]
    for (const forged of [
      `${version}.${viewer.replace(/^./, viewer[0] === 'A' ? 'B' : 'A')}.${mac}`,
      `${version}.${viewer}.${mac.slice(0, -1)}`,
      `g2.${viewer}.${mac}`,
      `${token}.extra`,
      `g1.${viewer}`,
      `g1..${mac}`,
      '',
      '.',
      's1.',
      'x'.repeat(10_000),
    ]) {
      expect(tokens.viewerOf(forged, guest), forged.slice(0, 40)).toBeNull()
      expect(tokens.isGuestToken(forged)).toBe(false)
    }
    expect(tokens.newGuest()).not.toBe(token)
  })

  it('reads the bearer of an Authorization header, and nothing else', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def')
    expect(bearerToken('bearer abc')).toBe('abc')
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'abc']) {
      expect(bearerToken(header), String(header)).toBeNull()
    }
  })
})
