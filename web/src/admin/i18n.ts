import { createTranslator } from '../lib/i18n'
import admin from '../locales/ja/admin.json'

/** The console's texts: its own locale file only, which no page of the members' app loads. */
export const t = createTranslator({ admin })
