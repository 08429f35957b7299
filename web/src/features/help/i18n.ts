import { createTranslator, shellMessages } from '../../lib/i18n'
import help from '../../locales/ja/help.json'

/** Texts of the help pages, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, help })
