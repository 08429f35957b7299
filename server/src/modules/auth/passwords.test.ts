import { describe, expect, it } from 'vitest'
import { decoyHash, hashPassword, PRODUCTION_PARAMS, verifyPassword } from './passwords'

describe('passwords', () => {
  it('hashes with scrypt at the production cost and a salt of its own each time', async () => {
    expect(PRODUCTION_PARAMS).toEqual({ N: 32768, r: 8, p: 1 })
    const first = await hashPassword('sakura-purikura-7', PRODUCTION_PARAMS)
    const second = await hashPassword('sakura-purikura-7', PRODUCTION_PARAMS)
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

  it('verifies a hash of either cost: the parameters travel with it', async () => {
    const cheap = await hashPassword('sakura-purikura-7')
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await verifyPassword('sakura-purikura-7', cheap)).toBe(true)
  })

  it('has a decoy no password matches', async () => {
    expect(await verifyPassword('', await decoyHash())).toBe(false)
  })
})
