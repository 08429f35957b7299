/**
 * What other features and the shell may use of my page: the unsaved-pictures query to refresh when
 * membership changes, what the prerendered first screen and the boot script need to know of my page
 * (its list's hash, the first page of plays, the first row of thumbnails), and the saved plays with a
 * play's ZIP, which the leaving page shows before the account goes.
 */
export { savedPlaysUrl, useSavedPlays } from './api/get-saved-plays'
export { unsavedSummaryQueryKey } from './api/get-unsaved-summary'
export { PlayZipButton } from './components/play-zip-button'
export { THUMBNAIL_PLACEHOLDER, THUMBNAILS_PER_ROW } from './first-screen'
export { LIST_HASH } from './mypage-hash'
