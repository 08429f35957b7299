import 'i18next'
import type { ja } from './locales/ja/resources'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof ja }
  }
}
