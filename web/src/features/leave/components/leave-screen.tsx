import { links } from '@puribox/contract/pages'
import { loginPath } from '@puribox/contract/registration-paths'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { ConfirmCheck } from '../../../components/confirm-check'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { ApiError } from '../../../lib/api-client'
import { focusField } from '../../../lib/focus-field'
import { useMembersOnly } from '../../account/use-members-only'
import { useDeleteAccount, useDeletionCheck } from '../api/leave'
import { t } from '../i18n'

/**
 * Two pages, one flow (docs/decisions/0009): `leave` is the free member's withdrawal the footer
 * offers to non-official mini members; `delete` is the account deletion any member reaches from the
 * settings. A premium member is first sent to cancel premium.
 */
type Kind = 'leave' | 'delete'

const pathOf: Record<Kind, string> = { leave: links.freeMemberDeletion, delete: links.accountDelete }

type Problem =
  | 'CONFIRMATION_REQUIRED'
  | 'PASSWORD_REQUIRED'
  | 'PASSWORD_WRONG'
  | 'RATE_LIMITED'
  | 'OFFICIAL_ACCOUNT_CANNOT_LEAVE'
  | 'PREMIUM_ACTIVE'
  | 'UNAUTHENTICATED'
  | 'NETWORK'
  | 'generic'

function problemOf(error: unknown): Problem {
  if (!(error instanceof ApiError)) return 'generic'
  switch (error.code) {
    case 'CONFIRMATION_REQUIRED':
    case 'PASSWORD_WRONG':
    case 'RATE_LIMITED':
    case 'OFFICIAL_ACCOUNT_CANNOT_LEAVE':
    case 'PREMIUM_ACTIVE':
    case 'UNAUTHENTICATED':
    case 'NETWORK':
      return error.code
    default:
      return 'generic'
  }
}

function problemText(problem: Problem): string {
  if (problem === 'NETWORK') return t('common.errors.NETWORK')
  if (problem === 'generic') return t('common.errors.generic')
  return t(`leave.errors.${problem}`)
}

const CONFIRM_PROBLEMS: readonly Problem[] = ['CONFIRMATION_REQUIRED']
const PASSWORD_PROBLEMS: readonly Problem[] = ['PASSWORD_REQUIRED', 'PASSWORD_WRONG', 'RATE_LIMITED']

function WhatIsLost() {
  const titleId = useId()
  return (
    <section className="card card--soft" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('leave.lost.title')}
      </h2>
      <ul className="tips">
        <li>{t('leave.lost.pictures')}</li>
        <li>{t('leave.lost.unsaved')}</li>
        <li>{t('leave.lost.profile')}</li>
        <li>{t('leave.lost.account')}</li>
      </ul>
      <p className="note">{t('leave.lost.note')}</p>
    </section>
  )
}

function LeaveForm({
  kind,
  passwordRequired,
  onDone,
}: {
  kind: Kind
  passwordRequired: boolean
  onDone: () => void
}) {
  const remove = useDeleteAccount()
  const [problem, setProblem] = useState<Problem | null>(null)
  const confirmRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const ids = {
    password: useId(),
    passwordHint: useId(),
    passwordError: useId(),
  }
  const atConfirm = problem !== null && CONFIRM_PROBLEMS.includes(problem)
  const atPassword = problem !== null && PASSWORD_PROBLEMS.includes(problem)

  function show(found: Problem) {
    setProblem(found)
    if (CONFIRM_PROBLEMS.includes(found)) focusField(confirmRef.current)
    else if (PASSWORD_PROBLEMS.includes(found)) focusField(passwordRef.current)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (remove.isPending) return
    const confirmed = confirmRef.current?.checked ?? false
    const password = passwordRef.current?.value ?? ''
    if (!confirmed) return show('CONFIRMATION_REQUIRED')
    if (passwordRequired && password === '') return show('PASSWORD_REQUIRED')
    setProblem(null)
    remove.mutate(
      { confirmed, password: passwordRequired ? password : null },
      { onSuccess: onDone, onError: (error) => show(problemOf(error)) },
    )
  }

  return (
    <form className="card leave-form" noValidate onSubmit={onSubmit} aria-busy={remove.isPending}>
      <ConfirmCheck
        inputRef={confirmRef}
        name="confirmed"
        label={t('leave.confirm')}
        error={atConfirm ? problemText(problem) : null}
      />
      {passwordRequired && (
        <div className="field">
          <label className="field-label" htmlFor={ids.password}>
            {t('leave.password')}
          </label>
          <input
            ref={passwordRef}
            id={ids.password}
            className="field-input"
            type="password"
            name="password"
            autoComplete="current-password"
            enterKeyHint="done"
            aria-invalid={atPassword}
            aria-describedby={atPassword ? `${ids.passwordError} ${ids.passwordHint}` : ids.passwordHint}
          />
          <p id={ids.passwordHint} className="field-hint">
            {t('leave.passwordHint')}
          </p>
          {atPassword && (
            <p id={ids.passwordError} className="field-error" role="alert">
              {problemText(problem)}
            </p>
          )}
        </div>
      )}
      {problem && !atConfirm && !atPassword && (
        <div className="notice notice--error" role="alert">
          <p>{problemText(problem)}</p>
          {problem === 'UNAUTHENTICATED' && (
            <AppLink href={loginPath(pathOf[kind])} className="text-link">
              {t('profile.errors.login')}
            </AppLink>
          )}
        </div>
      )}
      <button type="submit" className="button button--danger button--block" disabled={remove.isPending}>
        {remove.isPending ? t('leave.submitting') : t(`leave.submit.${kind}`)}
      </button>
      <AppLink href={links.top} className="button button--secondary button--block">
        {t('leave.keep')}
      </AppLink>
    </form>
  )
}

function Goodbye() {
  return (
    <div className="page">
      <PageTitle page={t('leave.done.title')} />
      <div className="empty-state goodbye">
        <p className="empty-state__mark" aria-hidden="true">
          ♡
        </p>
        <h1 className="page__title" tabIndex={-1} ref={(heading) => heading?.focus()}>
          {t('leave.done.title')}
        </h1>
        <p>{t('leave.done.body')}</p>
        <p>{t('leave.done.again')}</p>
      </div>
      <AppLink href={links.top} className="button button--block">
        {t('leave.done.top')}
      </AppLink>
    </div>
  )
}

function LeaveScreen({ kind }: { kind: Kind }) {
  const [done, setDone] = useState(false)
  const account = useMembersOnly(pathOf[kind], { active: !done })
  const membership = account.data?.membershipStatus
  const isMember = membership === 'MINI' || membership === 'PREMIUM'
  const check = useDeletionCheck(isMember && !done)

  if (done) return <Goodbye />

  let body: ReactNode
  if (check.data?.status === 'OFFICIAL') {
    body = (
      <div className="notice notice--error" role="note">
        <h2 className="notice__title">{t('leave.official.title')}</h2>
        <p>{t('leave.official.body')}</p>
        <AppLink href={links.inquiry} className="text-link">
          {t('leave.official.inquiry')}
        </AppLink>
      </div>
    )
  } else if (check.data?.status === 'PREMIUM_ACTIVE') {
    body = (
      <div className="notice notice--warning" role="note">
        <h2 className="notice__title">{t('leave.premium.title')}</h2>
        <p>{t('leave.premium.body')}</p>
        <AppLink href={links.premiumCancel} className="button button--block">
          {t('leave.premium.cancel')}
        </AppLink>
      </div>
    )
  } else if (check.data) {
    body = (
      <>
        <WhatIsLost />
        <LeaveForm kind={kind} passwordRequired={check.data.passwordRequired} onDone={() => setDone(true)} />
      </>
    )
  } else if (account.isError || check.isError) {
    body = (
      <LoadFailure
        error={account.error ?? check.error}
        onRetry={() => void (account.isError ? account.refetch() : check.refetch())}
      />
    )
  } else {
    body = <LoadingState />
  }

  return (
    <div className="page">
      <PageTitle page={t(`leave.${kind}.title`)} />
      <h1 className="page__title">{t(`leave.${kind}.title`)}</h1>
      {(check.data === undefined || check.data.status === 'ALLOWED') && (
        <p className="page__lead">{t(`leave.${kind}.lead`)}</p>
      )}
      {body}
    </div>
  )
}

/** `/sp/account/leave`: free-member withdrawal. */
export function FreeMemberLeaveScreen() {
  return <LeaveScreen kind="leave" />
}

/** `/sp/account/delete`: account deletion. */
export function AccountDeleteScreen() {
  return <LeaveScreen kind="delete" />
}
