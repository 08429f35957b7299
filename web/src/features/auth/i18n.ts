import { createTranslator, shellMessages } from '../../lib/i18n'
import auth from '../../locales/ja/auth.json'
import externalAuth from '../../locales/ja/externalAuth.json'

/** Texts of sign-in, registration and settings, loaded with their screens (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, auth, externalAuth })
