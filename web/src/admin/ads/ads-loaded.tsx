import { loadedOrWith } from '../kit/loaded-or'
import { ADS_ERRORS } from './ads-labels'

/** The console's LoadedOr (kit/loaded-or.tsx) with the ads area's error sentences. */
export const AdLoadedOr = loadedOrWith(ADS_ERRORS)
