import { links } from '@puribox/contract/pages'
import { AU_TRIAL_DAYS, PREMIUM_PRICE_YEN, planFor } from '@puribox/contract/payments'
import type { Trial } from '@puribox/contract/payments-api'
import { loginPath } from '@puribox/contract/registration-paths'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import { useContractForm } from '../../../components/form/use-contract-form'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { browserPage } from '../../../lib/page-navigation'
import payment from '../../../locales/ja/payment.json'
import { accountSelfQueryKey } from '../../account/api/get-account-self'
import { useMembersOnly } from '../../account/use-members-only'
import { paymentTrialQueryKey, usePaymentTrial, usePremiumChanged } from '../api/payments'
import { t, withWholePrices } from '../i18n'
import { useBackFromPage, usePageAddress } from '../page-hooks'
import { choiceOf, type PaymentChoice } from '../payment-paths'
import { fullDate, isCarrier, monthlyPrice } from '../payment-text'
import '../payment.css'
import { JhsPremiumStatus } from './jhs'

/** Already premium (the account says so, or the server answered ALREADY_PREMIUM): nothing to buy. */
function AlreadyPremium({ fromError }: { fromError: boolean }) {
  return (
    <div className="notice notice--warning" role={fromError ? 'alert' : 'note'}>
      <h2 className="notice__title">{t('payment.confirm.premium.title')}</h2>
      <p>{t('payment.confirm.premium.body')}</p>
      <AppLink href={links.mypage} className="button button--block">
        {t('payment.confirm.premium.mypage')}
      </AppLink>
    </div>
  )
}

/** The au trial is not offered to this member: why, and the au plan at its price instead. */
function TrialDenied({ reason, fromError }: { reason: Trial['reason']; fromError: boolean }) {
  let why: ReactNode
  if (reason === 'NOT_AU') {
    why = (
      <>
        <p>{t('payment.confirm.trialDenied.NOT_AU')}</p>
        <p className="notice__detail">{t('payment.confirm.trialDenied.NOT_AUNote')}</p>
      </>
    )
  } else if (reason === 'TRIAL_USED') {
    why = <p>{t('payment.confirm.trialDenied.TRIAL_USED')}</p>
  } else {
    why = <p>{t('payment.confirm.trialDenied.generic')}</p>
  }
  return (
    <>
      <div className="notice notice--warning" role={fromError ? 'alert' : 'note'}>
        <h2 className="notice__title">{t('payment.confirm.trialDenied.title')}</h2>
        {why}
      </div>
      <section className="card">
        <p>{withWholePrices(t('payment.confirm.trialDenied.normal', { price: PREMIUM_PRICE_YEN }))}</p>
        <AppLink href={links.paymentAu} className="button button--block">
          {t('payment.confirm.trialDenied.toNormal')}
        </AppLink>
        <AppLink href={links.premiumRegistration} className="text-link">
          {t('payment.confirm.otherMethods')}
        </AppLink>
      </section>
    </>
  )
}

/** The terms of the contract, as Japan's Specified Commercial Transactions Act asks at the last step. */
function Terms({
  choice,
  trialEnd,
  canAddOn,
}: {
  choice: PaymentChoice
  trialEnd: string | null
  /** The carrier bills an account that can add on under its add-on plan. */
  canAddOn: boolean
}) {
  const { kind, trial } = choice
  let timing: string
  if (!isCarrier(kind)) timing = t('payment.confirm.timing.CREDIT')
  else if (trial) timing = t('payment.confirm.timing.trial')
  else timing = t('payment.confirm.timing.carrier')
  const rows: { name: string; value: ReactNode }[] = [
    { name: t('payment.confirm.rows.service'), value: t('payment.confirm.service') },
    {
      name: t('payment.confirm.rows.price'),
      value: trial ? (
        <>
          <span className="terms-table__strong">
            {withWholePrices(
              t('payment.confirm.priceTrial', { days: AU_TRIAL_DAYS, price: PREMIUM_PRICE_YEN }),
            )}
          </span>
          {trialEnd && (
            <span className="terms-table__sub">{t('payment.confirm.trialEnd', { date: trialEnd })}</span>
          )}
        </>
      ) : (
        <span className="terms-table__strong">{monthlyPrice()}</span>
      ),
    },
    { name: t('payment.confirm.rows.method'), value: t(`payment.plans.${planFor(kind, canAddOn)}`) },
    { name: t('payment.confirm.rows.timing'), value: timing },
    { name: t('payment.confirm.rows.start'), value: t('payment.confirm.start') },
    { name: t('payment.confirm.rows.term'), value: t('payment.confirm.term') },
    {
      name: t('payment.confirm.rows.cancel'),
      value: trial ? (
        <>
          {t('payment.confirm.cancel')}
          <span className="terms-table__sub">{t('payment.confirm.cancelTrial')}</span>
        </>
      ) : (
        t('payment.confirm.cancel')
      ),
    },
  ]
  return (
    <table className="terms-table">
      <caption className="visually-hidden">{t('payment.confirm.caption')}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ConfirmForm({
  choice,
  canAddOn,
  onAlreadyPremium,
  onTrialRefused,
}: {
  choice: PaymentChoice
  /** The plan shown in the terms is the one sent: the carrier's add-on plan for a line that may take it. */
  canAddOn: boolean
  onAlreadyPremium: () => void
  onTrialRefused: () => void
}) {
  const queryClient = useQueryClient()
  const { path } = usePageAddress()
  const errorId = useId()
  const start = useContractForm({
    route: 'startSubscription',
    request: () => ({
      input: { body: { kind: choice.kind, trial: choice.trial, plan: planFor(choice.kind, canAddOn) } },
    }),
    messages: payment.confirm.errors,
    onSuccess: ({ redirectUrl }) => browserPage.load(redirectUrl),
    onError: ({ code }) => {
      // JHS_PREMIUM_ACTIVE: premium came free meanwhile; the membership read again says so.
      if (code === 'ALREADY_PREMIUM' || code === 'JHS_PREMIUM_ACTIVE') onAlreadyPremium()
      else if (code === 'TRIAL_NOT_ALLOWED') onTrialRefused()
      else {
        // The carrier no longer lets the line take the add-on plan: the account read again shows the
        // base plan in the terms, and the message says to check it and apply again.
        if (code === 'ADD_ON_NOT_ALLOWED')
          void queryClient.invalidateQueries({ queryKey: accountSelfQueryKey })
        return false
      }
      return true
    },
  })
  useBackFromPage(start.reset)
  // Once the gateway's address has come, the browser is on its way there: the button stays busy.
  const moving = start.pending || start.succeeded

  return (
    <Form form={start} className="stack">
      <p className="note">{t('payment.confirm.next', { method: t(`payment.kinds.${choice.kind}`) })}</p>
      <p className="note">
        {t('payment.confirm.readFirst')}
        <span className="inline-links">
          <AppLink href={links.terms}>{t('payment.confirm.terms')}</AppLink>
          <AppLink href={links.commercialLaw}>{t('payment.confirm.legal')}</AppLink>
        </span>
      </p>
      <FormProblemNotice problem={start.problem} id={errorId}>
        {start.problem?.code === 'UNAUTHENTICATED' && (
          <AppLink href={loginPath(path)} className="text-link">
            {t('payment.confirm.errors.login')}
          </AppLink>
        )}
      </FormProblemNotice>
      <SubmitButton
        pending={moving}
        pendingLabel={t('payment.confirm.submitting')}
        className="button button--block button--large"
        aria-describedby={start.problem ? errorId : undefined}
      >
        {choice.trial
          ? t('payment.confirm.submitTrial')
          : t('payment.confirm.submit', { price: PREMIUM_PRICE_YEN })}
      </SubmitButton>
      <AppLink href={links.premiumRegistration} className="text-link">
        {t('payment.confirm.otherMethods')}
      </AppLink>
    </Form>
  )
}

/**
 * The final confirmation of each way to pay (`/web/payment/credit`, `/sp/auoneadmit/admittop`,
 * `/sp/auoneadmit/au_trial_start`, `/sp/2/docomo_payment/subscribe/top`,
 * `/sp/softbankadmit/admittop`): the contract's terms in one table, then the button that sends the
 * member to the gateway's consent page. Members only.
 */
export function PaymentConfirmScreen() {
  const { path } = usePageAddress()
  const choice = choiceOf(path)
  const account = useMembersOnly(path)
  const membership = account.data?.membershipStatus
  const trial = usePaymentTrial(choice?.trial === true && membership === 'MINI')
  const premiumChanged = usePremiumChanged()
  const queryClient = useQueryClient()
  const [alreadyPremium, setAlreadyPremium] = useState(false)
  const [trialRefused, setTrialRefused] = useState(false)

  function onAlreadyPremium() {
    setAlreadyPremium(true)
    premiumChanged()
  }

  function onTrialRefused() {
    setTrialRefused(true)
    void queryClient.invalidateQueries({ queryKey: paymentTrialQueryKey })
  }

  let body: ReactNode
  if (!choice) {
    body = (
      <AppLink href={links.premiumRegistration} className="button button--block">
        {t('payment.confirm.otherMethods')}
      </AppLink>
    )
  } else if (membership === 'JHS_PREMIUM') {
    body = <JhsPremiumStatus until={account.data?.schoolPremiumUntil} />
  } else if (alreadyPremium) {
    body = <AlreadyPremium fromError />
  } else if (membership === 'PREMIUM') {
    body = <AlreadyPremium fromError={false} />
  } else if (membership !== 'MINI') {
    body = account.isError ? (
      <LoadFailure error={account.error} onRetry={() => void account.refetch()} />
    ) : (
      <LoadingState />
    )
  } else if (choice.trial && !trial.data) {
    body = trial.isError ? (
      <LoadFailure error={trial.error} onRetry={() => void trial.refetch()} />
    ) : (
      <LoadingState />
    )
  } else if (choice.trial && trial.data?.reason === 'ALREADY_PREMIUM') {
    body = <AlreadyPremium fromError={false} />
  } else if (choice.trial && (trialRefused || !trial.data?.canTrial)) {
    body = <TrialDenied reason={trial.data?.reason ?? null} fromError={trialRefused} />
  } else {
    body = (
      <>
        <p className="page__lead">{t('payment.confirm.lead')}</p>
        <section className="card">
          <Terms
            choice={choice}
            trialEnd={fullDate(trial.data?.endDate)}
            canAddOn={account.data?.account?.canAddOn ?? false}
          />
        </section>
        <ConfirmForm
          choice={choice}
          canAddOn={account.data?.account?.canAddOn ?? false}
          onAlreadyPremium={onAlreadyPremium}
          onTrialRefused={onTrialRefused}
        />
      </>
    )
  }

  return (
    <div className="page">
      <PageTitle page={t('payment.confirm.title')} />
      <h1 className="page__title">{t('payment.confirm.title')}</h1>
      {body}
    </div>
  )
}
