import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ConsoleTitle } from '../console-title'
import { t } from './i18n'
import { FlashNotice } from './members-context'

/**
 * A screen of the members area: the way back to the search (on a member's page), its title with
 * what may be done from it beside it, the message an action left for it, then its content.
 */
export function MemberPage({
  title,
  lead,
  back,
  actions,
  children,
}: {
  title: string
  lead?: string
  /** Where "back to the search" goes: the last search made in the area, else the empty one. */
  back?: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="console-page member-page">
      <ConsoleTitle page={title} />
      {back && (
        <nav className="console-back" aria-label={t('adminMembers.trail')}>
          <Link href={back} className="text-link">
            {t('adminMembers.search.title')}
          </Link>
        </nav>
      )}
      <div className="console-head">
        <div className="console-page__head">
          <h1 className="page__title">{title}</h1>
          {lead && <p className="page__lead">{lead}</p>}
        </div>
        {actions && <div className="console-head__actions">{actions}</div>}
      </div>
      <FlashNotice />
      {children}
    </div>
  )
}
