import { links } from '@puribox/contract/pages'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { t } from '../../lib/i18n'
import { FrameLinkItem } from './frame-link-item'
import { menuLinks } from './frame-links'
import type { Viewer } from './viewer'

/** The header menu: a disclosure button and the list of links it shows or hides. */
export function HeaderMenu({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useState(false)
  const [location, navigate] = useLocation()
  const queryClient = useQueryClient()
  const [logout, setLogout] = useState<'idle' | 'pending' | 'failed'>('idle')

  async function onLogout() {
    setLogout('pending')
    try {
      // Loaded when tapped: the API client's schemas are not part of the top page's first load.
      const { logOut } = await import('../../features/account/api/logout')
      await logOut(queryClient)
      navigate(links.top)
    } catch {
      setLogout('failed')
    }
  }
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [location])

  useEffect(() => {
    if (!open) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="menu-button__icon" aria-hidden="true" data-open={open} />
        <span className="menu-button__label">{t('frame.header.menu')}</span>
      </button>
      <nav id={panelId} className="site-menu" aria-label={t('frame.header.menuNav')} hidden={!open}>
        {viewer.membershipStatus !== 'GUEST' && (
          // Who is looking, by the names of spec §3: premium member or free member.
          <p className="site-menu__membership">{t(`frame.membership.${viewer.membershipStatus}`)}</p>
        )}
        <ul>
          {menuLinks(viewer).map((link) => (
            <li key={link.name} className="site-menu__item">
              <FrameLinkItem link={link} onNavigate={() => setOpen(false)} />
            </li>
          ))}
        </ul>
        {viewer.membershipStatus !== 'GUEST' && (
          <div className="site-menu__logout">
            {logout === 'failed' && (
              <p className="notice notice--error" role="alert">
                {t('frame.header.logoutFailed')}
              </p>
            )}
            <button
              type="button"
              className="button button--block button--secondary"
              disabled={logout === 'pending'}
              onClick={() => void onLogout()}
            >
              {logout === 'pending' ? t('frame.header.loggingOut') : t('frame.header.logout')}
            </button>
          </div>
        )}
      </nav>
    </>
  )
}
