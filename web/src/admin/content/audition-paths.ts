import { AUDITION_STATES, type AuditionState } from '@puribox/contract/admin-auditions'
import { AUDIT_PATH, AUDITIONS_PATH, MEMBERS_PATH, withQuery } from '../paths'

export { AUDITIONS_PATH }
export const NEW_AUDITION_PATH = `${AUDITIONS_PATH}/new`

const part = encodeURIComponent

export const auditionPath = (auditionId: string) => `${AUDITIONS_PATH}/${part(auditionId)}`
export const auditionEditPath = (auditionId: string) => `${auditionPath(auditionId)}/edit`

/** The patterns of the area's screens, as wouter matches them (the fixed ones before the `:id` ones). */
export const AUDITION_ROUTES = {
  list: AUDITIONS_PATH,
  create: NEW_AUDITION_PATH,
  audition: `${AUDITIONS_PATH}/:auditionId`,
  edit: `${AUDITIONS_PATH}/:auditionId/edit`,
} as const

/** The list's view an address asks for: every state (null), one of them, or a state that is none. */
export type AuditionListView = { state: AuditionState | null } | { wrong: string }

export function auditionViewOfSearch(search: string): AuditionListView {
  const state = new URLSearchParams(search).get('state')
  if (state === null || state === '') return { state: null }
  return (AUDITION_STATES as readonly string[]).includes(state)
    ? { state: state as AuditionState }
    : { wrong: state }
}

/** The list's address showing one state, or every one. */
export function auditionListPath(state: AuditionState | null): string {
  return withQuery(AUDITIONS_PATH, { state: state ?? undefined })
}

/** The audit log's address showing what was done to one audition. */
export function auditionAuditPath(auditionId: string): string {
  return withQuery(AUDIT_PATH, { targetKind: 'audition', targetId: auditionId })
}

// Another area's screen, addressed as it addresses it (members/member-paths.ts), without its module.
/** A member's page in the members area. */
export const memberPagePath = (accountId: string) => `${MEMBERS_PATH}/${encodeURIComponent(accountId)}`
