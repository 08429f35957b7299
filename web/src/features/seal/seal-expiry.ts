import { daysLeft, formatJst, monthDayJst, parseJst } from '@puribox/contract/time'
import type { Clock } from '@puribox/contract/wrapper'
import { nowFor } from '../../lib/clock'

export interface SealExpiry {
  /** Whole days left to save, rounded up; 0 once expired. */
  daysLeft: number
  month: number
  day: number
  /** `HH:mm`, Japan time. */
  time: string
}

/**
 * How long the pictures of a seal can still be saved. "Now" is the time-travel date when the answer
 * carried a clock, else the real time (DESIGN §4). The guest preview shows the exact expiry; the
 * member unsaved summary's save-by date (month-day, one day before the soonest expiry, spec §3 and
 * §9) is a different rule, not this one.
 */
export function sealExpiry(
  seal: { sealExpireDate: string; clock: Clock },
  realNow: Date = new Date(),
): SealExpiry | null {
  const expiry = parseJst(seal.sealExpireDate)
  if (!expiry) return null
  return {
    daysLeft: daysLeft(expiry, nowFor(seal.clock, realNow)),
    ...monthDayJst(expiry),
    time: formatJst(expiry).slice(11, 16),
  }
}

/**
 * The spec's save-by date of a seal's unsaved puris (month and day, one day before the seal expires,
 * Japan time): what a mini member is told to become premium by.
 */
export function saveByMonthDay(sealExpireDate: string): { month: number; day: number } | null {
  const expiry = parseJst(sealExpireDate)
  return expiry ? monthDayJst(new Date(expiry.getTime() - 24 * 60 * 60 * 1000)) : null
}
