import { AUDITION_CONSENT_TOKEN_PARAM } from '@puribox/contract/audition-page'
import type { GuardianConsentAnswered, GuardianConsentRequest } from '@puribox/contract/auditions'
import { links } from '@puribox/contract/pages'
import { type ReactNode, useId, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { ConfirmCheck } from '../../../components/form/confirm-check'
import { readDraft, writeDraft } from '../../../components/form/form-draft'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { errorCodeOf, errorMessage } from '../../../lib/error-message'
import audition from '../../../locales/ja/audition.json'
import { useAnswerConsent, useConsentRequest } from '../api/auditions'
import { t } from '../i18n'
import { whenText } from './application-progress'

const consentErrors: Readonly<Record<string, string>> = audition.consent.errors

/** Where this tab remembers the answer to one link, so that a reload still shows it. */
function answerKey(token: string): string {
  return `audition-consent-answer:${token.slice(0, 16)}`
}

function rememberedAnswer(token: string): GuardianConsentAnswered | null {
  const saved = readDraft(answerKey(token))
  if (!saved?.referenceNumber || !saved.answeredAt) return null
  if (saved.state !== 'AGREED' && saved.state !== 'DECLINED') return null
  return { state: saved.state, referenceNumber: saved.referenceNumber, answeredAt: saved.answeredAt }
}

function Answered({ answered }: { answered: GuardianConsentAnswered }) {
  return (
    <section className="card card--accent" role="status" aria-live="polite">
      <h2 className="notice__title">{t(`audition.consent.${answered.state}.title`)}</h2>
      <p>{t(`audition.consent.${answered.state}.body`)}</p>
      <p className="note">
        {t('audition.consent.answeredAt', {
          referenceNumber: answered.referenceNumber,
          date: whenText(answered.answeredAt),
        })}
      </p>
      {answered.state === 'AGREED' && (
        <AppLink href={links.inquiry} className="text-link">
          {t('audition.consent.inquiry')}
        </AppLink>
      )}
    </section>
  )
}

/** The request in PuriBox's words, what agreeing leads to, and the two answers. */
function ConsentRequest({
  request,
  token,
  onAnswered,
}: {
  request: GuardianConsentRequest
  token: string
  onAnswered: (answered: GuardianConsentAnswered) => void
}) {
  const answer = useAnswerConsent()
  const boxRef = useRef<HTMLInputElement>(null)
  const [unticked, setUnticked] = useState(false)
  const titleId = useId()
  const send = (choice: 'AGREE' | 'DECLINE') => {
    const confirmed = boxRef.current?.checked ?? false
    if (choice === 'AGREE' && !confirmed) {
      setUnticked(true)
      boxRef.current?.focus()
      return
    }
    setUnticked(false)
    answer.mutate(
      { token, answer: choice, confirmed },
      {
        onSuccess: (answered) => {
          const kept = {
            state: answered.state,
            referenceNumber: answered.referenceNumber,
            answeredAt: answered.answeredAt,
          }
          writeDraft(answerKey(token), kept)
          onAnswered(kept)
        },
      },
    )
  }
  return (
    <div className="stack">
      <p>{t('audition.consent.lead', { relation: t(`audition.relations.${request.relation}`) })}</p>
      <article className="card" aria-labelledby={titleId}>
        <h2 id={titleId} className="card__title">
          {request.audition.title}
        </h2>
        <p className="note">{t('audition.consent.organizer', { organizer: request.audition.organizer })}</p>
        {request.audition.description.split('\n').map((line, index) => (
          // The lines of a plain text: their order is all they have.
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are never reordered.
          <p key={index}>{line}</p>
        ))}
        <p className="note">{t('audition.consent.closes', { date: whenText(request.audition.closesAt) })}</p>
      </article>
      <dl className="facts">
        <div>
          <dt>{t('audition.consent.referenceNumber')}</dt>
          <dd>{request.referenceNumber}</dd>
        </div>
        <div>
          <dt>{t('audition.consent.expiresAt')}</dt>
          <dd>{whenText(request.expiresAt)}</dd>
        </div>
      </dl>
      <p className="note">{t('audition.consent.referenceNote')}</p>
      <section className="card card--soft" aria-label={t('audition.consent.flowTitle')}>
        <h2 className="card__title">{t('audition.consent.flowTitle')}</h2>
        <ol>
          <li>{t('audition.consent.flow.check')}</li>
          <li>{t('audition.consent.flow.send')}</li>
          <li>{t('audition.consent.flow.result')}</li>
        </ol>
        <p className="note">{t('audition.consent.notSent')}</p>
      </section>
      <ConfirmCheck
        inputRef={boxRef}
        label={t('audition.consent.confirm')}
        error={unticked ? consentErrors.CONFIRMATION_REQUIRED : null}
      />
      {answer.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(answer.error, consentErrors)}
        </p>
      )}
      <button
        type="button"
        className="button button--block"
        disabled={answer.isPending}
        onClick={() => send('AGREE')}
      >
        {answer.isPending ? t('audition.consent.sending') : t('audition.consent.agree')}
      </button>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={answer.isPending}
        onClick={() => send('DECLINE')}
      >
        {t('audition.consent.decline')}
      </button>
    </div>
  )
}

/**
 * `/sp/audition/consent?token=…` (decision 0060): a minor's guardian, from the link in PuriBox's
 * mail, reads what the request is for and agrees or declines, once. Open to anyone with the link,
 * signed in or not; the answer is remembered in this tab, so a reload still shows it.
 */
export function ConsentScreen() {
  const search = useSearch()
  const token = new URLSearchParams(search).get(AUDITION_CONSENT_TOKEN_PARAM) || null
  const [answered, setAnswered] = useState(() => (token ? rememberedAnswer(token) : null))
  const request = useConsentRequest(answered ? null : token)

  let body: ReactNode
  if (!token) {
    body = (
      <p className="notice notice--error" role="alert">
        {t('audition.consent.noToken')}
      </p>
    )
  } else if (answered) {
    body = <Answered answered={answered} />
  } else if (request.isPending) {
    body = <LoadingState label={t('audition.consent.loading')} />
  } else if (request.isError) {
    // The link's own refusals are final; anything else (no network) may work on a second try.
    const final = Object.hasOwn(consentErrors, errorCodeOf(request.error))
    body = (
      <LoadFailure
        error={request.error}
        title={t('audition.consent.problem')}
        message={errorMessage(request.error, consentErrors)}
        {...(final ? {} : { onRetry: () => void request.refetch() })}
      />
    )
  } else {
    body = <ConsentRequest request={request.data} token={token} onAnswered={setAnswered} />
  }

  return (
    <div className="page">
      <PageTitle page={t('audition.consent.title')} />
      <h1 className="page__title">{t('audition.consent.title')}</h1>
      {body}
    </div>
  )
}
