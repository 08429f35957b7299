import { AD_STATES, type AdState } from '@puribox/contract/admin-ads'
import { ADS_PATH, AUDIT_PATH, withQuery } from '../paths'

export { ADS_PATH }

const part = encodeURIComponent

/** A space's ads, of one state or all (`?state=`). */
export const adSpacePath = (spaceId: string) => `${ADS_PATH}/spaces/${part(spaceId)}`
export const adSpaceEditPath = (spaceId: string) => `${adSpacePath(spaceId)}/edit`
export const newAdPath = (spaceId: string) => `${adSpacePath(spaceId)}/new`
export const NEW_AD_SPACE_PATH = `${ADS_PATH}/new-space`
/** An ad, with its reactions of the days `?from=` to `?to=` (the last 30 without them). */
export const adPath = (adId: number | string) => `${ADS_PATH}/${part(String(adId))}`
export const adEditPath = (adId: number | string) => `${adPath(adId)}/edit`

/** The patterns of the area's screens, as wouter matches them (the fixed ones before the `:id` ones). */
export const AD_ROUTES = {
  spaces: ADS_PATH,
  newSpace: NEW_AD_SPACE_PATH,
  space: `${ADS_PATH}/spaces/:spaceId`,
  spaceEdit: `${ADS_PATH}/spaces/:spaceId/edit`,
  create: `${ADS_PATH}/spaces/:spaceId/new`,
  ad: `${ADS_PATH}/:adId`,
  edit: `${ADS_PATH}/:adId/edit`,
} as const

/** An ad's id from the address: a positive integer written plainly, else null (no such screen). */
export function adIdOf(text: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null
}

/** The space's list an address asks for: every state (null), one of them, or a state that is none. */
export type AdListView = { state: AdState | null } | { wrong: string }

export function adViewOfSearch(search: string): AdListView {
  const state = new URLSearchParams(search).get('state')
  if (state === null || state === '') return { state: null }
  return (AD_STATES as readonly string[]).includes(state) ? { state: state as AdState } : { wrong: state }
}

/** A space's list showing one state, or every one. */
export function adListPath(spaceId: string, state: AdState | null): string {
  return withQuery(adSpacePath(spaceId), { state: state ?? undefined })
}

/** An ad's page with the reactions of a range of days (none: the last 30). */
export function adRangePath(adId: number, range?: { from: string; to: string }): string {
  return withQuery(adPath(adId), { from: range?.from, to: range?.to })
}

/** The audit log's address showing what was done to one ad, or one space. */
export function adAuditPath(adId: number): string {
  return withQuery(AUDIT_PATH, { targetKind: 'ad', targetId: String(adId) })
}
export function adSpaceAuditPath(spaceId: string): string {
  return withQuery(AUDIT_PATH, { targetKind: 'ad-space', targetId: spaceId })
}
