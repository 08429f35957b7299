import { apiPaths } from '@puribox/contract/api-paths'
import type { InquiryTopic } from '@puribox/contract/inquiry-paths'
import { links } from '@puribox/contract/pages'
import { useCallback, useId, useState } from 'react'
import { useSearchParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { browserPage } from '../../../lib/page-navigation'
import { useAccountSelf } from '../../account/api/get-account-self'
import { t } from '../i18n'
import { useBackFromPage } from '../page-hooks'
import type { CarrierKind } from '../payment-text'
import '../payment.css'
import { isMember } from '../../account/membership'

const CARRIERS: readonly CarrierKind[] = ['AU', 'DOCOMO', 'SOFTBANK']

/** The server's redirect to the carrier's page where a payer stops paying by carrier id. */
export function withdrawalUrl(kind: CarrierKind): string {
  return `${apiPaths.paymentWithdrawal.path}?${new URLSearchParams({ kind })}`
}

function Returned({ result }: { result: string | null }) {
  if (result === 'cancelled') {
    return (
      <div className="notice notice--done" role="status">
        <h2 className="notice__title">{t('payment.withdrawal.done.title')}</h2>
        <p>{t('payment.withdrawal.done.body')}</p>
      </div>
    )
  }
  if (result === 'abandoned') {
    return (
      <div className="notice notice--warning" role="alert">
        <h2 className="notice__title">{t('payment.withdrawal.abandoned.title')}</h2>
        <p>{t('payment.withdrawal.abandoned.body')}</p>
      </div>
    )
  }
  return null
}

/**
 * A junior-high free premium member pays PuriBox nothing (decision 0047): what they have and until
 * when, above the way for those who do pay by carrier.
 */
function JhsNote({ until }: { until: string | null | undefined }) {
  const [year = 0, month = 0, day = 0] = (until ?? '').slice(0, 10).split('-').map(Number)
  return (
    <div className="notice" role="note" data-testid="jhs-premium-status">
      <p>
        {day
          ? t('payment.jhs.withdrawal', { date: t('common.date', { year, month, day }) })
          : t('payment.jhs.title')}
      </p>
    </div>
  )
}

/**
 * `/sp/paymentid_withdrawal/top`: for a payer by carrier billing who cannot sign in: the carrier
 * authenticates the line and stops what it pays PuriBox. The carrier sends them back here with
 * `?returned=1&result=cancelled|abandoned`.
 */
export function PaymentWithdrawalScreen() {
  const [searchParams] = useSearchParams()
  const result = searchParams.get('returned') === '1' ? searchParams.get('result') : null
  const account = useAccountSelf()
  const membership = account.data?.membershipStatus
  const signedIn = isMember(membership)
  const [moving, setMoving] = useState<CarrierKind | null>(null)
  useBackFromPage(useCallback(() => setMoving(null), []))
  const howId = useId()
  const chooseId = useId()
  const memberId = useId()

  function go(kind: CarrierKind) {
    setMoving(kind)
    browserPage.load(withdrawalUrl(kind))
  }

  return (
    <div className="page">
      <PageTitle page={t('payment.withdrawal.title')} />
      <h1 className="page__title">{t('payment.withdrawal.title')}</h1>
      <Returned result={result} />
      {membership === 'JHS_PREMIUM' && <JhsNote until={account.data?.schoolPremiumUntil} />}
      {result !== 'cancelled' && (
        <>
          <p className="page__lead">{t('payment.withdrawal.lead')}</p>
          <section className="card card--soft" aria-labelledby={howId}>
            <h2 id={howId} className="card__title">
              {t('payment.withdrawal.howTitle')}
            </h2>
            <ol className="numbered">
              <li>{t('payment.withdrawal.how.1')}</li>
              <li>{t('payment.withdrawal.how.2')}</li>
              <li>{t('payment.withdrawal.how.3')}</li>
            </ol>
          </section>
          <section className="card" aria-labelledby={chooseId}>
            <h2 id={chooseId} className="card__title">
              {t('payment.withdrawal.choose')}
            </h2>
            <ul className="payment-choices">
              {CARRIERS.map((kind) => (
                <li key={kind}>
                  <button
                    type="button"
                    className={`button button--block external-button external-button--${kind.toLowerCase()}`}
                    onClick={() => go(kind)}
                    disabled={moving !== null}
                  >
                    {moving === kind ? t('payment.withdrawal.moving') : t(`payment.withdrawal.${kind}`)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <section className="card" aria-labelledby={memberId}>
        <h2 id={memberId} className="card__title">
          {t('payment.withdrawal.memberTitle')}
        </h2>
        <p>{signedIn ? t('payment.withdrawal.memberSignedIn') : t('payment.withdrawal.member')}</p>
        <AppLink href={links.premiumCancel} className="button button--secondary button--block">
          {t('payment.withdrawal.memberLink')}
        </AppLink>
        <p className="note">{t('payment.withdrawal.credit')}</p>
        <AppLink
          href={`${links.inquiry}#/input/${'withdrawal' satisfies InquiryTopic}`}
          className="text-link"
        >
          {t('payment.withdrawal.inquiry')}
        </AppLink>
      </section>
    </div>
  )
}
