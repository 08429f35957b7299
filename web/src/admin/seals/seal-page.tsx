import type { ReactNode } from 'react'
import { ConsoleTitle } from '../console-title'
import { ConsoleTrail, PageTitle } from '../kit/page'
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
        <ConsoleTrail
          label={t('adminSeals.trail')}
          steps={[{ href: LOOKUP_PATH, label: t('adminSeals.lookup.title') }]}
        />
      )}
      <PageTitle title={title} lead={lead} />
      {children}
    </div>
  )
}
