import { z } from 'zod'
import { machineSchema } from './seals'
import { wrapped } from './wrapper'

/**
 * My page: the member's saved pictures, newest play first, a play being one seal the
 * member saved. Paths and sizes are fixed here so the server and the web app agree.
 */
export const MYPAGE_LIMITS = {
  /** Plays per page of `GET /sp/2/mypage/plays`. */
  playsPerPage: 10,
  /**
   * Thumbnails in a row of my page's grid: the first row of the newest play is the page's LCP, so
   * the server announces it in the page and the boot script preloads it.
   */
  thumbnailsPerRow: 3,
} as const

const wireDate = z.string().describe('YYYY-MM-DDTHH:mm:ss, Japan time')

/** The files of a saved picture (`/sp/2/mypage/image/{id}` with a suffix per size). */
export const savedImageSizes = ['thumb', 'qvga', 'medium', 'original'] as const
export type SavedImageSize = (typeof savedImageSizes)[number]

const suffix: Record<SavedImageSize, string> = {
  thumb: '_thumb',
  qvga: '_qvga',
  medium: '_medium',
  original: '',
}

/** `/sp/2/mypage/image/{imageId}_thumb.jpg` and its siblings. Served only to the owner. */
export function savedImageUrl(imageId: string, size: SavedImageSize): string {
  return `/sp/2/mypage/image/${imageId}${suffix[size]}.jpg`
}

/** The image id and size of a `/sp/2/mypage/image/{file}` name, or null. */
export function parseSavedImageFile(file: string): { imageId: string; size: SavedImageSize } | null {
  const match =
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(_thumb|_qvga|_medium)?\.jpg$/.exec(file)
  if (!match) return null
  const found = savedImageSizes.find((size) => suffix[size] === (match[2] ?? ''))
  return found ? { imageId: match[1] as string, size: found } : null
}

export const savedImageSchema = z.object({
  imageId: z.string(),
  puriNumber: z.number().int(),
  /** A raw (pre-doodle) picture: marked on my page. */
  rawPuri: z.boolean(),
  savedAt: wireDate,
  thumbnailUrl: z.string(),
  qvgaUrl: z.string(),
  mediumUrl: z.string(),
  originalUrl: z.string(),
})
export type SavedImage = z.infer<typeof savedImageSchema>

/**
 * A picture of the play this (free) member has not saved, shown locked: never the picture itself,
 * only its watermarked preview, until the seal expires.
 */
export const unsavedPuriSchema = z.object({
  puriNumber: z.number().int(),
  /** A raw (pre-doodle) picture. */
  rawPuri: z.boolean(),
  /** `GET /sp/2/images/unsaved/{sealId}-{puriNumber}`: the watermarked preview, only to this member. */
  previewUrl: z.string(),
})
export type UnsavedPuri = z.infer<typeof unsavedPuriSchema>

export const savedPlaySchema = z.object({
  sealId: z.string(),
  shotAt: wireDate,
  machine: machineSchema,
  /** When this member saved the seal; plays are listed newest first by it. */
  registeredAt: wireDate,
  sealExpireDate: wireDate,
  /** The saved pictures of the play, by puri number. */
  images: z.array(savedImageSchema),
  /** Pictures of the play this (mini) member has not saved; they go when the seal expires. */
  unsavedCount: z.number().int().min(0),
  /**
   * Those pictures by puri number, for a free member while the seal lives (empty otherwise): my page
   * shows them locked next to the saved ones. Optional: an addition to the spec's play.
   */
  unsavedPuris: z.array(unsavedPuriSchema).optional(),
  /** Every saved picture of the play as one ZIP (originals). */
  zipUrl: z.string(),
})
export type SavedPlay = z.infer<typeof savedPlaySchema>

/** `GET /sp/2/mypage/plays?page=N`: the spec's paged list of plays. */
export const savedPlaysQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export const savedPlaysPageSchema = z.object({
  totalCount: z.number().int().min(0),
  currentPage: z.number().int().min(1),
  totalPage: z.number().int().min(0),
  items: z.array(savedPlaySchema),
})
export type SavedPlaysPage = z.infer<typeof savedPlaysPageSchema>
export const savedPlaysResponse = wrapped(savedPlaysPageSchema)

/** `GET /sp/2/mypage/image/:file` (`{imageId}_thumb.jpg` …). */
export const savedImageParamsSchema = z.object({ file: z.string().min(1).max(80) })

/** `GET /sp/2/mypage/plays/:sealId/zip`. */
export const playZipParamsSchema = z.object({ sealId: z.string().min(1).max(64) })

/** The ZIP of a play: `puribox-{sealId}.zip`, entries `{sealId}-{puriNumber}[-raw].jpg`. */
export function playZipUrl(sealId: string): string {
  return `/sp/2/mypage/plays/${sealId}/zip`
}

/**
 * `GET /sp/2/mypage/zip`: every saved picture of the member as one ZIP, a folder per play
 * (`{YYYY-MM-DD}_{sealId}/{sealId}-{puriNumber}[-raw].jpg`), offered before leaving.
 */
export const SAVED_ZIP_URL = '/sp/2/mypage/zip'
export const SAVED_ZIP_FILE_NAME = 'puribox-puri.zip'
