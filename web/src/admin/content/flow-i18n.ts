import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminContent from '../../locales/ja/adminContent.json'
import adminFlows from '../../locales/ja/adminFlows.json'

/** The optimised flows area's texts (its own locale file), beside the content areas' and the console's. */
export const t = createTranslator({ admin, adminContent, adminFlows })

/** The area's sentences for the server's error codes: the content areas' (then the common ones). */
export const FLOW_ERRORS: Readonly<Record<string, string>> = adminContent.errors
