import { loadedOrWith } from '../kit/loaded-or'
import { BOOTH_ERRORS } from './booth-messages'

/** The console's LoadedOr (kit/loaded-or.tsx) with the booths area's error sentences. */
export const LoadedOr = loadedOrWith(BOOTH_ERRORS)
