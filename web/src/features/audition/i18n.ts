import { createTranslator, shellMessages } from '../../lib/i18n'
import audition from '../../locales/ja/audition.json'

/** Texts of the auditions page, loaded with it (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, audition })

/** The page's own sentences for the API's error codes (the shared ones otherwise). */
export const auditionErrors: Readonly<Record<string, string>> = audition.errors
