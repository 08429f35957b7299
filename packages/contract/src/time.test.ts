import { describe, expect, it } from 'vitest'
import { daysLeft, formatJst, monthDayJst, parseJst } from './time'

describe('Japan time on the wire', () => {
  it('formats an instant in Japan time whatever the process zone', () => {
    expect(formatJst(new Date('2026-11-20T15:30:05Z'))).toBe('2026-11-21T00:30:05')
  })

  it('parses the wire format back to the same instant, and refuses anything else', () => {
    expect(parseJst('2026-11-21T00:30:05')?.toISOString()).toBe('2026-11-20T15:30:05.000Z')
    for (const bad of ['2026-02-29T00:00:00', '2026-11-21', '2026-11-21T24:00:00', '2026-11-21T00:30:05Z']) {
      expect(parseJst(bad), bad).toBeNull()
    }
  })

  it('counts days left rounding up, zero once expired', () => {
    const expiry = new Date('2026-11-27T11:00:00Z')
    expect(daysLeft(expiry, new Date('2026-11-20T11:00:00Z'))).toBe(7)
    expect(daysLeft(expiry, new Date('2026-11-20T11:00:01Z'))).toBe(7)
    expect(daysLeft(expiry, new Date('2026-11-27T10:59:59Z'))).toBe(1)
    expect(daysLeft(expiry, expiry)).toBe(0)
    expect(daysLeft(expiry, new Date('2026-12-01T00:00:00Z'))).toBe(0)
  })

  it('gives month and day in Japan time', () => {
    expect(monthDayJst(new Date('2026-12-31T15:00:00Z'))).toEqual({ month: 1, day: 1 })
  })
})
