import type { ReactNode } from 'react'
import { Link } from 'wouter'

/** A step up to a screen: a list, an item of it. */
export interface TrailStep {
  href: string
  label: string
}

/** A screen's title and what it is for, under the console's title bar. */
export function PageTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="console-page__head">
      <h1 className="page__title">{title}</h1>
      {lead && <p className="page__lead">{lead}</p>}
    </div>
  )
}

/**
 * A screen's title with what may be done from it beside it (under it on a phone, kit.css).
 * `actionsClass` names the area's own look of those actions, if it has one.
 */
export function ConsoleHead({
  title,
  lead,
  actions,
  actionsClass,
}: {
  title: string
  lead?: ReactNode
  actions?: ReactNode
  actionsClass?: string
}) {
  return (
    <div className="console-head">
      <PageTitle title={title} lead={lead} />
      {actions && (
        <div className={actionsClass ? `console-head__actions ${actionsClass}` : 'console-head__actions'}>
          {actions}
        </div>
      )}
    </div>
  )
}

/** The steps up to a screen, each a link (the shops › a shop › …); `label` names the navigation. */
export function ConsoleTrail({ label, steps }: { label: string; steps: readonly TrailStep[] }) {
  return (
    <nav className="console-trail" aria-label={label}>
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

/** The one way back (to the search, to the inbox), pointing back; `label` names the navigation. */
export function ConsoleBack({ label, to }: { label: string; to: TrailStep }) {
  return (
    <nav className="console-back" aria-label={label}>
      <Link href={to.href} className="text-link">
        {to.label}
      </Link>
    </nav>
  )
}

/** One of a list's views: its link, and what it says besides its name (a count). */
export interface ConsoleTab {
  key: string
  href: string
  label: string
  after?: ReactNode
}

/**
 * A list's views as links (the view is in the address), the one shown marked as the page.
 * `className` adds the tabs' variant (kit.css: wrapping or scrolled) and the area's own.
 */
export function ConsoleTabs({
  label,
  tabs,
  current,
  className,
}: {
  label: string
  tabs: readonly ConsoleTab[]
  current: string | null
  className?: string
}) {
  return (
    <nav className={className ? `console-tabs ${className}` : 'console-tabs'} aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              className="console-tabs__link"
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {tab.label}
              {tab.after}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
