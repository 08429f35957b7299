import type { PaymentSelf } from '@puribox/contract/payments-api'
import { loginPath } from '@puribox/contract/registration-paths'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import { useContractForm } from '../../../components/form/use-contract-form'
import payment from '../../../locales/ja/payment.json'
import { useSubscriptionResumed } from '../api/payments'
import { t, withWholePrices } from '../i18n'
import { fullDate } from '../payment-text'

/**
 * A cancelled payment, while premium lasts: a card's cancellation is undone with one tap (renewals
 * go on as before); a carrier's is final, and the member is told plainly how to subscribe again.
 */
export function AfterCancellation({
  payment: current,
  returnTo,
  onResumed,
}: {
  payment: PaymentSelf
  /** This page, to come back to after signing in again. */
  returnTo: string
  onResumed: (payment: PaymentSelf) => void
}) {
  const until = fullDate(current.premiumUntil)
  if (!until || current.status !== 'CANCELLED') return null
  if (current.resumable && current.subscriptionId) {
    return (
      <ResumeForm
        subscriptionId={current.subscriptionId}
        until={until}
        priceYen={current.priceYen}
        returnTo={returnTo}
        onResumed={onResumed}
      />
    )
  }
  return <CancellationIsFinal name={current.viewName ?? ''} until={until} />
}

function ResumeForm({
  subscriptionId,
  until,
  priceYen,
  returnTo,
  onResumed,
}: {
  subscriptionId: string
  until: string
  priceYen: number
  returnTo: string
  onResumed: (payment: PaymentSelf) => void
}) {
  const resumed = useSubscriptionResumed()
  const titleId = useId()
  const resume = useContractForm({
    route: 'resumeSubscription',
    request: () => ({ input: { params: { id: subscriptionId } } }),
    messages: payment.resume.errors,
    onSuccess: (answer) => {
      resumed(answer)
      onResumed(answer.payment)
    },
  })
  return (
    <Form form={resume} className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.resume.title')}
      </h2>
      <p>{withWholePrices(t('payment.resume.body', { date: until, price: priceYen }))}</p>
      <FormProblemNotice problem={resume.problem}>
        {resume.problem?.code === 'UNAUTHENTICATED' && (
          <AppLink href={loginPath(returnTo)} className="text-link">
            {t('payment.unsubscribe.errors.login')}
          </AppLink>
        )}
      </FormProblemNotice>
      <SubmitButton
        pending={resume.pending}
        pendingLabel={t('payment.resume.submitting')}
        className="button button--secondary button--block"
      >
        {t('payment.resume.submit')}
      </SubmitButton>
    </Form>
  )
}

function CancellationIsFinal({ name, until }: { name: string; until: string }) {
  const titleId = useId()
  return (
    <section className="card card--soft" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.resume.final.title')}
      </h2>
      <p>{t('payment.resume.final.body', { name, date: until })}</p>
      <p className="note">{t('payment.resume.final.kept')}</p>
    </section>
  )
}

/** The cancellation was undone: premium goes on, and when the next payment is. */
export function Resumed({ payment: current }: { payment: PaymentSelf }) {
  const next = fullDate(current.nextPaymentAt)
  return (
    <div className="notice notice--done" role="status">
      <h2 className="notice__title">{t('payment.resume.done.title')}</h2>
      {next && <p>{t('payment.resume.done.body', { date: next })}</p>}
    </div>
  )
}
