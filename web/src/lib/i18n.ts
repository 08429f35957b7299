import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { ja } from '../locales/ja/resources'

/** Japanese only, bundled with the app: ready synchronously before the first render. */
export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      lng: 'ja',
      fallbackLng: 'ja',
      resources: { ja: { translation: ja } },
      initAsync: false,
      interpolation: { escapeValue: false },
    })
  }
  return i18n
}
