import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ConsoleTitle } from '../console-title'
import { MODELS_PATH, SHOPS_PATH } from './booth-paths'
import { FlashNotice, useBooths } from './booths-context'
import { t } from './i18n'

/** A step back up the area: the list, the shop, the machine. */
export interface TrailStep {
  href: string
  label: string
}

/**
 * A screen of the booths area: where it is (the lists' tabs, or the steps up to it), its title with
 * what may be done from it beside it, the message a change left for it, then its content.
 */
export function BoothPage({
  title,
  lead,
  tab,
  trail,
  actions,
  children,
}: {
  title: string
  lead?: string
  /** The area's two lists show their tabs. */
  tab?: 'shops' | 'models'
  trail?: readonly TrailStep[]
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="console-page booth-page">
      <ConsoleTitle page={title} />
      {tab && <BoothTabs current={tab} />}
      {trail && <BoothTrail steps={trail} />}
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

function BoothTabs({ current }: { current: 'shops' | 'models' }) {
  const tabs = [
    { key: 'shops', href: SHOPS_PATH, label: t('adminBooths.tabs.shops') },
    { key: 'models', href: MODELS_PATH, label: t('adminBooths.tabs.models') },
  ] as const
  return (
    <nav className="console-tabs booth-tabs" aria-label={t('adminBooths.tabs.label')}>
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

function BoothTrail({ steps }: { steps: readonly TrailStep[] }) {
  return (
    <nav className="console-trail" aria-label={t('adminBooths.trail')}>
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
  const { operator } = useBooths()
  return (
    <p className="note console-read-only">
      {t('adminBooths.readOnly', { role: t(`admin.roles.${operator.role}`) })}
    </p>
  )
}

/** A form's screen reached by an operator who may not send it (a link kept from another role). */
export function NotAllowed({ message }: { message: string }) {
  return (
    <p className="notice notice--warning" role="status">
      {message}
    </p>
  )
}
