import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminContent from '../../locales/ja/adminContent.json'
import adminInformation from '../../locales/ja/adminInformation.json'

/** The area's texts (its own locale file), the content areas' shared ones and the console's. */
export const t = createTranslator({ admin, adminContent, adminInformation })

/** The area's sentences for the server's error codes, then the content areas' (then the common ones). */
export const INFO_ERRORS: Readonly<Record<string, string>> = {
  ...adminContent.errors,
  ...adminInformation.errors,
}
