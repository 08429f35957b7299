import { createTranslator, shellMessages } from '../../lib/i18n'
import penalty from '../../locales/ja/penalty.json'

/** Texts of the penalty page, loaded with it (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, penalty })
