import { createTranslator, shellMessages } from '../../lib/i18n'
import leave from '../../locales/ja/leave.json'
import profile from '../../locales/ja/profile.json'

/** Texts of the leaving pages, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, leave, profile })
