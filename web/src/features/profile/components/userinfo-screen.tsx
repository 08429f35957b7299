import { allowedReturnPath } from '@puribox/contract/external-auth'
import { links } from '@puribox/contract/pages'
import { type ReactNode, useState } from 'react'
import { useSearch } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { PenaltyReason } from '../../../components/penalty-reason'
import { useMembersOnly } from '../../account/use-members-only'
import { useProfile } from '../api/profile'
import { t } from '../i18n'
import { ProfileForm } from './profile-form'
import '../profile.css'
import { isMember } from '../../account/membership'

type SnsPenalty = 'WARNING' | 'ACCESSCONTROL' | 'SUSPENSION' | null

/** SNS penalty: WARNING is told; ACCESSCONTROL (and a suspended account's old session) may only look. */
function PenaltyNotice({ penalty, reason }: { penalty: SnsPenalty; reason: unknown }) {
  if (penalty === null) return null
  const restricted = penalty !== 'WARNING'
  return (
    <div className={restricted ? 'notice notice--error' : 'notice notice--warning'} role="note">
      <h2 className="notice__title">
        {restricted ? t('profile.penalty.restrictedTitle') : t('profile.penalty.warningTitle')}
      </h2>
      <p>{restricted ? t('profile.penalty.restricted') : t('profile.penalty.warning')}</p>
      <PenaltyReason kind="sns" code={reason} />
      <AppLink href={links.aboutPenalty} className="text-link">
        {t('profile.penalty.about')}
      </AppLink>
    </div>
  )
}

/** `/sp/setting/userinfo`: see and change the profile. Members only; a guest is sent to log in. */
export function UserinfoScreen() {
  const search = useSearch()
  // A page that sent the member here for a field (the auditions, for the birthday) is offered back.
  const [back] = useState(() => allowedReturnPath(new URLSearchParams(search).get('from')))
  const account = useMembersOnly(back ? `${links.userinfo}?from=${encodeURIComponent(back)}` : links.userinfo)
  const membership = account.data?.membershipStatus
  const member = isMember(membership)
  const profile = useProfile(member)
  const penalty = account.data?.account?.snsPenalty ?? null
  const readOnly = penalty === 'ACCESSCONTROL' || penalty === 'SUSPENSION'

  let body: ReactNode
  const accountId = account.data?.account?.id
  if (member && accountId && profile.data) {
    body = (
      <>
        <PenaltyNotice penalty={penalty} reason={account.data?.account?.snsPenaltyReason} />
        <ProfileForm profile={profile.data} readOnly={readOnly} accountId={accountId} />
      </>
    )
  } else if (account.isError || profile.isError) {
    body = (
      <LoadFailure
        error={account.error ?? profile.error}
        title={t('profile.loadFailed')}
        onRetry={() => void (account.isError ? account.refetch() : profile.refetch())}
      />
    )
  } else {
    body = <LoadingState />
  }

  return (
    <div className="page">
      <PageTitle page={t('profile.title')} />
      <h1 className="page__title">{t('profile.title')}</h1>
      <p className="page__lead">{t('profile.lead')}</p>
      {body}
      {back && (
        <p>
          <AppLink href={back} className="text-link">
            {t('profile.back')}
          </AppLink>
        </p>
      )}
    </div>
  )
}
