import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminInquiries from '../../locales/ja/adminInquiries.json'
import inquiry from '../../locales/ja/inquiry.json'

/**
 * The inquiries area's texts (its own locale file, beside the console's), with the members' inquiry
 * page's names of topics and choices: support reads an inquiry in the words the person chose from.
 */
export const t = createTranslator({ admin, adminInquiries, inquiry })
