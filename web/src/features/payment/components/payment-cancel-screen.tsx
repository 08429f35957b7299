import { links } from '@puribox/contract/pages'
import type { PaymentSelf, UnsubscribablePayment } from '@puribox/contract/payments-api'
import { type ReactNode, useId, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { useMembersOnly } from '../../account/use-members-only'
import { usePaymentSelf, useUnsubscribable } from '../api/payments'
import { t } from '../i18n'
import { fullDate } from '../payment-text'
import { PremiumAfterCancel } from './premium-after-cancel'
import { AfterCancellation, Resumed } from './resume-cancellation'
import '../payment.css'
import { isMember } from '../../account/membership'
import { JhsPremiumStatus } from './jhs'

function Renewing({ item }: { item: UnsubscribablePayment }) {
  const titleId = useId()
  const next = fullDate(item.nextPaymentAt)
  const until = fullDate(item.premiumUntil)
  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId} className="card__title">
        {item.name}
        {item.trial && <span className="badge badge--premium fact-badge">{t('payment.cancel.trial')}</span>}
      </h3>
      <dl className="facts">
        {next ? (
          <div>
            <dt>{t('payment.cancel.nextPayment')}</dt>
            <dd>{next}</dd>
          </div>
        ) : (
          until && (
            <div>
              <dt>{t('payment.cancel.until')}</dt>
              <dd>{until}</dd>
            </div>
          )
        )}
      </dl>
      {item.trial && <p className="note">{t('payment.cancel.trialNote')}</p>}
      <AppLink href={item.unsubscribeUrl} className="button button--block">
        {t('payment.cancel.toSteps')}
      </AppLink>
    </section>
  )
}

function NotPremium() {
  return (
    <div className="notice notice--warning" role="note">
      <h2 className="notice__title">{t('payment.cancel.notPremium.title')}</h2>
      <p>{t('payment.cancel.notPremium.body')}</p>
      <AppLink href={links.premiumRegistration} className="text-link">
        {t('payment.cancel.notPremium.join')}
      </AppLink>
    </div>
  )
}

/**
 * `/sp/payment/cancel`: the member's payments that renew, each leading to its plan's unsubscribe
 * page; a payment already cancelled says until when premium lasts, and offers to undo it (a card) or
 * says how to subscribe again (a carrier). Members only.
 */
export function PaymentCancelScreen() {
  const account = useMembersOnly(links.premiumCancel)
  const membership = account.data?.membershipStatus
  const member = isMember(membership)
  const payment = usePaymentSelf(member)
  const unsubscribable = useUnsubscribable(member)
  const currentId = useId()
  const [resumed, setResumed] = useState<PaymentSelf | null>(null)
  // A junior-high member pays nothing, so what cancelling does is no concern of theirs, unless a
  // carrier's plan from before still renews (it is listed, to stop).
  const aboutCancelling = membership !== 'JHS_PREMIUM' || (unsubscribable.data?.items.length ?? 0) > 0

  let body: ReactNode
  if (payment.data && unsubscribable.data) {
    const { items } = unsubscribable.data
    const until = fullDate(payment.data.premiumUntil)
    const renewing = items.length > 0 && (
      <section className="stack" aria-labelledby={currentId}>
        <h2 id={currentId} className="section-title">
          {t('payment.cancel.current')}
        </h2>
        {items.map((item) => (
          <Renewing key={item.subscriptionId} item={item} />
        ))}
      </section>
    )
    if (resumed) {
      // The list of what renews follows a moment later.
      body = (
        <>
          <Resumed payment={resumed} />
          {renewing}
        </>
      )
    } else if (membership === 'JHS_PREMIUM') {
      // Premium is free: nothing to cancel, unless a carrier's plan still renews (listed, to stop).
      body = (
        <>
          <JhsPremiumStatus until={account.data?.schoolPremiumUntil} />
          {renewing}
        </>
      )
    } else if (renewing) {
      body = renewing
    } else if (payment.data.status === 'CANCELLED' && until) {
      body = (
        <>
          <div className="notice notice--done" role="note">
            <p>{t('payment.cancel.cancelled', { date: until })}</p>
          </div>
          <AfterCancellation payment={payment.data} returnTo={links.premiumCancel} onResumed={setResumed} />
        </>
      )
    } else {
      body = <NotPremium />
    }
  } else if (account.isError || payment.isError || unsubscribable.isError) {
    const failed = account.isError ? account : payment.isError ? payment : unsubscribable
    body = (
      <LoadFailure
        error={failed.error}
        title={t('payment.cancel.loadFailed')}
        onRetry={() => void failed.refetch()}
      />
    )
  } else {
    body = <LoadingState />
  }

  return (
    <div className="page">
      <PageTitle page={t('payment.cancel.title')} />
      <h1 className="page__title">{t('payment.cancel.title')}</h1>
      {aboutCancelling && <p className="page__lead">{t('payment.cancel.lead')}</p>}
      {body}
      {aboutCancelling && (
        <>
          <PremiumAfterCancel />
          <div>
            <p className="note">{t('payment.cancel.withdrawal')}</p>
            <AppLink href={links.paymentWithdrawal} className="text-link">
              {t('payment.withdrawal.title')}
            </AppLink>
          </div>
        </>
      )}
    </div>
  )
}
