import { type KeyboardEvent, lazy, type MouseEvent, Suspense, useRef } from 'react'
import { useModalDialog } from '../../components/use-modal-dialog'
import { useDynamicLinks } from '../../features/links/public'
import { t } from '../../lib/i18n'
import { FrameLinkItem } from './frame-link-item'
import { menuLinks } from './frame-links'
import type { Viewer } from './viewer'

const MemberMenu = lazy(() => import('./member-menu'))
const NewsUnread = lazy(() => import('../../features/news/components/news-unread'))

/**
 * The header menu, over the page: a modal dialog from the top, the page behind it dimmed and out of
 * reach (focus stays in the menu). It closes by its close button, which sits where the menu button
 * was, by a tap on the dimmed page, by Escape, or by going to another page; focus goes back to the
 * menu button. A member sees who is signed in above the links and the sign-out below them.
 */
export default function MenuPanel({ viewer, onClose }: { viewer: Viewer; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  // The configured shop map, asked for when the menu first opens (never with a page).
  const shopMapUrl = useDynamicLinks({ enabled: true }).data?.shopMapUrl

  useModalDialog(dialogRef)

  // A tap outside the menu lands on the dialog itself (its dimmed backdrop), not on its content.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose()
  }

  // Tab from the last control goes round to the first (and Shift+Tab the other way), rather than
  // out to the browser's own bar: a modal dialog alone would let it leave.
  const onDialogKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)')]
    const edge = event.shiftKey ? controls[0] : controls.at(-1)
    if (!edge || document.activeElement !== edge) return
    event.preventDefault()
    ;(event.shiftKey ? controls.at(-1) : controls[0])?.focus()
  }

  const list = (
    <ul>
      {menuLinks(viewer, shopMapUrl).map((link) => (
        <li key={link.name} className="site-menu__item">
          <FrameLinkItem link={link} onNavigate={onClose}>
            {link.name === 'news' && (
              <Suspense fallback={null}>
                <NewsUnread />
              </Suspense>
            )}
          </FrameLinkItem>
        </li>
      ))}
    </ul>
  )

  return (
    <dialog
      ref={dialogRef}
      className="site-menu"
      aria-label={t('frame.header.menu')}
      onClose={onClose}
      onClick={onDialogClick}
      onKeyDown={onDialogKeyDown}
    >
      <div className="site-menu__head">
        {/* The logo where the header's was, so the menu reads as PuriBox's (the page title says it already). */}
        <span className="logo" aria-hidden="true">
          <span className="logo__mark" />
          <span className="logo__text">{t('common.appName')}</span>
        </span>
        <button type="button" className="site-menu__close" onClick={onClose}>
          <span className="site-menu__close-icon" aria-hidden="true" />
          <span className="menu-button__label">{t('frame.header.close')}</span>
        </button>
      </div>
      <nav aria-label={t('frame.header.menuNav')}>
        {viewer.membershipStatus !== 'GUEST' ? (
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
    </dialog>
  )
}
