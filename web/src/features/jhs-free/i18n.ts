import { createTranslator, shellMessages } from '../../lib/i18n'
import jhsFree from '../../locales/ja/jhsFree.json'

/** Texts of the junior-high free premium pages, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, jhsFree })
