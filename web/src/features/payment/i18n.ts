import { createTranslator, shellMessages } from '../../lib/i18n'
import payment from '../../locales/ja/payment.json'

/** Texts of the premium pages, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, payment })
