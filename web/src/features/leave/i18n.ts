import { createTranslator, shellMessages } from '../../lib/i18n'
import leave from '../../locales/ja/leave.json'

/** Texts of the leaving page, loaded with it (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, leave })
