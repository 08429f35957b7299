import { describe, expect, it } from 'vitest'
import { sameHash, sha256 } from './hash'

describe('sha256', () => {
  it('answers the standard digest, in the encoding each stored hash was written in', () => {
    // FIPS 180-2's example: hashes stored before this module must still be found.
    expect(sha256('abc', 'hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256('abc', 'base64url')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0')
  })

  it('hashes the UTF-8 bytes of the text', () => {
    expect(sha256('プリ', 'hex')).toBe('57719428d22259d829f67515cf4b1d65bd9c63f229f10d6a98698c1812da8f36')
  })
})

describe('sameHash', () => {
  it('is true only for the same text', () => {
    const hash = sha256('a session id', 'base64url')
    expect(sameHash(hash, sha256('a session id', 'base64url'))).toBe(true)
    expect(sameHash(hash, sha256('another session id', 'base64url'))).toBe(false)
    expect(sameHash(hash, hash.slice(1))).toBe(false)
    expect(sameHash('', '')).toBe(true)
  })
})
