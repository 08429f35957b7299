import { createTranslator, shellMessages } from '../../lib/i18n'
import ads from '../../locales/ja/ads.json'

/** Texts of the ad slot, loaded with it (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, ads })
