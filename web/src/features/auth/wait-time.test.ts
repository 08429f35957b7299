import { describe, expect, it } from 'vitest'
import { formatWait } from './wait-time'

describe('formatWait', () => {
  it.each([
    [0, '1分'],
    [1, '1分'],
    [59, '1分'],
    [60, '1分'],
    [61, '2分'],
    [12 * 60, '12分'],
    [11 * 60 + 1, '12分'],
    [59 * 60, '59分'],
    [59 * 60 + 1, '1時間'],
    [3600, '1時間'],
    [3601, '1時間1分'],
    [75 * 60, '1時間15分'],
    [2 * 3600, '2時間'],
    [25 * 3600 + 30 * 60, '25時間30分'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text)
  })
})
