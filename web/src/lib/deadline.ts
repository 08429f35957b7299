import { addDays, formatJst, parseJst } from '@puribox/contract/time'
import type { Clock } from '@puribox/contract/wrapper'
import deadlineMessages from '../locales/ja/deadline.json'
import { nowFor } from './clock'
import { createTranslator } from './i18n'

/** The words of deadlines, loaded with the screens that show one, not with the first load. */
const t = createTranslator({ deadline: deadlineMessages })

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const JST_OFFSET_MS = 9 * HOUR_MS

/**
 * How a seal's deadline reads (decision 0037, which shows the Japanese forms; the words are
 * `locales/ja/deadline.json`). Every screen that shows one takes it from here.
 *
 * - `when`: the moment as a person says it: month, day and clock time, or "tomorrow" or "today"
 *   and the clock time, for sentences that add their own particle ("by … become premium");
 * - `left`: the time left, in days (Japan calendar days) or, under a day, in hours and under an
 *   hour in minutes (rounded down: never more time than there is);
 * - `until`: "until {when}", and `text`, the label with the time left in brackets;
 * - `soon`: under a day left (the screens stress it).
 */
export type Deadline =
  | {
      state: 'open' | 'soon'
      at: Date
      when: string
      until: string
      left: string
      /** `left` in brackets, as the label puts it after `until`. */
      bracketed: string
      text: string
    }
  | { state: 'passed'; text: string }

/** Days since the epoch of the Japan calendar day an instant falls on. */
function japanDay(instant: Date): number {
  return Math.floor((instant.getTime() + JST_OFFSET_MS) / DAY_MS)
}

/** A moment ahead of `now`, in the forms above. Japan time, whatever the device's zone. */
export function describeDeadline(at: Date, now: Date): Deadline {
  const remaining = at.getTime() - now.getTime()
  if (remaining <= 0) return { state: 'passed', text: t('deadline.passed') }
  const days = japanDay(at) - japanDay(now)
  const wire = formatJst(at)
  const time = wire.slice(11, 16)
  const when =
    days === 0
      ? t('deadline.today', { time })
      : days === 1
        ? t('deadline.tomorrow', { time })
        : t('deadline.date', { month: Number(wire.slice(5, 7)), day: Number(wire.slice(8, 10)), time })
  let left: string
  if (remaining < HOUR_MS)
    left = t('deadline.minutesLeft', { minutes: Math.max(1, Math.floor(remaining / 60_000)) })
  else if (remaining < DAY_MS) left = t('deadline.hoursLeft', { hours: Math.floor(remaining / HOUR_MS) })
  else left = t('deadline.daysLeft', { days })
  const until = t('deadline.until', { when })
  const bracketed = t('deadline.bracketed', { left })
  return {
    state: remaining < DAY_MS ? 'soon' : 'open',
    at,
    when,
    until,
    left,
    bracketed,
    text: t('deadline.label', { until, bracketed }),
  }
}

/**
 * The deadline people are told for saving a seal's pictures: the spec's save-by moment, one day
 * before the seal expires (what a free member must become premium by, with a day's margin for the
 * payment to go through). Once it has passed, the seal can still be saved until it expires, and the
 * screens then tell that moment instead (its last day), so nothing reads as over while it can still
 * be kept.
 */
export function saveDeadline(sealExpiry: Date, now: Date): Deadline {
  const saveBy = addDays(sealExpiry, -1)
  if (now < saveBy) return describeDeadline(saveBy, now)
  const last = describeDeadline(sealExpiry, now)
  // The last day: stressed from its first moment (24 hours left exactly still reads as one day).
  return last.state === 'passed' ? last : { ...last, state: 'soon' }
}

/**
 * `saveDeadline` of a seal's wire expiry (`sealExpireDate`, `expiringAt`), "now" being the
 * time-travel date when the answer carried a clock. Null for a date it cannot read.
 */
export function saveDeadlineOf(
  sealExpireDate: string,
  clock: Clock,
  realNow: Date = new Date(),
): Deadline | null {
  const expiry = parseJst(sealExpireDate)
  return expiry ? saveDeadline(expiry, nowFor(clock, realNow)) : null
}
