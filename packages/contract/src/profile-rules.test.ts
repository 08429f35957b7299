import { describe, expect, it } from 'vitest'
import {
  ageOn,
  birthdayProblem,
  is25OrOver,
  japanDate,
  normalizeNickname,
  PREFECTURES,
  parseCalendarDate,
} from './profile-rules'

/** An instant at the given Japan wall-clock time. */
const jst = (text: string) => new Date(`${text}+09:00`)

describe('the 25-or-over check', () => {
  it('counts the birthday itself, on the Japan calendar', () => {
    expect(is25OrOver('2000-05-10', jst('2025-05-09T23:59:59'))).toBe(false)
    expect(is25OrOver('2000-05-10', jst('2025-05-10T00:00:00'))).toBe(true)
    expect(is25OrOver('2000-05-10', jst('2025-05-11T12:00:00'))).toBe(true)
    expect(ageOn('2000-05-10', jst('2025-05-10T00:00:00'))).toBe(25)
  })

  it('uses the day in Japan whatever the UTC date is', () => {
    // 15:00 UTC on 9 May is already 10 May in Japan.
    expect(is25OrOver('2000-05-10', new Date('2025-05-09T15:00:00Z'))).toBe(true)
    expect(is25OrOver('2000-05-10', new Date('2025-05-09T14:59:59Z'))).toBe(false)
  })

  it('gives someone born on 29 February a year more on 1 March in other years', () => {
    expect(is25OrOver('2000-02-29', jst('2025-02-28T12:00:00'))).toBe(false)
    expect(is25OrOver('2000-02-29', jst('2025-03-01T00:00:00'))).toBe(true)
    // In a leap year, on the day itself.
    expect(ageOn('1999-02-28', jst('2024-02-28T00:00:00'))).toBe(25)
    expect(ageOn('2000-02-29', jst('2028-02-28T12:00:00'))).toBe(27)
    expect(ageOn('2000-02-29', jst('2028-02-29T00:00:00'))).toBe(28)
  })

  it('follows "now" wherever it is set (time travel)', () => {
    const travelledTo = jst('2040-01-01T00:00:00')
    expect(is25OrOver('2014-12-31', jst('2026-11-20T12:00:00'))).toBe(false)
    expect(is25OrOver('2014-12-31', travelledTo)).toBe(true)
    expect(is25OrOver('2015-01-01', travelledTo)).toBe(true)
    expect(is25OrOver('2015-01-02', travelledTo)).toBe(false)
  })

  it('is false without a birthday or with one that is not a date', () => {
    expect(is25OrOver(null, jst('2026-11-20T12:00:00'))).toBe(false)
    expect(is25OrOver('1990-02-30', jst('2026-11-20T12:00:00'))).toBe(false)
    expect(is25OrOver('garbage', jst('2026-11-20T12:00:00'))).toBe(false)
  })
})

describe('birthdays', () => {
  const now = jst('2026-11-20T09:00:00')

  it('takes real days from 1900 up to today in Japan', () => {
    expect(birthdayProblem('1900-01-01', now)).toBeNull()
    expect(birthdayProblem('2026-11-20', now)).toBeNull()
    expect(birthdayProblem('2000-02-29', now)).toBeNull()
  })

  it('names what is wrong', () => {
    expect(birthdayProblem('2026-11-21', now)).toBe('IN_FUTURE')
    expect(birthdayProblem('1899-12-31', now)).toBe('TOO_EARLY')
    expect(birthdayProblem('2001-02-29', now)).toBe('NO_SUCH_DATE')
    expect(birthdayProblem('2001-13-01', now)).toBe('NO_SUCH_DATE')
    expect(birthdayProblem('2001-1-1', now)).toBe('MALFORMED')
    expect(birthdayProblem('２００１-01-01', now)).toBe('MALFORMED')
    expect(birthdayProblem('', now)).toBe('MALFORMED')
  })

  it('"today" is the Japan day: just after midnight in Japan, UTC is still yesterday', () => {
    const earlyMorning = jst('2026-11-21T00:30:00')
    expect(japanDate(earlyMorning)).toEqual({ year: 2026, month: 11, day: 21 })
    expect(birthdayProblem('2026-11-21', earlyMorning)).toBeNull()
  })

  it('parses calendar dates strictly', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 })
    expect(parseCalendarDate('2023-02-29')).toBeNull()
    expect(parseCalendarDate('2023-04-31')).toBeNull()
  })
})

describe('nicknames', () => {
  it('folds full-width forms, trims and squeezes spaces', () => {
    expect(normalizeNickname('　ＰＵＲＩ　　ちゃん ')).toEqual({ ok: true, value: 'PURI ちゃん' })
  })

  it('means "no nickname" when empty or null', () => {
    expect(normalizeNickname('   ')).toEqual({ ok: true, value: null })
    expect(normalizeNickname(null)).toEqual({ ok: true, value: null })
  })

  it('counts 20 characters as people see them: an emoji family is one', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'
    const twenty = `${'あ'.repeat(19)}${family}`
    expect(normalizeNickname(twenty)).toEqual({ ok: true, value: twenty })
    expect(normalizeNickname('🍓'.repeat(20))).toMatchObject({ ok: true })
    expect(normalizeNickname('あ'.repeat(21))).toEqual({ ok: false, problem: 'TOO_LONG' })
    expect(normalizeNickname('🍓'.repeat(21))).toEqual({ ok: false, problem: 'TOO_LONG' })
  })

  it('refuses a pile of combining marks even when it is "one character"', () => {
    expect(normalizeNickname(`a${'\u0301'.repeat(100)}`)).toEqual({ ok: false, problem: 'TOO_LONG' })
  })

  it('refuses control characters, bidi overrides and private-use characters', () => {
    for (const bad of [
      'ab\u0000c',
      'tab\there',
      'line\nbreak',
      'a\u202eb',
      'x\u2028y',
      'pua\ue63e',
      'a\u007fb',
    ]) {
      expect(normalizeNickname(bad), JSON.stringify(bad)).toEqual({ ok: false, problem: 'CONTROL_CHARACTER' })
    }
  })
})

describe('prefectures', () => {
  it('are the 47, once each', () => {
    expect(PREFECTURES).toHaveLength(47)
    expect(new Set(PREFECTURES).size).toBe(47)
    expect(PREFECTURES[0]).toBe('北海道')
    expect(PREFECTURES[46]).toBe('沖縄県')
  })
})
