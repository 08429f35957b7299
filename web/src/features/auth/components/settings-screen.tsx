import { links } from '@puribox/contract/pages'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { useLogout } from '../../account/api/logout'
import { membershipFlags } from '../../account/membership'
import { useMembersOnly } from '../../account/use-members-only'
import { t } from '../i18n'
import { LinkedIdentities } from './linked-identities'
import { SignedInSessions } from './signed-in-sessions'
import '../auth.css'

/**
 * The auditions page (decision 0049), written here rather than imported: a module shared by this
 * screen and the auditions' would be one more chunk every first load names (the page walk checks
 * the link leads to a page).
 */
const AUDITION_LINK = '/sp/audition'

/** The day of a wire date-time ("2026-11-20T12:00:00"), written the Japanese way. */
function dateOnly(wire: string): string {
  const [year = 0, month = 0, day = 0] = wire.slice(0, 10).split('-').map(Number)
  return t('common.date', { year, month, day })
}

/** `/sp/setting/setting`: the member's account at a glance, the settings pages, and signing out. */
export function SettingsScreen() {
  const [, navigate] = useLocation()
  const logout = useLogout()
  // Settings are a member's: a guest signs in first (but one who just signed out goes to the top).
  const [signedOutEverywhere, setSignedOutEverywhere] = useState(false)
  const status = useMembersOnly(links.settings, { active: !logout.isSuccess && !signedOutEverywhere }).data

  function onLogout() {
    logout.mutate(undefined, { onSuccess: () => navigate(links.top) })
  }

  if (!status?.account) {
    return (
      <div className="page">
        <PageTitle page={t('auth.settings.title')} />
        <LoadingState />
      </div>
    )
  }
  const { account, membershipStatus } = status
  const lastDay = status.schoolPremiumUntil && dateOnly(status.schoolPremiumUntil)
  // Nothing to cancel first: a free member, or one with the junior-high free premium.
  const canLeave = (membershipFlags(status).isMini || membershipStatus === 'JHS_PREMIUM') && !account.official
  return (
    <div className="page">
      <PageTitle page={t('auth.settings.title')} />
      <h1 className="page__title">{t('auth.settings.title')}</h1>
      <section className="card">
        <h2 className="card__title">{t('auth.settings.account')}</h2>
        <dl className="facts facts--short-labels">
          <div>
            <dt>{t('auth.settings.membership')}</dt>
            <dd>
              <span>{t(`auth.membership.${membershipStatus}`)}</span>
              {membershipStatus === 'JHS_PREMIUM' && (
                <>
                  {lastDay && (
                    <span className="facts__line">{t('auth.settings.jhsUntil', { date: lastDay })}</span>
                  )}
                  <AppLink href={`${links.jhsFree}?from=settings#/lp`} className="text-link facts__action">
                    {t('auth.settings.jhsAbout')}
                  </AppLink>
                </>
              )}
              {membershipStatus === 'MINI' && (
                <AppLink href={links.premiumRegistration} className="text-link facts__action">
                  {t('auth.settings.toPremium')}
                </AppLink>
              )}
              {membershipStatus === 'PREMIUM' && (
                <AppLink href={links.premiumCancel} className="text-link facts__action">
                  {t('auth.settings.premiumCancel')}
                </AppLink>
              )}
            </dd>
          </div>
          <div className="facts__row--stacked">
            <dt>{t('auth.settings.mailAddress')}</dt>
            <dd className="facts__long">{account.mailAddress ?? t('auth.settings.noMailAddress')}</dd>
          </div>
          <div>
            <dt>{t('auth.settings.registeredAt')}</dt>
            <dd>{dateOnly(account.registeredAt)}</dd>
          </div>
        </dl>
      </section>
      <nav className="card" aria-labelledby="settings-menu">
        <h2 id="settings-menu" className="card__title">
          {t('auth.settings.menu')}
        </h2>
        <ul className="link-list">
          <li>
            <AppLink href={links.userinfo}>{t('auth.settings.profile')}</AppLink>
          </li>
          <li>
            <AppLink href={links.registration}>{t('auth.settings.changeMail')}</AppLink>
          </li>
          <li>
            <AppLink href={AUDITION_LINK}>{t('auth.settings.audition')}</AppLink>
          </li>
          {/* One leaving page under the spec's two paths: the free member's, or account deletion. */}
          <li>
            <AppLink href={canLeave ? links.freeMemberDeletion : links.accountDelete}>
              {t('auth.settings.leave')}
            </AppLink>
          </li>
        </ul>
      </nav>
      <LinkedIdentities />
      <SignedInSessions
        onSignedOut={() => {
          setSignedOutEverywhere(true)
          navigate(links.top)
        }}
      />
      <section className="card stack">
        <h2 className="card__title">{t('auth.settings.logout')}</h2>
        <p>{t('auth.settings.logoutLead')}</p>
        {logout.isError && (
          <p className="notice notice--error" role="alert">
            {t('auth.settings.logoutFailed')}
          </p>
        )}
        <button
          type="button"
          className="button button--block button--secondary"
          onClick={onLogout}
          disabled={logout.isPending}
        >
          {logout.isPending ? t('auth.settings.loggingOut') : t('auth.settings.logout')}
        </button>
      </section>
    </div>
  )
}
