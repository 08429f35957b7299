import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { useDynamicLinks } from '../../features/links/public'
import { t } from '../../lib/i18n'
import { FrameLinkItem } from './frame-link-item'
import { menuLinks } from './frame-links'
import type { Viewer } from './viewer'

const MemberMenu = lazy(() => import('./member-menu'))

/** The header menu: a disclosure button and the list of links it shows or hides. */
export function HeaderMenu({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useState(false)
  const [location] = useLocation()
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  // The configured shop map, asked for when the menu first opens (never on a page's first load).
  const shopMapUrl = useDynamicLinks({ enabled: open }).data?.shopMapUrl

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

  const list = (
    <ul>
      {menuLinks(viewer, shopMapUrl).map((link) => (
        <li key={link.name} className="site-menu__item">
          <FrameLinkItem link={link} onNavigate={() => setOpen(false)} />
        </li>
      ))}
    </ul>
  )

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
        {open && viewer.membershipStatus !== 'GUEST' ? (
          // Until the member's parts have loaded, the links, with room kept for who is signed in.
          <Suspense
            fallback={
              <>
                <div className="menu-profile" />
                {list}
              </>
            }
          >
            <MemberMenu membershipStatus={viewer.membershipStatus}>{list}</MemberMenu>
          </Suspense>
        ) : (
          list
        )}
      </nav>
    </>
  )
}
