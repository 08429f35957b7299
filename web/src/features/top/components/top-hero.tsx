import { t } from '../../../lib/i18n'
import '../top.css'

/** The welcome: what PuriBox is, in one line. */
export function TopHero() {
  return (
    <div className="hero">
      <div className="hero__art" aria-hidden="true" />
      <h1 className="hero__title">{t('top.hero.title')}</h1>
      <p className="hero__lead">{t('top.hero.lead')}</p>
    </div>
  )
}
