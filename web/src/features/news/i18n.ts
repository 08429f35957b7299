import { createTranslator, shellMessages } from '../../lib/i18n'
import news from '../../locales/ja/news.json'

/** Texts of the news page and the top page's news, loaded with them (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, news })
