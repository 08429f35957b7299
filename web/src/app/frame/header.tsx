import { type HeaderVariant, links } from '@puribox/contract/pages'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AppLink } from '../../components/app-link'
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

const MemberButton = lazy(() => import('./member-button'))

/**
 * The member button's place while it loads: the same size, with the words it will show, and already
 * a link to my page.
 */
function MemberButtonShape() {
  return (
    <AppLink href={links.mypage} className="me-button">
      <span className="me-button__avatar" />
      <span className="me-button__words">
        <span className="me-button__nickname" />
        <span className="me-button__label">{t('frame.header.mypage')}</span>
      </span>
    </AppLink>
  )
}

function AccountButtons({ viewer }: { viewer: Viewer }) {
  if (viewer.membershipStatus !== 'GUEST') {
    return (
      <Suspense fallback={<MemberButtonShape />}>
        <MemberButton viewer={viewer} />
      </Suspense>
    )
  }
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
