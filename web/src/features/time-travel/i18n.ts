import { createTranslator, shellMessages } from '../../lib/i18n'
import timeTravel from '../../locales/ja/timeTravel.json'

/** Texts of the time-travel page and note, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, timeTravel })
