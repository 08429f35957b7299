import type { ReactNode } from 'react'
import { ConsoleTitle } from '../console-title'
import { ConsoleTrail, PageTitle, type TrailStep } from '../kit/page'
import { t } from './i18n'

/** A screen of the applications area: the steps up to it, its title, then its content. */
export function ApplicationPage({
  title,
  lead,
  trail,
  children,
}: {
  title: string
  lead?: string
  /** The steps back up the area: the queue. */
  trail?: readonly TrailStep[]
  children: ReactNode
}) {
  return (
    <div className="console-page application-page">
      <ConsoleTitle page={title} />
      {trail && <ConsoleTrail label={t('adminApplications.trail')} steps={trail} />}
      <PageTitle title={title} lead={lead} />
      {children}
    </div>
  )
}
