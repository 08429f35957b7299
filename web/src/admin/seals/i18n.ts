import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminSeals from '../../locales/ja/adminSeals.json'

/** The seals area's texts (its own locale file, beside the console's) and the console's. */
export const t = createTranslator({ admin, adminSeals })
