import { createTranslator, shellMessages } from '../../lib/i18n'
import coupons from '../../locales/ja/coupons.json'

/** Texts of the coupons page, loaded with it (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, coupons })
