import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminAds from '../../locales/ja/adminAds.json'
import adminContent from '../../locales/ja/adminContent.json'

/** The ads area's texts (its own locale file), the content areas' it shares, and the console's. */
export const t = createTranslator({ admin, adminContent, adminAds })
