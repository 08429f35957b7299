import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminContent from '../../locales/ja/adminContent.json'

/** The content areas' texts (their own locale file, beside the console's) and the console's. */
export const t = createTranslator({ admin, adminContent })
