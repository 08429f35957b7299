import { describe, expect, it } from 'vitest'
import { digitsOf, writeDigits } from './machines.service'

describe("a near-me page's distances, written digit by digit", () => {
  it('writes every whole number of metres up to the search radius and past it as String() would', () => {
    const out = Buffer.alloc(12, 0x20)
    const wrong: string[] = []
    for (let metres = 0; metres <= 120_000; metres++) {
      const digits = digitsOf(metres)
      const end = writeDigits(out, 3, metres, digits)
      const written = out.toString('latin1', 3, end)
      if (digits !== String(metres).length || written !== String(metres)) wrong.push(`${metres}: ${written}`)
    }
    expect(wrong).toEqual([])
    // Nothing before where it was asked to write.
    expect(out.toString('latin1', 0, 3)).toBe('   ')
  })
})
