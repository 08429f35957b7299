import { createTranslator, shellMessages } from '../../lib/i18n'
import machines from '../../locales/ja/machines.json'

/** Texts of the machine list, a machine's page and the shop search, loaded with them (decision 0016). */
export const t = createTranslator({ ...shellMessages, machines })
