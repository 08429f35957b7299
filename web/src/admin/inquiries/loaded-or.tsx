import { loadedOrWith } from '../kit/loaded-or'
import { INQUIRY_ERRORS } from './inquiry-messages'

/** The console's LoadedOr (kit/loaded-or.tsx) with the inquiries area's error sentences. */
export const LoadedOr = loadedOrWith(INQUIRY_ERRORS)
