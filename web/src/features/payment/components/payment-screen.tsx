import { links } from '@puribox/contract/pages'
import { AU_TRIAL_DAYS, PAYMENT_KINDS, PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import { loginPath, registerEmailPath } from '@puribox/contract/registration-paths'
import { type ReactNode, useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { RegisteredNotice, useJustRegistered } from '../../../components/registered-notice'
import { useAccountSelf } from '../../account/api/get-account-self'
import { usePaymentSelf, usePaymentTrial } from '../api/payments'
import { t, withWholePrices } from '../i18n'
import { confirmPathOf } from '../payment-paths'
import { fullDate, monthlyPrice } from '../payment-text'
import { PremiumBenefits } from './premium-benefits'
import '../payment.css'
import { JhsFreeOffer, JhsPremiumStatus } from './jhs'

function PriceCard() {
  return (
    <section className="card card--soft price-card" aria-label={t('payment.landing.priceLabel')}>
      <p className="price-card__price">{monthlyPrice()}</p>
      <p className="note">{t('payment.landing.priceNote')}</p>
    </section>
  )
}

/**
 * The au trial, offered when the server says this member may take it (on the au network, once): here,
 * and on the screens whose own flow offers it (`TrialOfferSpot`).
 */
export function TrialOffer({ days }: { days: number }) {
  const titleId = useId()
  return (
    <section className="card card--accent trial-offer" aria-labelledby={titleId}>
      <p className="badge badge--premium">{t('payment.landing.trial.badge')}</p>
      <h2 id={titleId} className="card__title">
        {t('payment.landing.trial.title', { days })}
      </h2>
      <p>{t('payment.landing.trial.body', { days })}</p>
      <p className="note">
        {withWholePrices(t('payment.landing.trial.after', { price: PREMIUM_PRICE_YEN }))}
      </p>
      <AppLink href={links.paymentAuTrial} className="button button--block">
        {t('payment.landing.trial.cta', { days })}
      </AppLink>
    </section>
  )
}

function PaymentChoices() {
  const titleId = useId()
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.landing.choicesTitle')}
      </h2>
      <p className="note">{t('payment.landing.choicesLead')}</p>
      <ul className="payment-choices">
        {PAYMENT_KINDS.map((kind) => (
          <li key={kind}>
            <AppLink href={confirmPathOf[kind]} className="button button--secondary button--block">
              {t(`payment.landing.choices.${kind}`)}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  )
}

function GuestFirst() {
  const titleId = useId()
  return (
    <section className="card card--accent" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.landing.guest.title')}
      </h2>
      <p>{t('payment.landing.guest.body')}</p>
      <AppLink href={registerEmailPath({ next: links.premiumRegistration })} className="button button--block">
        {t('payment.landing.guest.register')}
      </AppLink>
      <AppLink href={loginPath(links.premiumRegistration)} className="button button--secondary button--block">
        {t('payment.landing.guest.login')}
      </AppLink>
    </section>
  )
}

/** A premium member: how they pay, until when, and where to cancel. */
function PremiumStatus() {
  const titleId = useId()
  const payment = usePaymentSelf(true)
  let facts: ReactNode
  if (payment.data) {
    const { viewName, nextPaymentAt, premiumUntil, trial } = payment.data
    const next = fullDate(nextPaymentAt)
    const until = fullDate(premiumUntil)
    facts = (
      <dl className="facts">
        {viewName && (
          <div>
            <dt>{t('payment.landing.premium.method')}</dt>
            <dd>
              {viewName}
              {trial && (
                <span className="badge badge--premium fact-badge">{t('payment.landing.premium.trial')}</span>
              )}
            </dd>
          </div>
        )}
        {next ? (
          <div>
            <dt>{t('payment.landing.premium.nextPayment')}</dt>
            <dd>{next}</dd>
          </div>
        ) : (
          until && (
            <div>
              <dt>{t('payment.landing.premium.until')}</dt>
              <dd>{until}</dd>
            </div>
          )
        )}
      </dl>
    )
  } else if (payment.isError) {
    facts = (
      <LoadFailure
        error={payment.error}
        title={t('payment.landing.loadFailed')}
        onRetry={() => void payment.refetch()}
      />
    )
  } else {
    facts = <LoadingState />
  }
  return (
    <section className="card card--accent" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.landing.premium.title')}
        {payment.data?.status === 'CANCELLED' && (
          <span className="badge fact-badge">{t('payment.landing.premium.cancelled')}</span>
        )}
      </h2>
      <p>{t('payment.landing.premium.body')}</p>
      {facts}
      <AppLink href={links.mypage} className="button button--block">
        {t('payment.landing.premium.mypage')}
      </AppLink>
      <AppLink href={links.premiumCancel} className="text-link">
        {t('payment.landing.premium.cancel')}
      </AppLink>
    </section>
  )
}

function LegalLinks() {
  return (
    <p className="legal-links">
      <AppLink href={links.commercialLaw} className="text-link">
        {t('payment.landing.legal')}
      </AppLink>
      <AppLink href={links.terms} className="text-link">
        {t('payment.landing.terms')}
      </AppLink>
    </p>
  )
}

/**
 * `/web/payment`: premium, its price and what it gives, and the ways to pay (each leading to its
 * final confirmation). A guest is asked to register or sign in first; a premium member sees their
 * payment instead.
 */
export function PaymentScreen() {
  const account = useAccountSelf()
  const membership = account.data?.membershipStatus
  const trial = usePaymentTrial(membership === 'MINI')
  // A guest who registered to buy premium comes back here: the registration is done, premium is next.
  const registered = useJustRegistered() && membership === 'MINI'

  let body: ReactNode
  if (membership === 'JHS_PREMIUM') {
    // Premium free until the end of junior high: nothing to buy (decision 0047).
    body = (
      <>
        <JhsPremiumStatus until={account.data?.schoolPremiumUntil} />
        <PremiumBenefits />
      </>
    )
  } else if (membership === 'PREMIUM') {
    body = (
      <>
        <PremiumStatus />
        <PremiumBenefits />
      </>
    )
  } else {
    let action: ReactNode
    if (membership === 'MINI') action = <PaymentChoices />
    else if (membership === 'GUEST') action = <GuestFirst />
    else if (account.isError)
      action = <LoadFailure error={account.error} onRetry={() => void account.refetch()} />
    else action = <LoadingState />
    body = (
      <>
        <p className="page__lead">{t('payment.landing.lead')}</p>
        <PriceCard />
        {membership === 'MINI' && trial.data?.canTrial && (
          <TrialOffer days={trial.data.trialDays || AU_TRIAL_DAYS} />
        )}
        <PremiumBenefits />
        {action}
        {(membership === 'MINI' || membership === 'GUEST') && <JhsFreeOffer />}
      </>
    )
  }

  return (
    <div className="page">
      <PageTitle page={t('payment.landing.title')} />
      {registered && (
        <RegisteredNotice title={t('payment.landing.registered.title')}>
          <p>{t('payment.landing.registered.body')}</p>
        </RegisteredNotice>
      )}
      <h1 className="page__title">{t('payment.landing.title')}</h1>
      <span className="illustration illustration--premium" aria-hidden="true" />
      {body}
      <LegalLinks />
    </div>
  )
}
