import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ConsoleTitle } from '../console-title'
import { t } from './i18n'
import { LOOKUP_PATH } from './seal-paths'

/**
 * A screen of the seals area: the step back to the lookup (on a seal's page), its title, then its
 * content.
 */
export function SealPage({
  title,
  lead,
  trail = false,
  children,
}: {
  title: string
  lead?: string
  /** A seal's page shows the way back to the lookup. */
  trail?: boolean
  children: ReactNode
}) {
  return (
    <div className="console-page seal-page">
      <ConsoleTitle page={title} />
      {trail && (
        <nav className="console-trail" aria-label={t('adminSeals.trail')}>
          <ol>
            <li>
              <Link href={LOOKUP_PATH} className="text-link">
                {t('adminSeals.lookup.title')}
              </Link>
            </li>
          </ol>
        </nav>
      )}
      <div className="console-page__head">
        <h1 className="page__title">{title}</h1>
        {lead && <p className="page__lead">{lead}</p>}
      </div>
      {children}
    </div>
  )
}
