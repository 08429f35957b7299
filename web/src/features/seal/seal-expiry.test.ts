import { describe, expect, it } from 'vitest'
import { saveByMonthDay, sealExpiry } from './seal-expiry'

describe('sealExpiry', () => {
  const realNow = new Date('2025-11-25T01:00:00Z') // 10:00 in Japan

  it('counts days left from the real time when there is no clock', () => {
    const expiry = sealExpiry({ sealExpireDate: '2025-11-28T14:05:00', clock: null }, realNow)
    // 3 days 4 h 5 min left → 4 (rounded up)
    expect(expiry).toEqual({ daysLeft: 4, month: 11, day: 28, time: '14:05' })
  })

  it('counts from the time-travel date when the answer carries a clock', () => {
    const seal = { sealExpireDate: '2025-11-28T14:05:00', clock: { date: '2025-11-28T09:00:00' } }
    expect(sealExpiry(seal, realNow)?.daysLeft).toBe(1)
    expect(sealExpiry({ ...seal, clock: { date: '2025-11-28T14:05:00' } }, realNow)?.daysLeft).toBe(0)
    expect(sealExpiry({ ...seal, clock: { date: '2025-12-10T00:00:00' } }, realNow)?.daysLeft).toBe(0)
  })

  it('is null for a date it cannot read', () => {
    expect(sealExpiry({ sealExpireDate: 'soon', clock: null }, realNow)).toBeNull()
  })
})

describe('saveByMonthDay', () => {
  it('is the day before the expiry, in Japan', () => {
    expect(saveByMonthDay('2025-11-28T14:05:00')).toEqual({ month: 11, day: 27 })
    expect(saveByMonthDay('2026-03-01T00:30:00')).toEqual({ month: 2, day: 28 })
  })
  it('is null for a date it cannot read', () => {
    expect(saveByMonthDay('soon')).toBeNull()
  })
})
