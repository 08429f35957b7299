import { ConsoleTitle } from '../console-title'
import { t } from '../i18n'
import type { SignedInOperator } from '../session/session-api'

/**
 * The console's home. It lists the console's sections as they are built; until then it says who is
 * signed in, with which role, and when the session ends by itself.
 */
export function HomeScreen({ operator }: { operator: SignedInOperator }) {
  return (
    <div className="console-page">
      <ConsoleTitle page={t('admin.home.title')} />
      <h1 className="page__title">{t('admin.home.title')}</h1>
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
