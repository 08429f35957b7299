import { MYPAGE_LIMITS } from '@puribox/contract/mypage'

/**
 * What a phone shows first of my page: the first play's first two rows of thumbnails, loaded at once
 * (not lazily). The first row is fetched at high priority, and index.html's boot script preloads it
 * as soon as the first page of plays has arrived (src/shell/boot.ts); every other thumbnail is fetched
 * at low priority, so that over a weak line the pictures arrive row by row instead of all sharing it
 * (and the app's JavaScript) at once.
 */

/** Thumbnails in a row of `.saved-grid` (its three columns). */
export const THUMBNAILS_PER_ROW = MYPAGE_LIMITS.thumbnailsPerRow

/** Thumbnails of the first play loaded at once: two rows. */
export const FIRST_SCREEN_THUMBNAILS = 2 * THUMBNAILS_PER_ROW

/** The skeleton's tile of a thumbnail still loading; boot.ts paints the first row's into them. */
export const THUMBNAIL_PLACEHOLDER = '.saved-grid__placeholder'
