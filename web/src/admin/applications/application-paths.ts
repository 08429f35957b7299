import { applicationParamsSchema } from '@puribox/contract/admin-applications'
import { APPLICATION_STATES, type ApplicationState } from '@puribox/contract/jhs-free'
import { auditPath } from '../audit/audit-filters'
import { APPLICATIONS_PATH, withQuery } from '../paths'

/** The queue: the area's first screen; the state shown is the address's `state` (absent: all). */
export const QUEUE_PATH = APPLICATIONS_PATH

export const applicationPath = (applicationId: string) =>
  `${APPLICATIONS_PATH}/${encodeURIComponent(applicationId)}`

/** The patterns of the area's screens, as wouter matches them. */
export const APPLICATION_ROUTES = {
  queue: QUEUE_PATH,
  application: `${APPLICATIONS_PATH}/:applicationId`,
} as const

/**
 * The state an address's query asks for: undefined for all, the state when it names one, or
 * 'invalid' when it names something the server would refuse (said on the screen, nothing asked).
 */
export function queueStateOfSearch(search: string): ApplicationState | undefined | 'invalid' {
  const state = new URLSearchParams(search).get('state')
  if (state === null || state === '') return undefined
  return (APPLICATION_STATES as readonly string[]).includes(state) ? (state as ApplicationState) : 'invalid'
}

/** The queue's address showing this state (undefined: all of them). */
export function queuePath(state: ApplicationState | undefined): string {
  return withQuery(QUEUE_PATH, { state })
}

/** Whether an address's id could name an application at all (the server asks a UUID). */
export function isApplicationId(value: string): boolean {
  return applicationParamsSchema.safeParse({ applicationId: value }).success
}

/** This application's entries in the audit log: its reviews and every opening of a picture. */
export function applicationAuditPath(applicationId: string): string {
  return auditPath({ targetKind: 'school-application', targetId: applicationId })
}
