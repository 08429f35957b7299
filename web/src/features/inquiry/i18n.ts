import { createTranslator, shellMessages } from '../../lib/i18n'
import inquiry from '../../locales/ja/inquiry.json'

/** Texts of the inquiry page, loaded with it (decision 0016). */
export const t = createTranslator({ ...shellMessages, inquiry })
