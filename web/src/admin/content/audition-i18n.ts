import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminAuditions from '../../locales/ja/adminAuditions.json'
import adminContent from '../../locales/ja/adminContent.json'

/** The auditions area's texts (its own locale file), beside the content areas' and the console's. */
export const t = createTranslator({ admin, adminContent, adminAuditions })

/** The auditions area's sentences for the server's error codes, then the content areas' (then the common ones). */
export const AUDITION_ERRORS: Readonly<Record<string, string>> = {
  ...adminContent.errors,
  ...adminAuditions.errors,
}
