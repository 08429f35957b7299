/**
 * Times cross the API as `YYYY-MM-DDTHH:mm:ss` in Japan time (Asia/Tokyo). Japan has had no
 * daylight saving since 1951, so Japan time is UTC+9 all year and a fixed offset is exact.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const WIRE_FORMAT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/

export function formatJst(instant: Date): string {
  return new Date(instant.getTime() + JST_OFFSET_MS).toISOString().slice(0, 19)
}

/** Parses the wire format as Japan time. Null for anything else, including impossible dates. */
export function parseJst(text: string): Date | null {
  const match = WIRE_FORMAT.exec(text)
  if (!match) return null
  const instant = new Date(`${text}+09:00`)
  if (Number.isNaN(instant.getTime()) || formatJst(instant) !== text) return null
  return instant
}

/** The Japan calendar day of `instant` (`YYYY-MM-DD`): what counts "per day" count by. */
export function japanDay(instant: Date): string {
  return formatJst(instant).slice(0, 10)
}

/** Whole days left until `expiry`, rounded up: 1 until the last moment, 0 once expired. */
export function daysLeft(expiry: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS))
}

/** Month and day in Japan time, for "save by" dates (`{ month: 11, day: 28 }`). */
export function monthDayJst(instant: Date): { month: number; day: number } {
  const shifted = new Date(instant.getTime() + JST_OFFSET_MS)
  return { month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }
}

export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS)
}
