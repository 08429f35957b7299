import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ConsoleTitle } from '../console-title'
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
      {back && (
        <nav className="console-back" aria-label={t('adminInquiries.trail')}>
          <Link href={back.href} className="text-link">
            {back.label}
          </Link>
        </nav>
      )}
      <div className="console-head">
        <div className="console-page__head">
          <h1 className="page__title">{title}</h1>
          {lead && <p className="page__lead">{lead}</p>}
        </div>
        {actions && <div className="console-head__actions inquiry-head__actions">{actions}</div>}
      </div>
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
