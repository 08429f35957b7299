/** Rules about unsaved puris shared by server and web. No zod here: the web's first load may import it. */
import { apiPaths } from './api-paths'
import { addDays, daysLeft, monthDayJst } from './time'

/** How many items the unsaved summary carries. */
export const UNSAVED_SUMMARY_ITEMS = 3

/** The spec's save-by date: one day before the soonest expiry, as `MM-DD` in Japan time. */
export function saveByDate(soonestExpiry: Date): string {
  const { month, day } = monthDayJst(addDays(soonestExpiry, -1))
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** The summary's date fields for the soonest expiry (null when nothing is unsaved), from "now". */
export function unsavedDeadline(
  soonestExpiry: Date | null,
  now: Date,
): { soonestExpiryDays: number | null; saveByDate: string | null } {
  if (!soonestExpiry) return { soonestExpiryDays: null, saveByDate: null }
  return { soonestExpiryDays: daysLeft(soonestExpiry, now), saveByDate: saveByDate(soonestExpiry) }
}

/** The id an unsaved puri is known by (it has no image id): `{sealId}-{puriNumber}`. */
export function unsavedPuriId(sealId: string, puriNumber: number): string {
  return `${sealId}-${puriNumber}`
}

/** The address of an unsaved puri's watermarked preview, only to its owner. */
export function unsavedPreviewUrl(sealId: string, puriNumber: number): string {
  return apiPaths.unsavedImage.path.replace(':id', unsavedPuriId(sealId, puriNumber))
}

export function parseUnsavedPuriId(id: string): { sealId: string; puriNumber: number } | null {
  const match = /^([0-9A-HJKMNP-TV-Z]{10})-([1-9][0-9]?)$/.exec(id)
  if (!match) return null
  return { sealId: match[1]!, puriNumber: Number(match[2]) }
}
