import { links } from '@puribox/contract/pages'
import { isPaymentPlan, kindOfPlan, type PaymentPlan } from '@puribox/contract/payments'
import type { PaymentSelf, UnsubscribablePayment } from '@puribox/contract/payments-api'
import { loginPath } from '@puribox/contract/registration-paths'
import { type ReactNode, useId, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { Form, SubmitButton } from '../../../components/form/form'
import { useContractForm } from '../../../components/form/use-contract-form'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import type { ClientErrorCode } from '../../../lib/api-client'
import { messageForCode } from '../../../lib/error-message'
import { browserPage } from '../../../lib/page-navigation'
import payment from '../../../locales/ja/payment.json'
import { useMembersOnly } from '../../account/use-members-only'
import {
  usePaymentSelf,
  usePremiumChanged,
  useSubscriptionCancelled,
  useUnsubscribable,
} from '../api/payments'
import { t } from '../i18n'
import { useBackFromPage, usePageAddress } from '../page-hooks'
import { fullDate } from '../payment-text'
import { PremiumAfterCancel } from './premium-after-cancel'
import { AfterCancellation, Resumed } from './resume-cancellation'
import '../payment.css'
import { isMember as isMemberStatus } from '../../account/membership'
import { JhsPremiumStatus } from './jhs'

/** After a carrier's page said "cancelled": how often and how long to look for the gateway's word. */
export const RETURN_POLLING = { intervalMs: 1500, windowMs: 15_000 } as const

const renewing = (status: PaymentSelf['status'] | undefined) => status === 'ACTIVE' || status === 'GRACE'

const carrierName = (plan: PaymentPlan) => {
  const kind = kindOfPlan[plan]
  return kind === 'CREDIT' ? '' : t(`payment.carriers.${kind}`)
}

/**
 * How a carrier's plan is left, step by step, at the carrier's page. A card is cancelled here with
 * one tap, which needs no steps.
 */
function Steps({ plan }: { plan: PaymentPlan }) {
  const titleId = useId()
  const kind = kindOfPlan[plan]
  const carrier = carrierName(plan)
  if (kind === 'CREDIT') return null
  let steps: string[]
  if (kind === 'SOFTBANK')
    steps = [
      t('payment.unsubscribe.steps.softbank.1'),
      t('payment.unsubscribe.steps.softbank.2'),
      t('payment.unsubscribe.steps.softbank.3'),
      t('payment.unsubscribe.steps.softbank.4'),
    ]
  else
    steps = [
      t('payment.unsubscribe.steps.carrier.1', { carrier }),
      t('payment.unsubscribe.steps.carrier.2', { carrier }),
      t('payment.unsubscribe.steps.carrier.3', { carrier }),
    ]
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('payment.unsubscribe.stepsTitle')}
      </h2>
      <ol className="steps steps--compact">
        {steps.map((step) => (
          <li key={step} className="steps__item">
            <p>{step}</p>
          </li>
        ))}
      </ol>
      <p className="note steps-note">{t('payment.unsubscribe.wifi', { carrier })}</p>
    </section>
  )
}

function Problem({ code, id, returnTo }: { code: ClientErrorCode; id?: string; returnTo: string }) {
  return (
    <div id={id} className="notice notice--error" role="alert">
      <p>{messageForCode(code, payment.unsubscribe.errors)}</p>
      {code === 'UNAUTHENTICATED' && (
        <AppLink href={loginPath(returnTo)} className="text-link">
          {t('payment.unsubscribe.errors.login')}
        </AppLink>
      )}
    </div>
  )
}

/**
 * Stops the renewal: here for a credit card, with one tap (the next screen can undo it while the
 * paid period lasts), else at the carrier's page.
 */
function CancelForm({
  item,
  plan,
  premiumUntil,
  returnTo,
  onCancelled,
  onNotCancellable,
}: {
  item: UnsubscribablePayment
  plan: PaymentPlan
  /** Until when premium lasts if cancelled now (the end of the paid period). */
  premiumUntil: string | null
  returnTo: string
  onCancelled: (payment: PaymentSelf) => void
  onNotCancellable: () => void
}) {
  const cancelled = useSubscriptionCancelled()
  const problemId = useId()
  const here = item.accessMethod === 'API'
  const cancel = useContractForm({
    route: 'cancelSubscription',
    request: () => ({ input: { params: { id: item.subscriptionId } } }),
    messages: payment.unsubscribe.errors,
    onSuccess: (answer) => {
      cancelled(answer)
      if (answer.redirectUrl !== null) browserPage.load(answer.redirectUrl)
      else onCancelled(answer.payment)
    },
    onError: ({ code }) => {
      if (code === 'NOT_CANCELLABLE') onNotCancellable()
      return false
    },
  })
  useBackFromPage(cancel.reset)
  // A carrier's page is on its way once its address has come: the button stays busy.
  const busy = cancel.pending || (cancel.data !== undefined && cancel.data.redirectUrl !== null)

  const until = fullDate(premiumUntil)
  let label: string
  if (here) label = cancel.pending ? t('payment.unsubscribe.submitting') : t('payment.unsubscribe.submitApi')
  else
    label = busy
      ? t('payment.unsubscribe.moving')
      : t('payment.unsubscribe.submitCarrier', { name: t(`payment.plans.${plan}`) })

  return (
    <Form form={cancel} className="card leave-form">
      <dl className="facts">
        <div>
          <dt>{t('payment.unsubscribe.method')}</dt>
          <dd>{item.name}</dd>
        </div>
      </dl>
      {until && <p>{t('payment.unsubscribe.untilIfNow', { date: until })}</p>}
      {cancel.problem && <Problem code={cancel.problem.code} id={problemId} returnTo={returnTo} />}
      <SubmitButton
        pending={false}
        className={here ? 'button button--danger button--block' : 'button button--block'}
        disabled={busy}
      >
        {label}
      </SubmitButton>
      <AppLink href={links.mypage} className="button button--secondary button--block">
        {t('payment.unsubscribe.keep')}
      </AppLink>
    </Form>
  )
}

function Done({
  payment,
  reflecting,
  returnTo,
}: {
  payment: PaymentSelf | undefined
  reflecting: boolean
  returnTo: string
}) {
  const [resumed, setResumed] = useState<PaymentSelf | null>(null)
  // The same full date as the step before and the resume box below.
  const until = fullDate(payment?.premiumUntil)
  if (resumed) {
    return (
      <>
        <Resumed payment={resumed} />
        <AppLink href={links.mypage} className="button button--block">
          {t('payment.unsubscribe.done.mypage')}
        </AppLink>
      </>
    )
  }
  return (
    <>
      <div className="notice notice--done" role="status">
        <h2 className="notice__title">{t('payment.unsubscribe.done.title')}</h2>
        {until && <p className="notice__lead">{t('payment.unsubscribe.done.until', { date: until })}</p>}
        <p>{t('payment.unsubscribe.done.body')}</p>
      </div>
      {payment && <AfterCancellation payment={payment} returnTo={returnTo} onResumed={setResumed} />}
      {reflecting && (
        <div>
          <p className="note">{t('payment.unsubscribe.done.reflecting')}</p>
          <AppLink href={links.premiumCancel} className="text-link">
            {t('payment.cancel.title')}
          </AppLink>
        </div>
      )}
      <AppLink href={links.mypage} className="button button--block">
        {t('payment.unsubscribe.done.mypage')}
      </AppLink>
    </>
  )
}

function Nothing({ name }: { name: string }) {
  return (
    <div className="notice notice--warning" role="note">
      <h2 className="notice__title">{t('payment.unsubscribe.nothing.title')}</h2>
      <p>{t('payment.unsubscribe.nothing.body', { name })}</p>
      <AppLink href={links.premiumCancel} className="text-link">
        {t('payment.unsubscribe.nothing.back')}
      </AppLink>
    </div>
  )
}

/**
 * `/sp/payment/unsubscribe/{plan}` (one page per plan): how that plan is left, and leaving it. A
 * carrier's page sends the member back here with `?returned=1&result=cancelled|abandoned`.
 * Members only.
 */
export function UnsubscribeScreen() {
  const address = usePageAddress()
  const { path } = address
  const searchParams = new URLSearchParams(address.search)
  const last = path.split('/').at(-1) ?? ''
  const plan: PaymentPlan = isPaymentPlan(last) ? last : 'credit'
  const name = t(`payment.plans.${plan}`)
  const result = searchParams.get('returned') === '1' ? searchParams.get('result') : null
  const account = useMembersOnly(address.href)
  const isMember = isMemberStatus(account.data?.membershipStatus)
  const premiumChanged = usePremiumChanged()

  const [cancelledHere, setCancelledHere] = useState<PaymentSelf | null>(null)
  const [notCancellable, setNotCancellable] = useState(false)
  const [startedAt] = useState(() => Date.now())
  const cancelledAtCarrier = result === 'cancelled'
  const done = cancelledHere !== null || cancelledAtCarrier
  // Back from the carrier, the gateway's notification may be a moment behind: look again a while.
  const paymentSelf = usePaymentSelf(isMember, (status) =>
    cancelledAtCarrier && renewing(status) && Date.now() - startedAt < RETURN_POLLING.windowMs
      ? RETURN_POLLING.intervalMs
      : false,
  )
  const unsubscribable = useUnsubscribable(isMember && !done)
  const item = unsubscribable.data?.items.find((candidate) => candidate.plan === plan)

  let body: ReactNode
  if (done) {
    body = (
      <Done
        payment={cancelledHere ?? paymentSelf.data}
        reflecting={cancelledHere === null && renewing(paymentSelf.data?.status)}
        returnTo={path}
      />
    )
  } else if (unsubscribable.data) {
    body = (
      <>
        {result === 'abandoned' && item && (
          <div className="notice notice--warning" role="alert">
            <h2 className="notice__title">{t('payment.unsubscribe.abandoned.title')}</h2>
            <p>{t('payment.unsubscribe.abandoned.body', { carrier: carrierName(plan) })}</p>
          </div>
        )}
        <Steps plan={plan} />
        {item ? (
          <CancelForm
            item={item}
            plan={plan}
            premiumUntil={paymentSelf.data?.premiumUntil ?? null}
            returnTo={path}
            onCancelled={(after) => {
              setCancelledHere(after)
              premiumChanged()
            }}
            onNotCancellable={() => {
              setNotCancellable(true)
              void unsubscribable.refetch()
            }}
          />
        ) : (
          <>
            {notCancellable && <Problem code="NOT_CANCELLABLE" returnTo={path} />}
            {account.data?.membershipStatus === 'JHS_PREMIUM' ? (
              <JhsPremiumStatus until={account.data.schoolPremiumUntil} />
            ) : (
              <Nothing name={name} />
            )}
          </>
        )}
      </>
    )
  } else if (account.isError || unsubscribable.isError) {
    const failed = account.isError ? account : unsubscribable
    body = (
      <LoadFailure
        error={failed.error}
        title={t('payment.unsubscribe.loadFailed')}
        onRetry={() => void failed.refetch()}
      />
    )
  } else {
    body = <LoadingState />
  }

  return (
    <div className="page">
      <PageTitle page={t('payment.unsubscribe.title')} />
      <h1 className="page__title">{t('payment.unsubscribe.title')}</h1>
      {body}
      <PremiumAfterCancel />
    </div>
  )
}
