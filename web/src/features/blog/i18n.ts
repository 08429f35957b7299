import { createTranslator, shellMessages } from '../../lib/i18n'
import blog from '../../locales/ja/blog.json'

/** Texts of the blog's list, loaded with it (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, blog })
