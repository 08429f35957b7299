/**
 * What the web app's first load needs of the API, kept apart from the full table (`api-paths.ts`):
 * importing that table would put every route's path into the first load of every page.
 */

/** `GET /sp/2/account/self`: who is looking (the frame asks on every page). */
export const ACCOUNT_SELF_PATH = '/sp/2/account/self'

/** `GET /sp/2/images/unsaved/summary`: a free member's unsaved count (the header's badge). */
export const UNSAVED_SUMMARY_PATH = '/sp/2/images/unsaved/summary'

/** `GET /sp/2/dynamic_links`: where the apps and the shop map are (the header menu's map link). */
export const DYNAMIC_LINKS_PATH = '/sp/2/dynamic_links'

/** The native app's user agent carries this; inside the app, the frame is hidden. */
export const NATIVE_APP_UA_MARKER = 'PuriBoxApp/'
