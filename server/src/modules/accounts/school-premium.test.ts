import { describe, expect, it } from 'vitest'
import { schoolPremiumEnd } from './school-premium'

/** An instant given as Japan's wall clock. */
const jst = (text: string) => new Date(`${text}+09:00`)

describe('schoolPremiumEnd', () => {
  it('ends at 1 April 00:00 JST after the third school year, by the grade on the day', () => {
    const on = jst('2026-11-20T12:00:00')
    expect(schoolPremiumEnd(3, on)).toEqual(jst('2027-04-01T00:00:00'))
    expect(schoolPremiumEnd(2, on)).toEqual(jst('2028-04-01T00:00:00'))
    expect(schoolPremiumEnd(1, on)).toEqual(jst('2029-04-01T00:00:00'))
  })

  it('31 March is still the last school year, 1 April the new one (in Japan’s time, not UTC)', () => {
    // 31 March 23:59 JST: the school year that started in April 2026 is ending.
    expect(schoolPremiumEnd(3, jst('2027-03-31T23:59:59'))).toEqual(jst('2027-04-01T00:00:00'))
    expect(schoolPremiumEnd(1, jst('2027-03-31T23:59:59'))).toEqual(jst('2029-04-01T00:00:00'))
    // 1 April 00:00 JST (still 31 March in UTC): a new school year.
    expect(schoolPremiumEnd(3, jst('2027-04-01T00:00:00'))).toEqual(jst('2028-04-01T00:00:00'))
    expect(schoolPremiumEnd(1, jst('2027-04-01T08:59:59'))).toEqual(jst('2030-04-01T00:00:00'))
  })

  it('from 1 January to 31 March the school year began the calendar year before', () => {
    expect(schoolPremiumEnd(2, jst('2027-01-01T00:00:00'))).toEqual(jst('2028-04-01T00:00:00'))
    expect(schoolPremiumEnd(2, jst('2026-12-31T23:59:59'))).toEqual(jst('2028-04-01T00:00:00'))
  })

  it('a third-year pupil on 31 March has premium until that night only, a leap year’s end included', () => {
    const on = jst('2028-03-31T10:00:00')
    expect(schoolPremiumEnd(3, on)).toEqual(jst('2028-04-01T00:00:00'))
    expect(schoolPremiumEnd(3, on).getTime() - on.getTime()).toBe(14 * 60 * 60 * 1000)
  })
})
