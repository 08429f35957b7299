import { describe, expect, it } from 'vitest'
import './zod-without-eval'

describe('zod-without-eval', () => {
  it('turns on the jitless setting Zod itself reads, so no schema tries eval', async () => {
    const { config, z } = await import('zod')
    expect(config().jitless).toBe(true)
    // And parsing works as ever without it.
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true)
    expect(z.object({ a: z.number() }).safeParse({ a: '1' }).success).toBe(false)
  })
})
