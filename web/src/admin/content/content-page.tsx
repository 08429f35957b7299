import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ConsoleTitle } from '../console-title'
import { FlashNotice, useContent } from './content-context'
import { t } from './i18n'

/** A step back up an area: its list, an item. */
export interface TrailStep {
  href: string
  label: string
}

/**
 * A screen of a content area: where it is (a list's views, or the steps up to it), its title with
 * what may be done from it beside it, the message a change left for it, then its content.
 */
export function ContentPage({
  title,
  lead,
  tabs,
  trail,
  actions,
  children,
}: {
  title: string
  lead?: ReactNode
  /** A list's views (ContentTabs), above the title. */
  tabs?: ReactNode
  trail?: readonly TrailStep[]
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="console-page content-page">
      <ConsoleTitle page={title} />
      {trail && <ContentTrail steps={trail} />}
      <div className="console-head">
        <div className="console-page__head">
          <h1 className="page__title">{title}</h1>
          {lead && <p className="page__lead">{lead}</p>}
        </div>
        {actions && <div className="console-head__actions">{actions}</div>}
      </div>
      {tabs}
      <FlashNotice />
      {children}
    </div>
  )
}

/** A list's views as links (the view is in the address), the one shown marked. */
export function ContentTabs({
  label,
  tabs,
  current,
}: {
  label: string
  tabs: readonly { key: string; href: string; label: string }[]
  current: string | null
}) {
  return (
    <nav className="console-tabs console-tabs--wrap content-tabs" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              className="console-tabs__link"
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function ContentTrail({ steps }: { steps: readonly TrailStep[] }) {
  return (
    <nav className="console-trail" aria-label={t('adminContent.trail')}>
      <ol>
        {steps.map((step) => (
          <li key={step.href}>
            <Link href={step.href} className="text-link">
              {step.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** Why nothing here can be changed: said in place of the buttons an editor would have. */
export function ReadOnlyNote() {
  const { operator } = useContent()
  return (
    <p className="note console-read-only">
      {t('adminContent.readOnly', { role: t(`admin.roles.${operator.role}`) })}
    </p>
  )
}

/** A form's screen reached by an operator who may not send it (a link kept from another role). */
export function NotAllowed() {
  return (
    <p className="notice notice--warning" role="status">
      {t('adminContent.notAllowed')}
    </p>
  )
}
