import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminMembers from '../../locales/ja/adminMembers.json'

/** The members area's texts (its own locale file, beside the console's) and the console's. */
export const t = createTranslator({ admin, adminMembers })
