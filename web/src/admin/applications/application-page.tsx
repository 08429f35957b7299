import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ConsoleTitle } from '../console-title'
import { t } from './i18n'

/** A step back up the area: the queue. */
export interface TrailStep {
  href: string
  label: string
}

/** A screen of the applications area: the steps up to it, its title, then its content. */
export function ApplicationPage({
  title,
  lead,
  trail,
  children,
}: {
  title: string
  lead?: string
  trail?: readonly TrailStep[]
  children: ReactNode
}) {
  return (
    <div className="console-page application-page">
      <ConsoleTitle page={title} />
      {trail && (
        <nav className="console-trail" aria-label={t('adminApplications.trail')}>
          <ol>
            {trail.map((step) => (
              <li key={step.href}>
                <Link href={step.href} className="text-link">
                  {step.label}
                </Link>
              </li>
            ))}
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
