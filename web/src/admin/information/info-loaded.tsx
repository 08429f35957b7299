import { loadedOrWith } from '../kit/loaded-or'
import { INFO_ERRORS } from './info-i18n'

/** The console's LoadedOr (kit/loaded-or.tsx) with the information area's error sentences. */
export const InfoLoaded = loadedOrWith(INFO_ERRORS)
