import {
  CERTIFICATE_SLOTS,
  GRADES,
  JHS_FREE_PAGE,
  type JhsApplyBody,
  type JhsState,
  KIND_DOCUMENTS,
} from '@puribox/contract/jhs-free'
import { links } from '@puribox/contract/pages'
import { loginPath, registerEmailPath } from '@puribox/contract/registration-paths'
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { AppLink } from '../../../components/app-link'
import { BirthdayField } from '../../../components/form/birthday-field'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { RegisteredNotice, useJustRegistered } from '../../../components/registered-notice'
import { ApiError } from '../../../lib/api-client'
import { nowFor, useClock } from '../../../lib/clock'
import { errorMessage } from '../../../lib/error-message'
import { focusField } from '../../../lib/focus-field'
import { useAccountSelf } from '../../account/api/get-account-self'
import { useApply, useJhsState } from '../api/jhs-state'
import { t } from '../i18n'
import { clearJhsDraft, EMPTY_DRAFT, type JhsDraft, readJhsDraft, saveJhsDraft } from '../jhs-draft'
import { checkJhsDraft, JHS_FIELDS, type JhsErrors, type JhsField } from '../jhs-form-rules'
import { goTo, hashOf, type JhsView, useJhsView } from '../jhs-hash'
import { useCertificates } from '../use-certificates'
import { CertificateField } from './certificate-field'
import '../jhs-free.css'

/** This page at a step, keeping `?from=`: where sign-in and registration come back to. */
function hereAt(view: JhsView): string {
  return `${JHS_FREE_PAGE}${window.location.search}${hashOf[view]}`
}

function dateOnly(jst: string): string {
  const [year, month, day] = jst.slice(0, 10).split('-').map(Number)
  return t('jhsFree.confirm.birthValue', { year: year!, month: month!, day: day! })
}

/** The last day of the premium: the day before the one it ends on (1 April, 00:00 Japan time). */
function lastDay(premiumUntil: string): string {
  const [year, month, day] = premiumUntil.slice(0, 10).split('-').map(Number)
  const last = new Date(Date.UTC(year!, month! - 1, day! - 1))
  return t('jhsFree.confirm.birthValue', {
    year: last.getUTCFullYear(),
    month: last.getUTCMonth() + 1,
    day: last.getUTCDate(),
  })
}

function StatusCard({ state }: { state: JhsState }) {
  const application = state.application
  if (!application) return null
  const body =
    application.state === 'SUBMITTED'
      ? t('jhsFree.status.SUBMITTEDBody', { date: dateOnly(application.submittedAt) })
      : application.state === 'APPROVED'
        ? t('jhsFree.status.APPROVEDBody', {
            date: lastDay(application.premiumUntil ?? application.submittedAt),
          })
        : t('jhsFree.status.REJECTEDBody', { reason: application.rejectReason ?? '' })
  return (
    <section className={`card jhs-status jhs-status--${application.state.toLowerCase()}`} aria-live="polite">
      <h2 className="card__title">{t('jhsFree.status.title')}</h2>
      <p className="jhs-status__state">{t(`jhsFree.status.${application.state}`)}</p>
      <p>{body}</p>
      {application.state === 'REJECTED' && <p>{t('jhsFree.status.REJECTEDAgain')}</p>}
    </section>
  )
}

/**
 * `#/sent`: received, under review, and where the result will go, each said once (the card of the
 * application's state would say the first and the last again). A state moved on since is that card.
 */
function SentCard({ state, sentTo }: { state: JhsState; sentTo: string }) {
  if (state.application && state.application.state !== 'SUBMITTED') return <StatusCard state={state} />
  return (
    <section className="card jhs-status jhs-status--submitted" role="status">
      <h2 className="card__title">{t('jhsFree.sent.title')}</h2>
      <p className="jhs-status__state">{t('jhsFree.status.SUBMITTED')}</p>
      <p>{sentTo ? t('jhsFree.sent.body', { mail: sentTo }) : t('jhsFree.sent.bodyNoMail')}</p>
    </section>
  )
}

function GuestLinks({ view }: { view: JhsView }) {
  return (
    <section className="card">
      <p>{t('jhsFree.lp.guestLead')}</p>
      <AppLink href={registerEmailPath({ next: hereAt(view) })} className="button button--block">
        {t('jhsFree.lp.register')}
      </AppLink>
      <AppLink href={loginPath(hereAt(view))} className="button button--secondary button--block">
        {t('jhsFree.lp.login')}
      </AppLink>
    </section>
  )
}

function ApplyAction({ state, repeat = false }: { state: JhsState; repeat?: boolean }) {
  if (state.blocker === 'GUEST') return <GuestLinks view="profile" />
  if (state.blocker) {
    // Told once, at the top.
    if (repeat) return null
    return (
      <p className="notice" role="status">
        {t(`jhsFree.blocked.${state.blocker}`)}
      </p>
    )
  }
  return (
    <a className="button button--block" href={hashOf.profile}>
      {state.application?.state === 'REJECTED' ? t('jhsFree.status.applyAgain') : t('jhsFree.lp.apply')}
    </a>
  )
}

/** `#/lp`: who may apply, what is needed, how long it lasts, and the person's application. */
function Landing({ state }: { state: JhsState }) {
  return (
    <>
      <span className="illustration illustration--school" aria-hidden="true" />
      <p className="page__lead">{t('jhsFree.lp.lead')}</p>
      <StatusCard state={state} />
      <ApplyAction state={state} />
      <section className="card">
        <h2 className="card__title">{t('jhsFree.lp.whoTitle')}</h2>
        <ul className="jhs-list">
          <li>{t('jhsFree.lp.who.school')}</li>
          <li>{t('jhsFree.lp.who.member')}</li>
          <li>{t('jhsFree.lp.who.parent')}</li>
        </ul>
      </section>
      <section className="card">
        <h2 className="card__title">{t('jhsFree.lp.whatTitle')}</h2>
        <p>{t('jhsFree.lp.what')}</p>
        <h2 className="card__title">{t('jhsFree.lp.untilTitle')}</h2>
        <p>{t('jhsFree.lp.until')}</p>
      </section>
      {state.isPremium && (
        <section className="card card--accent">
          <h2 className="card__title">{t('jhsFree.lp.paidTitle')}</h2>
          <p>{t('jhsFree.lp.paid')}</p>
        </section>
      )}
      <section>
        <h2 className="section-title">{t('jhsFree.lp.needTitle')}</h2>
        <p className="page__lead">{t('jhsFree.lp.needLead')}</p>
        <ol className="steps">
          {CERTIFICATE_SLOTS.map((slot) => (
            <li key={slot} className="steps__item">
              <strong>{t(`jhsFree.lp.needs.${slot}.title`).replace(/^\d+\.\s*/, '')}</strong>
              <p>{t(`jhsFree.lp.needs.${slot}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>
      {!state.isPremium && (
        <section className="card">
          <h2 className="card__title">{t('jhsFree.lp.paidTitle')}</h2>
          <p>{t('jhsFree.lp.paid')}</p>
        </section>
      )}
      <section className="card">
        <h2 className="card__title">{t('jhsFree.lp.reviewTitle')}</h2>
        <p>{t('jhsFree.lp.review')}</p>
      </section>
      <ApplyAction state={state} repeat />
    </>
  )
}

function Steps({ current }: { current: 'profile' | 'confirm' | 'sent' }) {
  const labels = { profile: 'stepProfile', confirm: 'stepConfirm', sent: 'stepSent' } as const
  return (
    <ol className="jhs-steps">
      {(['profile', 'confirm', 'sent'] as const).map((step) => (
        <li key={step} className="jhs-steps__item" aria-current={step === current ? 'step' : undefined}>
          {t(`jhsFree.form.${labels[step]}`)}
        </li>
      ))}
    </ol>
  )
}

function SessionExpired({ view }: { view: JhsView }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{t('jhsFree.errors.UNAUTHENTICATED')}</p>
      <AppLink href={loginPath(hereAt(view))} className="button button--block">
        {t('jhsFree.errors.relogin')}
      </AppLink>
    </div>
  )
}

/**
 * `/sp/jhs_free` (decision 0048): the landing (`#/lp`), the form (`#/input/profile`), its
 * confirmation and the sent step. What is typed survives a reload and a trip to sign in again; the
 * pictures are on the server as soon as they are chosen.
 */
export function JhsFreeScreen() {
  const view = useJhsView()
  const registered = useJustRegistered()
  const account = useAccountSelf()
  const state = useJhsState()
  const clock = useClock()
  const accountId = account.data?.account?.id ?? null
  const [sessionExpired, setSessionExpired] = useState(false)
  const onSessionExpired = useCallback(() => setSessionExpired(true), [])
  const certificates = useCertificates(state.data?.uploads, onSessionExpired)
  const [draft, setDraft] = useState<JhsDraft | null>(null)
  const [errors, setErrors] = useState<JhsErrors>({})
  const [checked, setChecked] = useState<JhsApplyBody | null>(null)
  const [sentTo, setSentTo] = useState('')
  const apply = useApply()
  const sending = useRef(false)
  const formId = useId()
  const formRef = useRef<HTMLFormElement>(null)

  // The draft of this account, once known; the account's mail address to start with.
  useEffect(() => {
    if (!accountId || draft) return
    const kept = readJhsDraft(accountId)
    setDraft(kept ?? { ...EMPTY_DRAFT, mailAddress: account.data?.account?.mailAddress ?? '' })
  }, [accountId, draft, account.data])

  const update = useCallback(
    (next: JhsDraft) => {
      setDraft(next)
      if (accountId) saveJhsDraft(accountId, next)
    },
    [accountId],
  )

  const fieldId = (field: JhsField) => `${formId}-${field}`

  function check(): JhsApplyBody | null {
    if (!draft) return null
    const result = checkJhsDraft(draft, certificates.forRules, nowFor(clock))
    if ('errors' in result) {
      setErrors(result.errors)
      const first = JHS_FIELDS.find((field) => result.errors[field])
      if (first) focusField(document.getElementById(fieldId(first)))
      return null
    }
    setErrors({})
    return result.body
  }

  function onNext(event: FormEvent) {
    event.preventDefault()
    const body = check()
    if (!body) return
    setChecked(body)
    goTo('confirm')
  }

  function onFormChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement | HTMLSelectElement
    if (!draft || !(target.name in EMPTY_DRAFT)) return
    update({ ...draft, [target.name]: target.value })
    // A field's error goes once it is changed; the next tap on the button checks everything again.
    const field = (target.name.startsWith('birth') ? 'birth' : target.name) as JhsField
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest)
  }

  // The confirm step after a reload: checked again from the draft, or back to the form.
  const confirmBody = useMemo(() => {
    if (view !== 'confirm' || !draft) return null
    const result = checkJhsDraft(draft, certificates.forRules, nowFor(clock))
    return 'body' in result ? result.body : null
  }, [view, draft, certificates.forRules, clock])

  useEffect(() => {
    if (view === 'confirm' && draft && certificates.ready && !confirmBody && !checked) {
      goTo('profile', { replace: true })
    }
  }, [view, draft, certificates.ready, confirmBody, checked])

  function send() {
    const body = confirmBody ?? checked
    // A double tap's second click comes before the button is re-rendered disabled: only one application.
    if (!body || sending.current) return
    sending.current = true
    apply.mutate(body, {
      onSettled: () => {
        sending.current = false
      },
      onSuccess: () => {
        setSentTo(body.mailAddress)
        if (accountId) clearJhsDraft(accountId)
        setDraft(null)
        goTo('sent', { replace: true })
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') setSessionExpired(true)
        if (error instanceof ApiError && error.code === 'JHS_APPLICATION_PENDING') {
          // A second tap, or another tab sent it: the landing shows it waiting.
          if (accountId) clearJhsDraft(accountId)
          goTo('lp', { replace: true })
        }
      },
    })
  }

  let body: ReactNode
  if (account.isPending || state.isPending) {
    body = <LoadingState label={t('jhsFree.loading')} />
  } else if (account.isError || state.isError) {
    body = (
      <LoadFailure
        error={account.error ?? state.error}
        title={t('jhsFree.loadFailed')}
        onRetry={() => void (account.isError ? account.refetch() : state.refetch())}
      />
    )
  } else if (view === 'lp' || view === 'sent') {
    body =
      view === 'sent' ? (
        <>
          <Steps current="sent" />
          <SentCard state={state.data} sentTo={sentTo} />
          <AppLink href={links.mypage} className="button button--secondary button--block">
            {t('jhsFree.sent.toMypage')}
          </AppLink>
        </>
      ) : (
        <Landing state={state.data} />
      )
  } else if (state.data.blocker === 'GUEST' && !sessionExpired) {
    body = <GuestLinks view={view} />
  } else if (state.data.blocker && state.data.blocker !== 'GUEST') {
    body = (
      <>
        <StatusCard state={state.data} />
        <a className="button button--secondary button--block" href={hashOf.lp}>
          {t('jhsFree.lp.back')}
        </a>
      </>
    )
  } else if (view === 'confirm') {
    const shown = confirmBody ?? checked
    body = shown ? (
      <>
        <Steps current="confirm" />
        <p className="page__lead">{t('jhsFree.confirm.lead')}</p>
        {sessionExpired && <SessionExpired view="confirm" />}
        <dl className="card jhs-confirm">
          <dt>{t('jhsFree.confirm.name')}</dt>
          <dd>{t('jhsFree.confirm.nameValue', { family: shown.familyName, given: shown.givenName })}</dd>
          <dt>{t('jhsFree.confirm.birth')}</dt>
          <dd>
            {t('jhsFree.confirm.birthValue', {
              year: shown.birthYear,
              month: shown.birthMonth,
              day: shown.birthDay,
            })}
          </dd>
          <dt>{t('jhsFree.form.grade')}</dt>
          <dd>{t('jhsFree.form.gradeOption', { grade: shown.grade })}</dd>
          <dt>{t('jhsFree.form.mailAddress')}</dt>
          <dd>{shown.mailAddress}</dd>
          <dt>{t('jhsFree.form.kindDocument')}</dt>
          <dd>{t(`jhsFree.form.kindDocuments.${shown.kindDocument}`)}</dd>
          {CERTIFICATE_SLOTS.map((slot) => {
            const slotState = certificates.slots[slot]
            return (
              <div key={slot} className="jhs-confirm__row">
                <dt>{t(`jhsFree.lp.needs.${slot}.title`)}</dt>
                <dd>{slotState.phase === 'done' ? slotState.upload.fileName : ''}</dd>
              </div>
            )
          })}
        </dl>
        {apply.isError && !sessionExpired && (
          <p className="notice notice--error" role="alert">
            {errorMessage(apply.error, applyErrorMessages())}
          </p>
        )}
        <button type="button" className="button button--block" disabled={apply.isPending} onClick={send}>
          {apply.isPending ? t('jhsFree.confirm.sending') : t('jhsFree.confirm.submit')}
        </button>
        <a className="button button--secondary button--block" href={hashOf.profile}>
          {t('jhsFree.confirm.edit')}
        </a>
      </>
    ) : (
      <LoadingState label={t('jhsFree.loading')} />
    )
  } else if (!draft) {
    body = <LoadingState label={t('jhsFree.loading')} />
  } else {
    const now = nowFor(clock)
    const year = Number(
      new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(now),
    )
    body = (
      <>
        <Steps current="profile" />
        <p className="page__lead">{t('jhsFree.form.lead')}</p>
        {sessionExpired && <SessionExpired view="profile" />}
        <form ref={formRef} noValidate onSubmit={onNext} onChange={onFormChange} className="stack">
          <div className="jhs-names">
            <TextField
              id={fieldId('familyName')}
              name="familyName"
              label={t('jhsFree.form.familyName')}
              placeholder={t('jhsFree.form.familyNamePlaceholder')}
              autoComplete="family-name"
              defaultValue={draft.familyName}
              error={errors.familyName}
            />
            <TextField
              id={fieldId('givenName')}
              name="givenName"
              label={t('jhsFree.form.givenName')}
              placeholder={t('jhsFree.form.givenNamePlaceholder')}
              autoComplete="given-name"
              defaultValue={draft.givenName}
              error={errors.givenName}
            />
          </div>
          <BirthdayField
            id={fieldId('birth')}
            name="birth"
            legend={t('jhsFree.form.birth')}
            defaultValue={{ year: draft.birthYear, month: draft.birthMonth, day: draft.birthDay }}
            fromYear={year - 16}
            toYear={year - 11}
            error={errors.birth}
          />
          <SelectField
            id={fieldId('grade')}
            name="grade"
            label={t('jhsFree.form.grade')}
            defaultValue={draft.grade}
            options={[
              { value: '', label: t('jhsFree.form.gradeChoose') },
              ...GRADES.map((grade) => ({
                value: String(grade),
                label: t('jhsFree.form.gradeOption', { grade }),
              })),
            ]}
            error={errors.grade}
          />
          <TextField
            id={fieldId('mailAddress')}
            name="mailAddress"
            type="email"
            inputMode="email"
            autoComplete="email"
            label={t('jhsFree.form.mailAddress')}
            hint={t('jhsFree.form.mailAddressHint')}
            defaultValue={draft.mailAddress}
            error={errors.mailAddress}
          />
          <h2 className="section-title">{t('jhsFree.form.certificatesTitle')}</h2>
          <p className="field-hint">{t('jhsFree.form.certificatesLead')}</p>
          <SelectField
            id={fieldId('kindDocument')}
            name="kindDocument"
            label={t('jhsFree.form.kindDocument')}
            defaultValue={draft.kindDocument}
            options={[
              { value: '', label: t('jhsFree.form.gradeChoose') },
              ...KIND_DOCUMENTS.map((kind) => ({
                value: kind,
                label: t(`jhsFree.form.kindDocuments.${kind}`),
              })),
            ]}
            error={errors.kindDocument}
          />
          {CERTIFICATE_SLOTS.map((slot) => (
            <CertificateField
              key={slot}
              id={fieldId(slot)}
              slot={slot}
              state={certificates.slots[slot]}
              error={errors[slot]}
              onChoose={(file) => void certificates.choose(slot, file)}
              onRemove={() => void certificates.remove(slot)}
            />
          ))}
          <button type="submit" className="button button--block">
            {t('jhsFree.form.next')}
          </button>
        </form>
      </>
    )
  }

  return (
    <div className="page jhs-free-page">
      <PageTitle page={t('jhsFree.title')} />
      {registered && (view === 'lp' || view === 'profile') && (
        <RegisteredNotice title={t('jhsFree.registered.title')}>
          <p>{t('jhsFree.registered.body')}</p>
        </RegisteredNotice>
      )}
      <h1 className="page__title">{t('jhsFree.title')}</h1>
      {body}
    </div>
  )
}

/** The server's refusals of an application, in the words of this page. */
function applyErrorMessages(): Record<string, string> {
  return {
    JHS_APPLICATION_PENDING: t('jhsFree.errors.JHS_APPLICATION_PENDING'),
    JHS_ALREADY_PREMIUM: t('jhsFree.errors.JHS_ALREADY_PREMIUM'),
    CERTIFICATE_MISSING: t('jhsFree.errors.CERTIFICATE_MISSING'),
    JHS_NAME_INVALID: t('jhsFree.errors.JHS_NAME_INVALID'),
    MAIL_ADDRESS_INVALID: t('jhsFree.errors.MAIL_ADDRESS_INVALID'),
    JHS_BIRTH_DATE_INVALID: t('jhsFree.errors.JHS_BIRTH_DATE_INVALID'),
    JHS_NOT_JUNIOR_HIGH_AGE: t('jhsFree.errors.JHS_NOT_JUNIOR_HIGH_AGE'),
    JHS_GRADE_MISMATCH: t('jhsFree.errors.JHS_GRADE_MISMATCH'),
  }
}
