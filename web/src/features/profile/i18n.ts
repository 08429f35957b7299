import { createTranslator, shellMessages } from '../../lib/i18n'
import profile from '../../locales/ja/profile.json'

/** Texts of the profile settings, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, profile })
