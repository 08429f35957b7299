import { afterEach, describe, expect, it } from 'vitest'
import { describeDeadline, saveDeadline, saveDeadlineOf } from './deadline'

/** An instant given in Japan time, `2026-11-30T06:49` (seconds optional). */
const jst = (wire: string) => new Date(`${wire.length === 16 ? `${wire}:00` : wire}+09:00`)

/** A seal that expires on 12月1日 06:49: it is to be saved by 11月30日 06:49. */
const EXPIRY = jst('2026-12-01T06:49')

const at = (now: string) => saveDeadline(EXPIRY, jst(now))

describe('saveDeadline: what people are told, one day before the seal expires', () => {
  it('a week ahead: the date, the clock time and the days left', () => {
    expect(at('2026-11-23T06:49')).toMatchObject({
      state: 'open',
      when: '11月30日 06:49',
      left: 'あと7日',
      text: '11月30日 06:49まで（あと7日）',
    })
  })

  it('counts days by the Japan calendar, as the date reads, not by rounding up the hours', () => {
    // 3 days 1 h 49 min before: 11月30日 is three days after 11月27日.
    expect(at('2026-11-27T05:00').text).toBe('11月30日 06:49まで（あと3日）')
    // 2 days 20 h 49 min before, later the same day: still three calendar days.
    expect(at('2026-11-27T10:00').text).toBe('11月30日 06:49まで（あと3日）')
    // The next day, just after midnight in Japan.
    expect(at('2026-11-28T00:01').text).toBe('11月30日 06:49まで（あと2日）')
  })

  it('the day before: 「明日」, in days until the last 24 hours, then in hours', () => {
    expect(at('2026-11-29T06:49')).toMatchObject({ state: 'open', text: '明日 06:49まで（あと1日）' })
    expect(at('2026-11-29T06:49:01')).toMatchObject({ state: 'soon', text: '明日 06:49まで（あと23時間）' })
    expect(at('2026-11-29T23:30').text).toBe('明日 06:49まで（あと7時間）')
  })

  it('the day itself: 「本日」 and the hours left, rounded down, then minutes; never 「あと1日」', () => {
    expect(at('2026-11-30T00:00')).toMatchObject({ state: 'soon', text: '本日 06:49まで（あと6時間）' })
    expect(at('2026-11-30T04:50').text).toBe('本日 06:49まで（あと1時間）')
    expect(at('2026-11-30T04:49').text).toBe('本日 06:49まで（あと2時間）')
    expect(at('2026-11-30T05:49').text).toBe('本日 06:49まで（あと1時間）')
    expect(at('2026-11-30T05:49:01').text).toBe('本日 06:49まで（あと59分）')
    expect(at('2026-11-30T06:48:30').text).toBe('本日 06:49まで（あと1分）')
    for (const now of ['2026-11-30T04:49:01', '2026-11-30T06:00', '2026-11-30T06:48:59']) {
      expect(at(now).text, now).not.toContain('日）')
    }
  })

  it('past the save-by moment, the last day until the seal expires, stressed throughout', () => {
    expect(at('2026-11-30T06:49')).toMatchObject({ state: 'soon', text: '明日 06:49まで（あと1日）' })
    expect(at('2026-11-30T12:00')).toMatchObject({ state: 'soon', text: '明日 06:49まで（あと18時間）' })
    expect(at('2026-12-01T05:00')).toMatchObject({ state: 'soon', text: '本日 06:49まで（あと1時間）' })
    expect(at('2026-12-01T06:48:59').text).toBe('本日 06:49まで（あと1分）')
  })

  it('at the expiry and after it: over', () => {
    expect(at('2026-12-01T06:49')).toEqual({ state: 'passed', text: '保存期限を過ぎました' })
    expect(at('2027-01-10T00:00').state).toBe('passed')
  })

  it('across months and years, midnight written as 00:00', () => {
    const newYear = jst('2027-01-01T00:30')
    expect(saveDeadline(newYear, jst('2026-12-25T10:00')).text).toBe('12月31日 00:30まで（あと6日）')
    expect(describeDeadline(jst('2027-01-01T00:00'), jst('2026-12-31T23:10')).text).toBe(
      '明日 00:00まで（あと50分）',
    )
  })
})

describe('saveDeadline in any time zone of the device', () => {
  const original = process.env.TZ
  afterEach(() => {
    process.env.TZ = original
  })

  it('reads the same in Tokyo, Los Angeles, Kiritimati (UTC+14) and UTC', () => {
    const texts = ['Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'].map((zone) => {
      process.env.TZ = zone
      return [
        at('2026-11-23T06:49').text,
        at('2026-11-29T23:30').text,
        at('2026-11-30T00:10').text,
        at('2026-11-30T23:59').text,
      ]
    })
    for (const zoneTexts of texts) expect(zoneTexts).toEqual(texts[0])
    expect(texts[0]).toEqual([
      '11月30日 06:49まで（あと7日）',
      '明日 06:49まで（あと7時間）',
      '本日 06:49まで（あと6時間）',
      '明日 06:49まで（あと6時間）',
    ])
  })
})

describe('saveDeadlineOf: from the wire', () => {
  const realNow = jst('2026-11-23T06:49')

  it('counts from the real time without a clock, from the time-travel date with one', () => {
    expect(saveDeadlineOf('2026-12-01T06:49:00', null, realNow)?.text).toBe('11月30日 06:49まで（あと7日）')
    expect(saveDeadlineOf('2026-12-01T06:49:00', { date: '2026-11-30T04:49:00' }, realNow)?.text).toBe(
      '本日 06:49まで（あと2時間）',
    )
  })

  it('is null for a date it cannot read', () => {
    expect(saveDeadlineOf('soon', null, realNow)).toBeNull()
  })
})
