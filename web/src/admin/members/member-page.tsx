import type { ReactNode } from 'react'
import { ConsoleTitle } from '../console-title'
import { ConsoleBack, ConsoleHead } from '../kit/page'
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
        <ConsoleBack
          label={t('adminMembers.trail')}
          to={{ href: back, label: t('adminMembers.search.title') }}
        />
      )}
      <ConsoleHead title={title} lead={lead} actions={actions} />
      <FlashNotice />
      {children}
    </div>
  )
}
