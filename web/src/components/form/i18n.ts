import { createTranslator } from '../../lib/i18n'
import form from '../../locales/ja/form.json'

/**
 * Texts of the form kit (summary, birthday, password and image fields), loaded with the screens that
 * use them (docs/decisions/0016). The text field alone has none: the top page's seal-ID form uses it
 * without bringing these.
 */
export const t = createTranslator({ form })
