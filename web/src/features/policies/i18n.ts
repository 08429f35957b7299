import { createTranslator, shellMessages } from '../../lib/i18n'
import policies from '../../locales/ja/policies.json'

/** Texts of the privacy-policy agreement, loaded with it (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, policies })
