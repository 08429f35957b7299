import { describe, expect, it } from 'vitest'
import { toInputValue, toWireDate } from './wire-date'

describe('time-travel dates', () => {
  it('turns the datetime-local value into the wire format', () => {
    expect(toWireDate('2030-01-02T03:04')).toBe('2030-01-02T03:04:00')
    expect(toWireDate('2030-01-02T03:04:05')).toBe('2030-01-02T03:04:05')
    expect(toWireDate('')).toBeNull()
  })

  it('starts the input at the time-travel date, else now in Japan time', () => {
    expect(toInputValue('2030-01-02T03:04:05')).toBe('2030-01-02T03:04:05')
    expect(toInputValue(null, new Date('2025-11-25T16:30:00Z'))).toBe('2025-11-26T01:30:00')
  })
})
