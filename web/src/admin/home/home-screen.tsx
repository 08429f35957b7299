import { Link } from 'wouter'
import { ConsoleTitle } from '../console-title'
import { t } from '../i18n'
import { CONSOLE_SECTIONS } from '../paths'
import type { SignedInOperator } from '../session/session-api'

/** The console's home: its sections, then who is signed in, with which role, and when the session ends by itself. */
export function HomeScreen({ operator }: { operator: SignedInOperator }) {
  return (
    <div className="console-page">
      <ConsoleTitle page={t('admin.home.title')} />
      <h1 className="page__title">{t('admin.home.title')}</h1>
      <section aria-labelledby="console-home-sections">
        <h2 id="console-home-sections" className="visually-hidden">
          {t('admin.home.sectionsTitle')}
        </h2>
        <ul className="console-sections">
          {CONSOLE_SECTIONS.map((section) => (
            <li key={section.key}>
              <Link href={section.path} className="console-section">
                <span className="console-section__name">{t(`admin.sections.${section.key}.name`)}</span>
                <span className="console-section__description">
                  {t(`admin.sections.${section.key}.description`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="card console-card" aria-labelledby="console-home-who">
        <h2 id="console-home-who" className="card__title">
          {t('admin.home.who')}
        </h2>
        <dl className="console-facts">
          <div>
            <dt>{t('admin.home.mail')}</dt>
            <dd>{operator.mailAddress}</dd>
          </div>
          <div>
            <dt>{t('admin.home.role')}</dt>
            <dd>{t(`admin.roles.${operator.role}`)}</dd>
          </div>
        </dl>
        <p className="note">{t('admin.home.idleNote')}</p>
      </section>
    </div>
  )
}
