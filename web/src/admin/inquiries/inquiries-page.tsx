import type { ReactNode } from 'react'
import { ConsoleTitle } from '../console-title'
import { ConsoleBack, ConsoleHead } from '../kit/page'
import { t } from './i18n'
import { useInquiries } from './inquiries-context'
import { inquiryHandlerRoles } from './inquiry-access'

/**
 * A screen of the inquiries area: the way back up (from an inquiry to the inbox), its title with what
 * may be done from it beside it, then its content.
 */
export function InquiriesPage({
  title,
  lead,
  back,
  actions,
  children,
}: {
  title: string
  lead?: string
  back?: { href: string; label: string }
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="console-page inquiries-page">
      <ConsoleTitle page={title} />
      {back && <ConsoleBack label={t('adminInquiries.trail')} to={back} />}
      <ConsoleHead title={title} lead={lead} actions={actions} actionsClass="inquiry-head__actions" />
      {children}
    </div>
  )
}

/** Who may act on inquiries, in the console's names of the roles the contract admits. */
export function handlerRoleNames(): string {
  return inquiryHandlerRoles()
    .map((role) => t(`admin.roles.${role}`))
    .join(t('adminInquiries.roleSeparator'))
}

/** Why nothing here can be done: said in place of the controls a case handler would have. */
export function ReadOnlyNote() {
  const { operator } = useInquiries()
  return (
    <p className="note console-read-only">
      {t('adminInquiries.readOnly', {
        role: t(`admin.roles.${operator.role}`),
        handlers: handlerRoleNames(),
      })}
    </p>
  )
}
