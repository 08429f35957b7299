import { PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import { loginPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { t } from '../i18n'

/**
 * Why and how to register: what free and premium members can save, and the way in. After signing
 * up or in, the person goes on to `next` (saving the seal they were looking at).
 */
export function RegistrationPitch({ next }: { next: string }) {
  const titleId = useId()
  return (
    <section className="card card--accent" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('seal.pitch.title')}
      </h2>
      <p>{t('seal.pitch.lead')}</p>
      <ul className="plans">
        <li className="plan">
          <p className="plan__name">{t('seal.pitch.free.name')}</p>
          <p className="plan__price">{t('seal.pitch.free.price')}</p>
          <p className="plan__body">{t('seal.pitch.free.body')}</p>
        </li>
        <li className="plan plan--premium">
          <p className="plan__name">{t('seal.pitch.premium.name')}</p>
          <p className="plan__price">{t('seal.pitch.premium.price', { price: PREMIUM_PRICE_YEN })}</p>
          <p className="plan__body">{t('seal.pitch.premium.body')}</p>
        </li>
      </ul>
      <AppLink href={registerEmailPath({ next })} className="button button--block">
        {t('seal.pitch.register')}
      </AppLink>
      <p className="card__note">{t('seal.pitch.memberLead')}</p>
      <AppLink href={loginPath(next)} className="button button--secondary button--block">
        {t('seal.pitch.login')}
      </AppLink>
    </section>
  )
}
