import { createTranslator, shellMessages } from '../../lib/i18n'
import information from '../../locales/ja/information.json'

/** Texts of the information pages, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, information })
