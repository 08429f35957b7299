import { links } from '@puribox/contract/pages'
import { loginPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { AppLink } from '../../../components/app-link'
import { t } from '../i18n'

/**
 * What a guest sees: what coupons are and how to get them. Registering and signing in come back
 * here (`next`), so the new member sees their welcome coupon at once.
 */
export function CouponsGuide() {
  return (
    <>
      <p className="page__lead">{t('coupons.guest.lead')}</p>
      <section className="card">
        <h2 className="card__title">{t('coupons.guest.what')}</h2>
        <p>{t('coupons.guest.whatBody')}</p>
      </section>
      <section className="card">
        <h2 className="card__title">{t('coupons.guest.how')}</h2>
        <ul className="coupons-guide__ways">
          <li>{t('coupons.guest.signUp')}</li>
          <li>{t('coupons.guest.premium')}</li>
          <li>{t('coupons.guest.campaign')}</li>
        </ul>
        <AppLink href={registerEmailPath({ next: links.coupons })} className="button button--block">
          {t('coupons.guest.register')}
        </AppLink>
        <AppLink href={loginPath(links.coupons)} className="button button--secondary button--block">
          {t('coupons.guest.login')}
        </AppLink>
        <AppLink href={links.premiumRegistration} className="text-link">
          {t('coupons.guest.premiumLink')}
        </AppLink>
      </section>
    </>
  )
}
