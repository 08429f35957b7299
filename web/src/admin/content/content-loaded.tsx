import { loadedOrWith } from '../kit/loaded-or'
import { CONTENT_ERRORS } from './content-messages'

/** The console's LoadedOr (kit/loaded-or.tsx) with the content areas' error sentences. */
export const LoadedOr = loadedOrWith(CONTENT_ERRORS)

// The console's one ListMore; kept here while the content lists import it from their area.
export { ListMore } from '../kit/list-more'
