import { createTranslator, shellMessages } from '../../lib/i18n'
import interim from '../../locales/ja/interim.json'

/** Texts of the pages that stand in for features still to come, loaded with them (decision 0016). */
export const t = createTranslator({ ...shellMessages, interim })
