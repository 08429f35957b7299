import type { AdminApplicationSummary } from '@puribox/contract/admin-applications'
import type { ApplicationState } from '@puribox/contract/jhs-free'
import type { Clock } from '@puribox/contract/wrapper'
import { nowFor } from '../../lib/clock'
import { MASKED } from '../audit/audit-change'
import { t } from './i18n'

/** Whether the server masked a person's text for this operator's role (a viewer's, an editor's). */
export function isMasked(value: string): boolean {
  return value === MASKED
}

/** The applicant's name as typed, or null when this operator's role does not see it. */
export function shownName(application: Pick<AdminApplicationSummary, 'familyName' | 'givenName'>) {
  if (isMasked(application.familyName) || isMasked(application.givenName)) return null
  return t('adminApplications.name', { family: application.familyName, given: application.givenName })
}

/** A mail address for a sentence: as it is, or the word for hidden when this operator's role does not see it. */
export function shownMail(mailAddress: string): string {
  return isMasked(mailAddress) ? t('adminApplications.hidden') : mailAddress
}

/** A person's text, or the word for hidden when the role does not see it (as the audit log shows it). */
export function Personal({ value }: { value: string }) {
  if (isMasked(value)) return <span className="application-none">{t('adminApplications.hidden')}</span>
  return <>{value}</>
}

export function StateBadge({ state }: { state: ApplicationState }) {
  return (
    <span className={`badge application-state application-state--${state.toLowerCase()}`}>
      {t(`adminApplications.states.${state}`)}
    </span>
  )
}

const DAY = 24 * 60 * 60 * 1000
/** A waiting application whose premium ends within this is pointed out: it must be reviewed soon. */
const NEAR = 30 * DAY

/** Whether a waiting application can no longer be approved: its premium would have ended already. */
export function isOverdue(application: AdminApplicationSummary, clock: Clock): boolean {
  return (
    application.state === 'SUBMITTED' &&
    new Date(application.premiumEndsAt).getTime() <= nowFor(clock).getTime()
  )
}

/**
 * Beside a waiting application's end: that it has passed (it cannot be approved, only rejected) or
 * is near (a third-year pupil's 31 March), by the server's time (time travel included).
 */
export function DeadlineNote({ application, clock }: { application: AdminApplicationSummary; clock: Clock }) {
  if (application.state !== 'SUBMITTED') return null
  const left = new Date(application.premiumEndsAt).getTime() - nowFor(clock).getTime()
  if (left <= 0) {
    return <span className="application-deadline">{t('adminApplications.deadline.passed')}</span>
  }
  if (left <= NEAR) {
    return <span className="application-deadline">{t('adminApplications.deadline.near')}</span>
  }
  return null
}
