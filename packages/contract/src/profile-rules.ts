/** Profile rules shared by server and web. No zod here, so the web's profile screen does not bundle it. */
import { formatJst } from './time'

/** Limits of the profile, shared by the server's checks and the form's own. */
export const PROFILE_LIMITS = {
  /** Characters as a person counts them (an emoji with its modifiers is one). */
  nicknameMax: 20,
  /** A cap on the stored length whatever the characters (combining marks pile up otherwise). */
  nicknameMaxCodeUnits: 80,
  birthdayMinYear: 1900,
  imageMaxBytes: 10 * 1024 * 1024,
  /** Pixels decoded at most: a 10 MB file can still claim to be a gigapixel. */
  imageMaxPixels: 50_000_000,
  /** The stored profile image is a square JPEG of this side. */
  imageSide: 512,
} as const

/** The multipart field of POST /sp/profile/image. */
export const PROFILE_IMAGE_FIELD = 'image'
/** The multipart text field of `POST /sp/profile` that carries the profile's fields as JSON. */
export const PROFILE_FIELDS_PART = 'profile'
/** Bytes at most of that JSON text (four short fields). */
export const PROFILE_FIELDS_PART_MAX_BYTES = 4096

/** The age the 25-or-over check is about (ads are aimed by it). */
export const AGE_THRESHOLD = 25

/** The 47 prefectures, north to south (JIS X 0401 order). `prefectureName` is one of these. */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const
export type PrefectureName = (typeof PREFECTURES)[number]

/** null: not answered. */
export const GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const
export type Gender = (typeof GENDERS)[number]

// Nickname ----------------------------------------------------------------------------------------

export type NicknameProblem = 'TOO_LONG' | 'CONTROL_CHARACTER'

/**
 * Characters a nickname may not hold: control characters, lone surrogates, private-use code points
 * (old carrier emoji that show as boxes elsewhere), line and paragraph separators, and the bidi
 * controls that can make a name read backwards. The zero-width joiner stays: emoji need it.
 */
const FORBIDDEN_IN_NICKNAME = /[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u

function countCharacters(text: string): number {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let count = 0
    for (const _ of new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(text)) count++
    return count
  }
  return [...text].length
}

/**
 * A nickname as typed → what is stored: NFKC (full-width letters and spaces folded), trimmed, runs of
 * spaces made one. Empty means no nickname (null): the pages show their default nickname instead.
 */
export function normalizeNickname(
  input: string | null,
): { ok: true; value: string | null } | { ok: false; problem: NicknameProblem } {
  if (input === null) return { ok: true, value: null }
  const trimmed = input.normalize('NFKC').trim()
  if (FORBIDDEN_IN_NICKNAME.test(trimmed)) return { ok: false, problem: 'CONTROL_CHARACTER' }
  const value = trimmed.replace(/ {2,}/g, ' ')
  if (value.length === 0) return { ok: true, value: null }
  if (
    value.length > PROFILE_LIMITS.nicknameMaxCodeUnits ||
    countCharacters(value) > PROFILE_LIMITS.nicknameMax
  ) {
    return { ok: false, problem: 'TOO_LONG' }
  }
  return { ok: true, value }
}

// Birthday and age ---------------------------------------------------------------------------------

export interface CalendarDate {
  year: number
  month: number
  day: number
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** `YYYY-MM-DD` → its parts, or null when malformed or not a day of the calendar (30 February). */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null
  }
  return { year, month, day }
}

export function formatCalendarDate(date: CalendarDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0')
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`
}

/** The day `instant` falls on in Japan. */
export function japanDate(instant: Date): CalendarDate {
  return parseCalendarDate(formatJst(instant).slice(0, 10))!
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

export type BirthdayProblem = 'MALFORMED' | 'NO_SUCH_DATE' | 'IN_FUTURE' | 'TOO_EARLY'

/** Why a birthday is refused, or null: a real day, not after today in Japan, not before 1900. */
export function birthdayProblem(birthday: string, now: Date): BirthdayProblem | null {
  if (!ISO_DATE.test(birthday)) return 'MALFORMED'
  const date = parseCalendarDate(birthday)
  if (!date) return 'NO_SUCH_DATE'
  if (date.year < PROFILE_LIMITS.birthdayMinYear) return 'TOO_EARLY'
  if (compareDates(date, japanDate(now)) > 0) return 'IN_FUTURE'
  return null
}

/**
 * Full years of age on the Japan calendar day of `now`, the birthday itself counting (born
 * 2000-05-10: 25 from 2025-05-10). Someone born on 29 February gets a year older on 1 March in
 * other years, as Japanese law counts it (the year is complete at the end of 28 February). Null for
 * a birthday that is not a date.
 */
export function ageOn(birthday: string, now: Date): number | null {
  const born = parseCalendarDate(birthday)
  if (!born) return null
  const today = japanDate(now)
  const hadBirthday = today.month > born.month || (today.month === born.month && today.day >= born.day)
  return today.year - born.year - (hadBirthday ? 0 : 1)
}

/** The spec's 25-or-over check, from the birthday and "now" (the time-travel date when set). */
export function is25OrOver(birthday: string | null, now: Date): boolean {
  if (birthday === null) return false
  const age = ageOn(birthday, now)
  return age !== null && age >= AGE_THRESHOLD
}
