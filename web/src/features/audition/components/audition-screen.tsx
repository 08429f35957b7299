import { AUDITION_PAGE, AUDITION_RETURN_PARAM } from '@puribox/contract/audition-page'
import type { Audition, AuditionCheckState } from '@puribox/contract/auditions'
import { links } from '@puribox/contract/pages'
import { type ReactNode, useCallback, useState } from 'react'
import { useSearch } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { errorMessage } from '../../../lib/error-message'
import { browserPage } from '../../../lib/page-navigation'
import { useMembersOnly } from '../../account/use-members-only'
import { useAuditionCheck, useAuditions, useStartCheck } from '../api/auditions'
import { auditionErrors, t } from '../i18n'
import {
  AskGuardian,
  GuardianAgreed,
  SentToOrganiser,
  ToSendNote,
  WaitingForGuardian,
  whenText,
} from './application-progress'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The profile, and back here once the birthday is saved. */
export const PROFILE_FOR_BIRTHDAY = `${links.userinfo}?from=${encodeURIComponent(AUDITION_PAGE)}`

/** The check named by the address on the way back from the verifier; its outcome read by the server. */
function CheckResult({ checkId, auditions }: { checkId: string; auditions: readonly Audition[] }) {
  const check = useAuditionCheck(checkId, true)
  if (check.isPending) return <LoadingState label={t('audition.result.checking')} />
  if (check.isError) {
    return (
      <LoadFailure
        error={check.error}
        title={t('audition.result.failed')}
        message={errorMessage(check.error, auditionErrors)}
        onRetry={() => void check.refetch()}
      />
    )
  }
  const state: AuditionCheckState = check.data.state
  const audition = auditions.find((a) => a.id === check.data.auditionId)
  // Every outcome names the audition it was for (one closed since is no longer listed: "this audition").
  const named = audition
    ? t('audition.result.named', { title: audition.title })
    : t('audition.result.unnamed')
  return (
    <section
      className={state === 'VERIFIED' ? 'card card--accent' : 'notice notice--warning'}
      role="status"
      aria-live="polite"
    >
      <h2 className="notice__title">{t(`audition.result.${state}.title`)}</h2>
      <p>{t(`audition.result.${state}.body`, { audition: named })}</p>
      {state === 'PENDING' && (
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={check.isFetching}
          onClick={() => void check.refetch()}
        >
          {t('audition.result.PENDING.recheck')}
        </button>
      )}
    </section>
  )
}

/** The start (or continue) button of one audition, with its error under it. */
function StartCheck({ audition }: { audition: Audition }) {
  const start = useStartCheck()
  const [moving, setMoving] = useState(false)
  const state = audition.check?.state ?? null
  const label =
    state === 'PENDING'
      ? t('audition.card.continue')
      : state === null
        ? t('audition.card.start')
        : t('audition.card.retry')
  const onClick = useCallback(() => {
    start.mutate(audition.id, {
      onSuccess: ({ redirectUrl }) => {
        setMoving(true)
        browserPage.load(redirectUrl)
      },
    })
  }, [start, audition.id])
  return (
    <>
      <button
        type="button"
        className="button button--block"
        disabled={start.isPending || moving}
        onClick={onClick}
      >
        {start.isPending || moving ? t('audition.card.moving') : label}
      </button>
      {start.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(start.error, auditionErrors)}
        </p>
      )}
    </>
  )
}

/**
 * The application of one audition the member may apply to, as far as it has gone: a minor asks a
 * guardian first and waits for the answer; then the identity check; then what was sent.
 */
function Application({ audition, accountId }: { audition: Audition; accountId: string }) {
  const consent = audition.guardianConsent
  switch (audition.step) {
    case 'GUARDIAN_CONSENT':
      return <AskGuardian consent={consent} auditionId={audition.id} accountId={accountId} />
    case 'WAITING_FOR_GUARDIAN':
      return consent ? (
        <WaitingForGuardian consent={consent} auditionId={audition.id} accountId={accountId} />
      ) : null
    case 'SENT':
      return <SentToOrganiser application={audition.application} />
    default:
      return (
        <>
          {consent && <GuardianAgreed consent={consent} />}
          <ToSendNote organizer={audition.organizer} withConsent={consent?.state === 'AGREED'} />
          <StartCheck audition={audition} />
        </>
      )
  }
}

function AuditionCard({ audition, children }: { audition: Audition; children?: ReactNode }) {
  const titleId = `audition-${audition.id}`
  const state = audition.check?.state
  return (
    <article className="card" aria-labelledby={titleId}>
      <h3 id={titleId} className="card__title">
        {audition.title}
      </h3>
      <p className="note">{t('audition.card.organizer', { organizer: audition.organizer })}</p>
      {audition.description.split('\n').map((line, index) => (
        // The lines of a plain text: their order is all they have.
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are never reordered.
        <p key={index}>{line}</p>
      ))}
      <p className="note">
        {t('audition.card.ages', { min: audition.minAge, max: audition.maxAge })}
        <br />
        {t('audition.card.closes', { date: whenText(audition.closesAt) })}
      </p>
      {(audition.step || state) && (
        <p>
          {audition.step && (
            <span className="badge">
              {t('audition.steps.label', { step: t(`audition.steps.${audition.step}`) })}
            </span>
          )}{' '}
          {state && audition.step !== 'SENT' && (
            <span className="badge">{t(`audition.card.state.${state}`)}</span>
          )}
        </p>
      )}
      {children}
    </article>
  )
}

function OpenAuditions({ auditions, accountId }: { auditions: readonly Audition[]; accountId: string }) {
  const eligible = auditions.filter((a) => a.eligibility === 'ELIGIBLE')
  const others = auditions.filter((a) => a.eligibility === 'TOO_YOUNG' || a.eligibility === 'TOO_OLD')
  const needsBirthday = auditions.some((a) => a.eligibility === 'BIRTHDAY_REQUIRED')
  if (auditions.length === 0) return <p className="card card--soft">{t('audition.empty')}</p>
  if (needsBirthday) {
    return (
      <section className="notice notice--warning" aria-labelledby="audition-birthday">
        <h2 id="audition-birthday" className="notice__title">
          {t('audition.birthday.title')}
        </h2>
        <p>{t('audition.birthday.body')}</p>
        <AppLink href={PROFILE_FOR_BIRTHDAY} className="button button--block">
          {t('audition.birthday.link')}
        </AppLink>
      </section>
    )
  }
  return (
    <>
      <h2 className="section-title">{t('audition.openHeading')}</h2>
      {eligible.length === 0 && <p className="card card--soft">{t('audition.empty')}</p>}
      <div className="stack">
        {eligible.map((audition) => (
          <AuditionCard key={audition.id} audition={audition}>
            <Application audition={audition} accountId={accountId} />
          </AuditionCard>
        ))}
      </div>
      {others.length > 0 && (
        <details>
          <summary>{t('audition.otherHeading', { count: others.length })}</summary>
          <p className="note">{t('audition.otherNote')}</p>
          <div className="stack">
            {others.map((audition) => (
              <AuditionCard key={audition.id} audition={audition}>
                <p className="note">
                  {audition.eligibility === 'TOO_YOUNG'
                    ? t('audition.card.tooYoung', { min: audition.minAge })
                    : t('audition.card.tooOld', { max: audition.maxAge })}
                </p>
              </AuditionCard>
            ))}
          </div>
        </details>
      )}
    </>
  )
}

/** The check id of the address (`?check=`), when it is one. */
function checkIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get(AUDITION_RETURN_PARAM)
  return id && UUID.test(id) ? id : null
}

/**
 * `/sp/audition` (decision 0049): the auditions open to the member by age, each started with an
 * identity check at the verifier; on the way back (`?check=`) the check's outcome, which the server
 * reads from the verifier. Members only.
 */
export function AuditionScreen() {
  const search = useSearch()
  // Where the login page brings a guest back: this address as it was opened (a check's too).
  const [returnTo] = useState(() => (search ? `${AUDITION_PAGE}?${search}` : AUDITION_PAGE))
  const account = useMembersOnly(returnTo)
  const membership = account.data?.membershipStatus
  const isMember = membership !== undefined && membership !== 'GUEST'
  const auditions = useAuditions(isMember)
  const checkId = checkIdOf(search)

  let body: ReactNode
  if (account.isError) {
    body = <LoadFailure error={account.error} onRetry={() => void account.refetch()} />
  } else if (!isMember || auditions.isPending) {
    body = <LoadingState label={t('audition.loading')} />
  } else if (auditions.isError) {
    body = (
      <LoadFailure
        error={auditions.error}
        title={t('audition.loadFailed')}
        onRetry={() => void auditions.refetch()}
      />
    )
  } else {
    body = (
      <>
        {checkId && <CheckResult checkId={checkId} auditions={auditions.data.auditions} />}
        <OpenAuditions auditions={auditions.data.auditions} accountId={account.data?.account?.id ?? ''} />
      </>
    )
  }

  return (
    <div className="page">
      <PageTitle page={t('audition.title')} />
      <h1 className="page__title">{t('audition.title')}</h1>
      <p className="page__lead">{t('audition.lead')}</p>
      {body}
    </div>
  )
}
