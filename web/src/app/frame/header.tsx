import { type HeaderVariant, links } from '@puribox/contract/pages'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AppLink } from '../../components/app-link'
import { useUnsavedSummary } from '../../features/mypage/api/get-unsaved-summary'
import { signUpFrom } from '../../features/seal/public'
import { t } from '../../lib/i18n'
import { HeaderMenu } from './header-menu'
import type { Viewer } from './viewer'

function Logo({ linked }: { linked: boolean }) {
  const mark = (
    <>
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__text">{t('common.appName')}</span>
    </>
  )
  if (!linked) return <span className="logo">{mark}</span>
  return (
    <AppLink href={links.top} className="logo" aria-label={t('frame.logoLabel')}>
      {mark}
    </AppLink>
  )
}

/**
 * The mypage button, leading to my page itself (its saved pictures first); for a mini member with
 * unsaved puris, with their count when above 0, which my page's own switch leads to.
 */
function MypageButton({ viewer }: { viewer: Viewer }) {
  const isMini = viewer.membershipStatus === 'MINI'
  const summary = useUnsavedSummary(isMini)
  const unsaved = isMini ? (summary.data?.totalCount ?? 0) : 0
  // The name is the words the button shows, the count included, so a voice-control user can say
  // what they see; the count's meaning follows in text only a screen reader reads.
  return (
    <AppLink href={links.mypage} className="button button--small mypage-button">
      {t('frame.header.mypage')}
      {unsaved > 0 && (
        <>
          <span className="mypage-button__badge">{unsaved > 99 ? '99+' : unsaved}</span>
          <span className="visually-hidden">{t('frame.header.mypageUnsavedSuffix')}</span>
        </>
      )}
    </AppLink>
  )
}

function AccountButtons({ viewer }: { viewer: Viewer }) {
  if (viewer.membershipStatus !== 'GUEST') return <MypageButton viewer={viewer} />
  return (
    <>
      <AppLink href={links.login} className="button button--small button--secondary">
        {t('frame.header.login')}
      </AppLink>
      <AppLink href={links.registration} className="button button--small">
        {t('frame.header.registration')}
      </AppLink>
    </>
  )
}

/** The shared header in its four variants: all, free-registration-button, logo-only and logo-only-disabled. */
export function Header({ variant, viewer }: { variant: HeaderVariant; viewer: Viewer }) {
  const isGuest = viewer.membershipStatus === 'GUEST'
  const [path] = useLocation()
  const search = useSearch()
  // The sign-up button keeps where the person is (the seal of a preview). Set once hydrated: the
  // prerendered shell serves every seal, so its first render must be the plain address.
  const [signUpHref, setSignUpHref] = useState<string>(links.freeRegistration)
  useEffect(() => setSignUpHref(signUpFrom(path, search)), [path, search])
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Logo linked={variant !== 'logo-only-disabled'} />
        {variant === 'all' && (
          <div className="site-header__actions">
            <AccountButtons viewer={viewer} />
            <HeaderMenu viewer={viewer} />
          </div>
        )}
        {variant === 'free-registration-button' && (
          <div className="site-header__actions">
            {isGuest ? (
              <AppLink href={signUpHref} className="button button--small">
                {t('frame.header.registration')}
              </AppLink>
            ) : (
              <AccountButtons viewer={viewer} />
            )}
          </div>
        )}
      </div>
    </header>
  )
}
