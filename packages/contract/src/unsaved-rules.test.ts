import { describe, expect, it } from 'vitest'
import {
  parseUnsavedPuriId,
  saveByDate,
  unsavedDeadline,
  unsavedPreviewUrl,
  unsavedPuriId,
} from './unsaved-rules'

describe('saveByDate', () => {
  it('is the day before the expiry, in Japan time', () => {
    // 2026-11-28 20:00 JST
    expect(saveByDate(new Date('2026-11-28T11:00:00Z'))).toBe('11-27')
  })
  it('uses the Japan date, not the UTC one', () => {
    // 2026-11-28 01:00 JST is still 11-27 in UTC
    expect(saveByDate(new Date('2026-11-27T16:00:00Z'))).toBe('11-27')
  })
  it('crosses month and year boundaries', () => {
    expect(saveByDate(new Date('2026-12-01T03:00:00Z'))).toBe('11-30')
    expect(saveByDate(new Date('2027-01-01T03:00:00Z'))).toBe('12-31')
    expect(saveByDate(new Date('2028-03-01T03:00:00Z'))).toBe('02-29')
  })
})

describe('unsavedDeadline', () => {
  const expiry = new Date('2026-11-27T11:00:00Z')
  it('counts days left rounded up, from the given now (time travel included)', () => {
    expect(unsavedDeadline(expiry, new Date('2026-11-20T03:00:00Z'))).toEqual({
      soonestExpiryDays: 8,
      saveByDate: '11-26',
    })
    expect(unsavedDeadline(expiry, new Date('2026-11-27T10:59:59Z')).soonestExpiryDays).toBe(1)
    expect(unsavedDeadline(expiry, new Date('2026-11-26T11:00:00Z')).soonestExpiryDays).toBe(1)
    expect(unsavedDeadline(expiry, new Date('2026-11-27T11:00:00Z')).soonestExpiryDays).toBe(0)
  })
  it('is null when nothing is unsaved', () => {
    expect(unsavedDeadline(null, new Date())).toEqual({ soonestExpiryDays: null, saveByDate: null })
  })
})

describe('unsaved puri ids', () => {
  it('round-trips and refuses anything else', () => {
    expect(parseUnsavedPuriId(unsavedPuriId('ABCDE12345', 3))).toEqual({
      sealId: 'ABCDE12345',
      puriNumber: 3,
    })
    for (const bad of [
      'ABCDE12345',
      'ABCDE12345-0',
      'ABCDE12345-100',
      'abcde12345-1',
      'ABCDE1234U-1',
      '../x-1',
    ]) {
      expect(parseUnsavedPuriId(bad), bad).toBeNull()
    }
  })
})

describe('unsavedPreviewUrl', () => {
  it("is the spec's unsaved-one call with the puri's id", () => {
    expect(unsavedPreviewUrl('ABCDE12345', 3)).toBe('/sp/2/images/unsaved/ABCDE12345-3')
  })
})
