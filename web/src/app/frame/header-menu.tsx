import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { t } from '../../lib/i18n'
import type { Viewer } from './viewer'

const loadPanel = () => import('./menu-panel')
const MenuPanel = lazy(loadPanel)

/**
 * The header's menu button. The menu itself (menu-panel.tsx) is not part of a page's first load: it
 * is fetched once the page is idle, and at the latest when a finger or the pointer reaches the
 * button, so that it is there when the tap lands.
 */
export function HeaderMenu({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useState(false)
  const [location] = useLocation()
  const buttonRef = useRef<HTMLButtonElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [location])

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500))
    idle(() => void loadPanel())
  }, [])

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadPanel}
        onClick={() => setOpen(true)}
      >
        <span className="menu-button__icon" aria-hidden="true" />
        <span className="menu-button__label">{t('frame.header.menu')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MenuPanel
            viewer={viewer}
            onClose={() => {
              setOpen(false)
              buttonRef.current?.focus()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
