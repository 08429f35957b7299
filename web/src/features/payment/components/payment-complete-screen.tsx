import { allowedReturnPath } from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import type { SubscriptionEntity } from '@puribox/contract/payments-api'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { errorCodeOf } from '../../../lib/error-message'
import { useMembersOnly } from '../../account/use-members-only'
import { usePremiumChanged, useSubscription } from '../api/payments'
import { t } from '../i18n'
import { usePageAddress } from '../page-hooks'
import { fullDate } from '../payment-text'
import '../payment.css'
import { isMember as isMemberStatus } from '../../account/membership'
import { JhsPremiumStatus } from './jhs'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How often the page asks while the gateway's notification has not been applied, and for how long. */
export const COMPLETE_POLLING = { intervalMs: 1500, windowMs: 30_000 } as const

type Outcome = 'checking' | 'premium' | 'declined' | 'ended' | 'stillPending'

function outcomeOf(subscription: SubscriptionEntity | undefined, timedOut: boolean): Outcome {
  if (subscription === undefined) return 'checking'
  switch (subscription.status) {
    case 'PENDING':
      return timedOut ? 'stillPending' : 'checking'
    case 'DECLINED':
      return 'declined'
    case 'ENDED':
      return 'ended'
    // ACTIVE, or already cancelled or in a grace when this page is opened again: premium was bought.
    default:
      return subscription.premiumUntil === null ? 'ended' : 'premium'
  }
}

/** The outcome's heading takes the focus when it appears, so that screen readers read it out. */
const focusOnMount = (heading: HTMLHeadingElement | null) => heading?.focus()

function Heading({ children, centred = false }: { children: string; centred?: boolean }) {
  return (
    <>
      <PageTitle page={children} />
      <h1 className={centred ? 'page__title result-title' : 'page__title'} tabIndex={-1} ref={focusOnMount}>
        {children}
      </h1>
    </>
  )
}

function Premium({ subscription }: { subscription: SubscriptionEntity }) {
  const next = allowedReturnPath(subscription.returnTo) ?? links.mypage
  const trialEnd = subscription.trial ? fullDate(subscription.premiumUntil) : null
  return (
    <>
      <div className="result-mark result-mark--done" aria-hidden="true">
        ♡
      </div>
      <Heading centred>{t('payment.complete.active.title')}</Heading>
      <section className="card">
        <p>{t('payment.complete.active.body')}</p>
        <p>{t('payment.complete.active.saved')}</p>
        {trialEnd && <p>{t('payment.complete.active.trial', { date: trialEnd })}</p>}
      </section>
      <AppLink href={next} className="button button--block">
        {t('payment.complete.active.mypage')}
      </AppLink>
    </>
  )
}

function Declined({ cancelledByMember }: { cancelledByMember: boolean }) {
  return (
    <>
      <Heading>{t('payment.complete.declined.title')}</Heading>
      <div className="notice notice--warning" role="alert">
        <p>
          {cancelledByMember ? t('payment.complete.declined.cancelled') : t('payment.complete.declined.body')}
        </p>
      </div>
      <AppLink href={links.premiumRegistration} className="button button--block">
        {t('payment.complete.declined.retry')}
      </AppLink>
    </>
  )
}

function StillPending({ onCheck, checking }: { onCheck: () => void; checking: boolean }) {
  return (
    <>
      <Heading>{t('payment.complete.pending.title')}</Heading>
      <div className="notice notice--warning" role="status">
        <p>{t('payment.complete.pending.body')}</p>
      </div>
      <button type="button" className="button button--block" onClick={onCheck} disabled={checking}>
        {t('payment.complete.pending.check')}
      </button>
      <AppLink href={links.mypage} className="button button--secondary button--block">
        {t('payment.complete.pending.mypage')}
      </AppLink>
    </>
  )
}

function NotFound({ ended = false }: { ended?: boolean }) {
  const key = ended ? 'ended' : 'notFound'
  return (
    <>
      <Heading>{t(`payment.complete.${key}.title`)}</Heading>
      <p>{t(`payment.complete.${key}.body`)}</p>
      <AppLink href={links.premiumRegistration} className="button button--block">
        {t('payment.complete.notFound.back')}
      </AppLink>
    </>
  )
}

/**
 * `/web/payment/complete?subscriptionId=…&result=…`: back from the gateway. `result` is only the
 * gateway's hint; the subscription read here is the truth, PENDING until the gateway's notification
 * has been applied, so the page asks again every `intervalMs` for up to `windowMs`.
 */
export function PaymentCompleteScreen({
  intervalMs = COMPLETE_POLLING.intervalMs,
  windowMs = COMPLETE_POLLING.windowMs,
}: {
  intervalMs?: number
  windowMs?: number
}) {
  const address = usePageAddress()
  const searchParams = new URLSearchParams(address.search)
  const rawId = searchParams.get('subscriptionId') ?? ''
  const subscriptionId = UUID.test(rawId) ? rawId : null
  const result = searchParams.get('result')
  const account = useMembersOnly(address.href)
  const isMember = isMemberStatus(account.data?.membershipStatus)

  const [timedOut, setTimedOut] = useState(false)
  const timedOutRef = useRef(false)
  // When the current window of looking began: "check again" gives the gateway another one.
  const [windowStart, setWindowStart] = useState(() => Date.now())
  useEffect(() => {
    if (!isMember || subscriptionId === null) return
    timedOutRef.current = false
    setTimedOut(false)
    const timer = setTimeout(
      () => {
        timedOutRef.current = true
        setTimedOut(true)
      },
      Math.max(0, windowStart + windowMs - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [isMember, subscriptionId, windowMs, windowStart])

  const subscription = useSubscription(
    subscriptionId,
    (status) => (status === 'PENDING' && !timedOutRef.current ? intervalMs : false),
    isMember,
  )
  const outcome = outcomeOf(subscription.data, timedOut)

  const premiumChanged = usePremiumChanged()
  const announced = useRef(false)
  useEffect(() => {
    if (outcome !== 'premium' || announced.current) return
    announced.current = true
    // The header and my page show the member as premium from now on.
    premiumChanged()
  }, [outcome, premiumChanged])

  let body: ReactNode
  if (subscriptionId === null) {
    body = <NotFound />
  } else if (subscription.isError && subscription.data === undefined) {
    const code = errorCodeOf(subscription.error)
    body =
      code === 'NOT_FOUND' || code === 'VALIDATION_FAILED' ? (
        <NotFound />
      ) : (
        <>
          <Heading>{t('payment.complete.title')}</Heading>
          <LoadFailure
            error={subscription.error}
            title={t('payment.complete.loadFailed')}
            onRetry={() => void subscription.refetch()}
          />
        </>
      )
  } else if (account.isError) {
    body = <LoadFailure error={account.error} onRetry={() => void account.refetch()} />
  } else if (outcome === 'premium' && subscription.data) {
    body = <Premium subscription={subscription.data} />
  } else if (outcome === 'declined') {
    body = <Declined cancelledByMember={result === 'cancelled'} />
  } else if (outcome === 'ended') {
    body = <NotFound ended />
  } else if (outcome === 'stillPending') {
    body = (
      <StillPending
        checking={subscription.isFetching}
        onCheck={() => {
          setWindowStart(Date.now())
          timedOutRef.current = false
          void subscription.refetch()
        }}
      />
    )
  } else {
    body = (
      <>
        <PageTitle page={t('payment.complete.title')} />
        <h1 className="visually-hidden">{t('payment.complete.title')}</h1>
        <LoadingState label={t('payment.complete.checking')} />
        <p className="note payment-checking-note">{t('payment.complete.checkingNote')}</p>
      </>
    )
  }

  return (
    <div className="page">
      {body}
      {/* Premium came free meanwhile (an approval while paying): what the member has now. */}
      {account.data?.membershipStatus === 'JHS_PREMIUM' && (
        <JhsPremiumStatus until={account.data.schoolPremiumUntil} />
      )}
    </div>
  )
}
