import { describe, expect, it } from 'vitest'
import { decoyHash, hashPassword, verifyPassword } from './passwords'

describe('passwords', () => {
  it('hashes with scrypt and a salt of its own each time', async () => {
    const first = await hashPassword('sakura-purikura-7')
    const second = await hashPassword('sakura-purikura-7')
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(first).not.toBe(second)
    expect(await verifyPassword('sakura-purikura-7', first)).toBe(true)
    expect(await verifyPassword('sakura-purikura-8', first)).toBe(false)
  })

  it('treats full-width input as its half-width form (NFKC), as it was typed at sign-up', async () => {
    const stored = await hashPassword('abc12345')
    expect(await verifyPassword('ａｂｃ１２３４５', stored)).toBe(true)
  })

  it('refuses stored values it does not understand instead of throwing', async () => {
    expect(await verifyPassword('x', '')).toBe(false)
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false)
  })

  it('has a decoy no password matches', async () => {
    expect(await verifyPassword('', await decoyHash())).toBe(false)
  })
})
