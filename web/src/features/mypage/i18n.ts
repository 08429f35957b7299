import { createTranslator, shellMessages } from '../../lib/i18n'
import mypage from '../../locales/ja/mypage.json'
import mypageList from '../../locales/ja/mypageList.json'
import seal from '../../locales/ja/seal.json'

/** Texts of saving and of my page, loaded with their screens (docs/decisions/0016). */
export const t = createTranslator({ ...shellMessages, mypage, mypageList, seal })
