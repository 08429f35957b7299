import type { InquiryTopic } from '@puribox/contract/inquiry-paths'
import { links } from '@puribox/contract/pages'
import { loginPath } from '@puribox/contract/registration-paths'
import { type ReactNode, useId, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { ConfirmCheck } from '../../../components/form/confirm-check'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import { TextField } from '../../../components/form/text-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { dateTimeParts } from '../../../lib/date-time-parts'
import leaveTexts from '../../../locales/ja/leave.json'
import { useMembersOnly } from '../../account/use-members-only'
import { useAccountDeleted, useDeletionCheck } from '../api/leave'
import { t } from '../i18n'
import { SavePicturesFirst } from './save-pictures-first'
import '../leave.css'
import { isMember } from '../../account/membership'

/**
 * The spec's two paths of leaving, one screen (docs/decisions/0009, 0036): `leave` is the free
 * member's withdrawal the footer offers to non-official mini members, `delete` the account deletion
 * any member reaches from the settings. Only the opening line differs; the rules are the same. A
 * junior-high free premium member (who leaves by the free member's path, having nothing to cancel)
 * is named as such on either, and told that leaving ends that premium too.
 */
type Kind = 'leave' | 'delete'

const pathOf: Record<Kind, string> = { leave: links.freeMemberDeletion, delete: links.accountDelete }

/** Codes told next to a field; the others go above the button. */
const FIELD_OF = {
  CONFIRMATION_REQUIRED: 'confirmed',
  PASSWORD_WRONG: 'password',
  RATE_LIMITED: 'password',
} as const

function WhatElseIsLost() {
  const titleId = useId()
  return (
    <section className="card card--soft" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('leave.lost.title')}
      </h2>
      <ul className="tips">
        <li>{t('leave.lost.unsaved')}</li>
        <li>{t('leave.lost.profile')}</li>
        <li>{t('leave.lost.account')}</li>
      </ul>
      <p className="note">{t('leave.lost.note')}</p>
    </section>
  )
}

/** A cancelled premium still running: leaving gives the rest of it up. */
function PremiumLeft({ until }: { until: string }) {
  const parts = dateTimeParts(until)
  if (!parts) return null
  return (
    <div className="notice notice--warning" role="note">
      <p>{t('leave.premiumLeft', { date: t('common.date', parts) })}</p>
    </div>
  )
}

/**
 * A junior-high free premium member: leaving ends it there and then, with what it gave, and a new
 * account does not bring it back (it is granted to an application after review).
 */
function JhsPremiumEnds({ until }: { until: string | null | undefined }) {
  const titleId = useId()
  const parts = until ? dateTimeParts(until) : null
  return (
    <div className="notice notice--warning" role="note" aria-labelledby={titleId}>
      <h2 id={titleId} className="notice__title">
        {t('leave.jhsEnds.title')}
      </h2>
      <p>
        {parts
          ? t('leave.jhsEnds.until', { date: t('common.date', parts) })
          : t('leave.jhsEnds.untilUnknown')}
      </p>
      <ul className="tips">
        <li>{t('leave.jhsEnds.allPuris')}</li>
        <li>{t('leave.jhsEnds.coupons')}</li>
      </ul>
      <p>{t('leave.jhsEnds.again')}</p>
    </div>
  )
}

function LeaveForm({
  kind,
  passwordRequired,
  schoolPremium,
  onDone,
}: {
  kind: Kind
  passwordRequired: boolean
  /** The member has the junior-high free premium, which leaving ends too. */
  schoolPremium: boolean
  onDone: () => void
}) {
  const deleted = useAccountDeleted()
  const remove = useContractForm({
    route: 'accountDelete',
    fields: ['confirmed', 'password'],
    // One thing at a time, in the order they stand: the tick, then the password.
    request: (values) => {
      const password = values.text('password')
      if (!values.checked('confirmed'))
        return { errors: { confirmed: t('leave.errors.CONFIRMATION_REQUIRED') } }
      if (passwordRequired && password === '')
        return { errors: { password: t('leave.errors.PASSWORD_REQUIRED') } }
      return { input: { body: { confirmed: true, password: passwordRequired ? password : null } } }
    },
    messages: leaveTexts.errors,
    fieldOf: FIELD_OF,
    onSuccess: (guestStatus) => {
      deleted(guestStatus)
      onDone()
    },
  })

  return (
    <Form form={remove} className="card leave-form">
      <ConfirmCheck
        {...remove.field('confirmed')}
        label={schoolPremium ? t('leave.confirmJhs') : t('leave.confirm')}
      />
      {passwordRequired && (
        <TextField
          {...remove.field('password')}
          label={t('leave.password')}
          hint={t('leave.passwordHint')}
          type="password"
          autoComplete="current-password"
          enterKeyHint="done"
        />
      )}
      <FormProblemNotice problem={remove.problem}>
        {remove.problem?.code === 'UNAUTHENTICATED' && (
          <AppLink href={loginPath(pathOf[kind])} className="text-link">
            {t('leave.errors.login')}
          </AppLink>
        )}
      </FormProblemNotice>
      <SubmitButton
        pending={remove.pending}
        pendingLabel={t('leave.submitting')}
        className="button button--danger button--block"
      >
        {t('leave.submit')}
      </SubmitButton>
      <AppLink href={links.mypage} className="button button--secondary button--block">
        {t('leave.keep')}
      </AppLink>
    </Form>
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
  const member = isMember(membership)
  const schoolPremium = membership === 'JHS_PREMIUM'
  const check = useDeletionCheck(member && !done)

  if (done) return <Goodbye />

  let body: ReactNode
  if (check.data?.status === 'OFFICIAL') {
    body = (
      <div className="notice notice--error" role="note">
        <h2 className="notice__title">{t('leave.official.title')}</h2>
        <p>{t('leave.official.body')}</p>
        <AppLink href={`${links.inquiry}#/input/${'leave' satisfies InquiryTopic}`} className="text-link">
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
        {schoolPremium && <JhsPremiumEnds until={account.data?.schoolPremiumUntil} />}
        {check.data.premiumUntil && <PremiumLeft until={check.data.premiumUntil} />}
        <SavePicturesFirst />
        <WhatElseIsLost />
        <LeaveForm
          kind={kind}
          passwordRequired={check.data.passwordRequired}
          schoolPremium={schoolPremium}
          onDone={() => setDone(true)}
        />
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
      <PageTitle page={t('leave.title')} />
      <h1 className="page__title">{t('leave.title')}</h1>
      {(check.data === undefined || check.data.status === 'ALLOWED') && (
        <p className="page__lead">{t(`leave.lead.${schoolPremium ? 'jhs' : kind}`)}</p>
      )}
      {body}
    </div>
  )
}

/** `/sp/account/leave`: free-member withdrawal, the one leaving screen. */
export function FreeMemberLeaveScreen() {
  return <LeaveScreen kind="leave" />
}

/** `/sp/account/delete`: account deletion, the same screen. */
export function AccountDeleteScreen() {
  return <LeaveScreen kind="delete" />
}
