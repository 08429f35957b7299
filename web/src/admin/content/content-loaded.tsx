import { loadedOrWith } from '../kit/loaded-or'
import { CONTENT_ERRORS } from './content-messages'

/** The console's LoadedOr (kit/loaded-or.tsx) with the content areas' error sentences. */
export const LoadedOr = loadedOrWith(CONTENT_ERRORS)
