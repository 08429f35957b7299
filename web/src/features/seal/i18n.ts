import { createTranslator, shellMessages } from '../../lib/i18n'
import seal from '../../locales/ja/seal.json'

/**
 * Texts of the seal screens (puri get, preview, the seal-ID page), loaded with them
 * (docs/decisions/0016). The seal-ID form of the top page uses the first load's `t` instead.
 */
export const t = createTranslator({ ...shellMessages, seal })
