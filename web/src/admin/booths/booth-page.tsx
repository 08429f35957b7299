import type { ReactNode } from 'react'
import { ConsoleTitle } from '../console-title'
import { ConsoleHead, ConsoleTabs, ConsoleTrail, type TrailStep } from '../kit/page'
import { MODELS_PATH, SHOPS_PATH } from './booth-paths'
import { FlashNotice, useBooths } from './booths-context'
import { t } from './i18n'

/** A step back up the area: the list, the shop, the machine. */
export type { TrailStep }

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
      {trail && <ConsoleTrail label={t('adminBooths.trail')} steps={trail} />}
      <ConsoleHead title={title} lead={lead} actions={actions} />
      <FlashNotice />
      {children}
    </div>
  )
}

function BoothTabs({ current }: { current: 'shops' | 'models' }) {
  return (
    <ConsoleTabs
      label={t('adminBooths.tabs.label')}
      className="booth-tabs"
      tabs={[
        { key: 'shops', href: SHOPS_PATH, label: t('adminBooths.tabs.shops') },
        { key: 'models', href: MODELS_PATH, label: t('adminBooths.tabs.models') },
      ]}
      current={current}
    />
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
