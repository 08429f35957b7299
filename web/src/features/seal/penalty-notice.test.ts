import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { pauseEnd, pauseEndMessage, purigetStandingOf, triesLeftWarning } from './penalty-notice'

const at = (japanTime: string) => new Date(`${japanTime}+09:00`)

describe('purigetStandingOf', () => {
  const failed = (penalty: unknown) => new ApiError('SEAL_NOT_FOUND', 404, 'x', { details: { penalty } })

  it("reads the error's penalty when it has the contract's shape", () => {
    const paused = { triesLeft: 0, stopsWith: 'YELLOW', pausedUntil: '2026-11-20T18:40:00' }
    expect(purigetStandingOf(failed(paused))).toEqual(paused)
    const red = { triesLeft: 2, stopsWith: 'RED', pausedUntil: null }
    expect(purigetStandingOf(failed(red))).toEqual(red)
  })

  it.each([
    undefined,
    null,
    'two',
    { triesLeft: -1, stopsWith: 'YELLOW', pausedUntil: null },
    { triesLeft: 1.5, stopsWith: 'YELLOW', pausedUntil: null },
    { triesLeft: 2, stopsWith: 'BLUE', pausedUntil: null },
    { triesLeft: 2, stopsWith: 'RED', pausedUntil: 7 },
  ])('reads %j as not said', (penalty) => {
    expect(purigetStandingOf(failed(penalty))).toBeNull()
  })

  it('is null for anything but an API error', () => {
    expect(purigetStandingOf(new Error('x'))).toBeNull()
  })
})

describe('triesLeftWarning', () => {
  it('warns from three tries left, naming what comes next', () => {
    expect(triesLeftWarning({ triesLeft: 4, stopsWith: 'YELLOW', pausedUntil: null })).toBeNull()
    expect(triesLeftWarning({ triesLeft: 3, stopsWith: 'YELLOW', pausedUntil: null })).toBe(
      'あと3回まちがえると、しばらくシールIDを入力できなくなります。',
    )
    expect(triesLeftWarning({ triesLeft: 1, stopsWith: 'RED', pausedUntil: null })).toBe(
      'あと1回まちがえると、このアカウントではシールIDを入力できなくなります。',
    )
    expect(triesLeftWarning({ triesLeft: 0, stopsWith: 'YELLOW', pausedUntil: null })).toBeNull()
  })
})

describe('pauseEnd', () => {
  const now = at('2026-11-20T18:00:00')

  it("takes the answer's end, rounded up to the minute so it is never a moment early", () => {
    expect(pauseEnd({ pausedUntil: '2026-11-20T18:40:00', retryAfterSeconds: 5 }, now)).toEqual(
      at('2026-11-20T18:40:00'),
    )
    expect(pauseEnd({ pausedUntil: '2026-11-20T18:39:01', retryAfterSeconds: null }, now)).toEqual(
      at('2026-11-20T18:40:00'),
    )
  })

  it('else counts Retry-After from now; else does not know', () => {
    expect(pauseEnd({ pausedUntil: null, retryAfterSeconds: 700 }, now)).toEqual(at('2026-11-20T18:12:00'))
    expect(pauseEnd({ pausedUntil: 'soon', retryAfterSeconds: null }, now)).toBeNull()
    expect(pauseEnd({ pausedUntil: null, retryAfterSeconds: null }, now)).toBeNull()
  })
})

describe('pauseEndMessage', () => {
  it('says the clock time in Japan time, with the day when it is not today', () => {
    const now = at('2026-11-20T23:30:00')
    expect(pauseEndMessage(at('2026-11-20T23:59:00'), now)).toBe('本日 23:59から入力できます。')
    expect(pauseEndMessage(at('2026-11-21T00:30:00'), now)).toBe('明日 00:30から入力できます。')
    expect(pauseEndMessage(at('2026-11-23T09:05:00'), now)).toBe('11月23日 09:05から入力できます。')
    expect(pauseEndMessage(null, now)).toBe('1時間以内に、また入力できるようになります。')
  })
})
