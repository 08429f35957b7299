import type { ReactNode } from 'react'
import { ConsoleTitle } from '../console-title'
import { ConsoleHead, ConsoleTabs, ConsoleTrail, type TrailStep } from '../kit/page'
import { FlashNotice, useContent } from './content-context'
import { t } from './i18n'

/** A step back up an area: its list, an item. */
export type { TrailStep }

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
      {trail && <ConsoleTrail label={t('adminContent.trail')} steps={trail} />}
      <ConsoleHead title={title} lead={lead} actions={actions} />
      {tabs}
      <FlashNotice />
      {children}
    </div>
  )
}

/** A list's views as links (the view is in the address), the one shown marked; they wrap on a phone. */
export function ContentTabs(props: {
  label: string
  tabs: readonly { key: string; href: string; label: string }[]
  current: string | null
}) {
  return <ConsoleTabs {...props} className="console-tabs--wrap content-tabs" />
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
