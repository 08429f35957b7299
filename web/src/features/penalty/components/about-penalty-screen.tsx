import type { InquiryTopic } from '@puribox/contract/inquiry-paths'
import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { PenaltyReason } from '../../../components/penalty-reason'
import { useAccountSelf } from '../../account/api/get-account-self'
import { t } from '../i18n'
import '../penalty.css'

type PurigetPenalty = 'GREEN' | 'YELLOW' | 'RED'

/** A signed-in member's own state, from account/self (YELLOW lapses to GREEN by itself). */
function PenaltyStatus({ penalty, reason }: { penalty: PurigetPenalty; reason: unknown }) {
  const titleId = useId()
  return (
    <section
      className={`card penalty-status penalty-status--${penalty.toLowerCase()}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="card__title">
        {t('penalty.about.statusTitle')}
      </h2>
      <p className="penalty-status__name">{t(`penalty.about.statusName.${penalty}`)}</p>
      <p>{t(`penalty.about.status.${penalty}`)}</p>
      {penalty === 'RED' && <PenaltyReason kind="puriget" code={reason} />}
    </section>
  )
}

/** `/sp/common/aboutPenalty`: what YELLOW and RED mean, why, how long, and what to do. */
export function AboutPenaltyScreen() {
  const account = useAccountSelf()
  const penalty = account.data?.account?.purigetPenalty ?? null
  const whyId = useId()
  const levelsId = useId()
  const todoId = useId()
  const redId = useId()
  return (
    <div className="page">
      <PageTitle page={t('penalty.about.title')} />
      <h1 className="page__title">{t('penalty.about.title')}</h1>
      <span className="illustration illustration--penalty" aria-hidden="true" />
      <p className="page__lead">{t('penalty.about.lead')}</p>
      {penalty ? (
        <PenaltyStatus penalty={penalty} reason={account.data?.account?.purigetPenaltyReason} />
      ) : (
        account.data && <p className="field-hint">{t('penalty.about.guestStatus')}</p>
      )}
      <section className="card card--soft" aria-labelledby={whyId}>
        <h2 id={whyId} className="card__title">
          {t('penalty.about.whyTitle')}
        </h2>
        <p>{t('penalty.about.why')}</p>
        <p>{t('penalty.about.whyNote')}</p>
      </section>
      <section className="card" aria-labelledby={levelsId}>
        <h2 id={levelsId} className="card__title">
          {t('penalty.about.levelsTitle')}
        </h2>
        <dl className="penalty-levels">
          <dt className="penalty-levels__name penalty-levels__name--yellow">
            {t('penalty.about.yellowName')}
          </dt>
          <dd>
            <p>{t('penalty.about.yellow')}</p>
            <p>{t('penalty.about.yellowScope')}</p>
          </dd>
          <dt className="penalty-levels__name penalty-levels__name--red">{t('penalty.about.redName')}</dt>
          <dd>
            <p>{t('penalty.about.red')}</p>
          </dd>
        </dl>
      </section>
      <section className="card card--soft" aria-labelledby={todoId}>
        <h2 id={todoId} className="card__title">
          {t('penalty.about.todoTitle')}
        </h2>
        <ul className="tips">
          <li>{t('penalty.about.todo.check')}</li>
          <li>{t('penalty.about.todo.warning')}</li>
          <li>{t('penalty.about.todo.friends')}</li>
          <li>{t('penalty.about.todo.expiry')}</li>
        </ul>
        <AppLink href={links.photoGetForm} className="text-link">
          {t('penalty.about.formLink')}
        </AppLink>
      </section>
      <section className="card" aria-labelledby={redId}>
        <h2 id={redId} className="card__title">
          {t('penalty.about.redTodoTitle')}
        </h2>
        <p>{t('penalty.about.redTodo')}</p>
        <AppLink
          href={`${links.inquiry}#/input/${'penalty' satisfies InquiryTopic}`}
          className="button button--secondary button--block"
        >
          {t('penalty.about.inquiry')}
        </AppLink>
      </section>
    </div>
  )
}
