import { inquiryHash, PURI_INQUIRY_TOPICS } from '@puribox/contract/inquiry-paths'
import { INQUIRY_TOPICS, type InquiryTopic, inquiryProblems } from '@puribox/contract/inquiry-rules'
import { links } from '@puribox/contract/pages'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { PageTitle } from '../../../components/page-title'
import { callApi } from '../../../lib/call-api'
import { nowFor, useClock } from '../../../lib/clock'
import { useAccountSelf } from '../../account/api/get-account-self'
import { t } from '../i18n'
import {
  draftOf,
  forgetState,
  type InquiryFormState,
  lastSent,
  loadState,
  rememberSent,
  saveState,
} from '../inquiry-draft'
import { goTo, useInquiryView } from '../inquiry-hash'
import { HelpFirst } from './help-first'
import { InquiryConfirm } from './inquiry-confirm'
import { InquiryForm } from './inquiry-form'
import '../inquiry.css'

/** The steps' names, for the title and the progress line. */
const STEP_NUMBER = { input: 1, confirm: 2, sent: 3 } as const

/**
 * A signed-in member's known facts filled in once, where the draft is still empty: the account's
 * mail address, its membership, and how it pays (and how much).
 */
function usePrefill(state: InquiryFormState, update: (change: Partial<InquiryFormState>) => void) {
  const account = useAccountSelf()
  const membership = account.data?.membershipStatus
  const isMember = membership !== undefined && membership !== 'GUEST'
  const payment = useQuery({
    queryKey: ['inquiry', 'payment'],
    queryFn: ({ signal }) => callApi('paymentSelf', { signal }),
    enabled: isMember && !state.prefilled,
    retry: false,
  })
  useEffect(() => {
    if (state.prefilled || !account.data || !isMember || payment.isPending) return
    const mail = account.data.account?.mailAddress ?? ''
    const pay = payment.data
    update({
      prefilled: true,
      mailAddresses: state.mailAddresses.some((address) => address.trim() !== '')
        ? state.mailAddresses
        : [mail],
      accountKind: state.accountKind || (membership ?? ''),
      paymentKind: state.paymentKind || (pay?.kindId ?? ''),
      paymentPrice: state.paymentPrice || (pay?.kindId ? String(pay.priceYen) : ''),
    })
  }, [state, account.data, isMember, membership, payment.isPending, payment.data, update])
}

/**
 * `/sp/common/inquiry` and `/sp/common/inquiry_puri` (decision 0046): choose a topic, fill in its
 * form (the help answers that may solve it first), confirm, send; the steps are hash routes. The
 * draft lives in this tab (a reload or another page keeps it) until the inquiry is sent.
 */
export function InquiryScreen() {
  const [path] = useLocation()
  const view = useInquiryView()
  const clock = useClock()
  const [state, setState] = useState(loadState)
  const [serverInvalid, setServerInvalid] = useState(false)
  const update = useCallback((change: Partial<InquiryFormState>) => {
    setState((old) => {
      const next = { ...old, ...change }
      saveState(next)
      return next
    })
  }, [])
  usePrefill(state, update)

  // The confirmation of a draft that breaks its rules (opened by its address): back to the form.
  const confirmable =
    view.step === 'confirm' && inquiryProblems(draftOf(state, view.topic), nowFor(clock)).length === 0
  useEffect(() => {
    if (view.step === 'confirm' && !confirmable) goTo({ step: 'input', topic: view.topic }, { replace: true })
  }, [view, confirmable])

  const puriOnly = path.endsWith('/inquiry_puri')
  const step = view.step === 'topics' ? null : view.step
  const title = step === 'sent' ? t('inquiry.sent.title') : t('inquiry.title')

  return (
    <div className="page inquiry">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      {step && (
        <p className="inquiry-step">
          {t('inquiry.stepOf', { step: t(`inquiry.steps.${step}`), number: STEP_NUMBER[step] })}
        </p>
      )}
      {view.step === 'topics' && (
        <TopicList topics={puriOnly ? PURI_INQUIRY_TOPICS : INQUIRY_TOPICS} puriOnly={puriOnly} />
      )}
      {view.step === 'input' && (
        <>
          <p className="inquiry-topic">
            {t(`inquiry.topics.${view.topic}`)}{' '}
            <a href="#/" className="text-link">
              {t('inquiry.changeTopic')}
            </a>
          </p>
          <HelpFirst topic={view.topic} />
          <InquiryForm
            key={view.topic}
            topic={view.topic}
            state={state}
            onChange={update}
            serverInvalid={serverInvalid}
            onNext={() => {
              setServerInvalid(false)
              goTo({ step: 'confirm', topic: view.topic })
            }}
          />
        </>
      )}
      {view.step === 'confirm' && confirmable && (
        <InquiryConfirm
          draft={draftOf(state, view.topic)}
          idempotencyKey={state.key}
          onEdit={() => goTo({ step: 'input', topic: view.topic })}
          onInvalid={() => {
            setServerInvalid(true)
            goTo({ step: 'input', topic: view.topic }, { replace: true })
          }}
          onSent={(sent) => {
            rememberSent(sent)
            forgetState()
            setState(loadState())
            goTo({ step: 'sent' }, { replace: true })
          }}
        />
      )}
      {view.step === 'sent' && <SentView />}
    </div>
  )
}

function TopicList({ topics, puriOnly }: { topics: readonly InquiryTopic[]; puriOnly: boolean }) {
  return (
    <>
      <p className="page__lead">{puriOnly ? t('inquiry.puriLead') : t('inquiry.lead')}</p>
      <ul className="inquiry-topics">
        {topics.map((topic) => (
          <li key={topic}>
            <a href={inquiryHash({ step: 'input', topic })} className="inquiry-topics__link">
              {t(`inquiry.topics.${topic}`)}
            </a>
          </li>
        ))}
      </ul>
      {puriOnly && (
        <AppLink href={links.inquiry} className="text-link">
          {t('inquiry.allTopics')}
        </AppLink>
      )}
    </>
  )
}

function SentView() {
  const [sent] = useState(lastSent)
  return (
    <div className="stack">
      {sent ? (
        <section className="card inquiry-sent" aria-live="polite">
          <p className="inquiry-sent__label">{t('inquiry.sent.referenceNumber')}</p>
          <p className="inquiry-sent__number">{sent.referenceNumber}</p>
          <p>{t('inquiry.sent.lead', { address: sent.replyTo })}</p>
          <p>{t('inquiry.sent.reply')}</p>
          <p className="field-hint">{t('inquiry.sent.noMail')}</p>
        </section>
      ) : (
        <p className="page__lead">{t('inquiry.sent.missing')}</p>
      )}
      <a href="#/" className="button button--block button--secondary">
        {t('inquiry.sent.another')}
      </a>
      <AppLink href={links.top} className="text-link">
        {t('inquiry.sent.toTop')}
      </AppLink>
    </div>
  )
}
