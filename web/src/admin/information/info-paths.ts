import type { InformationPage } from '@puribox/contract/pages'
import { INFORMATION_PAGES } from '@puribox/contract/pages'
import { AUDIT_PATH, INFORMATION_PATH, withQuery } from '../paths'

export { INFORMATION_PATH }

const part = encodeURIComponent

/** A page's versions: what members see, what is scheduled, the drafts and the published ones. */
export const infoPagePath = (page: InformationPage) => `${INFORMATION_PATH}/${page}`

/** A new draft of a page; `from` names the version whose text it starts from (the current one when absent). */
export const infoNewDraftPath = (page: InformationPage, from?: string) =>
  withQuery(`${infoPagePath(page)}/new`, { from })

/** One version, in any state. */
export const infoVersionPath = (page: InformationPage, version: string) =>
  `${infoPagePath(page)}/versions/${part(version)}`

/** A draft's form. */
export const infoEditPath = (page: InformationPage, version: string) =>
  `${infoVersionPath(page, version)}/edit`

/** The patterns of the area's screens, as wouter matches them. */
export const INFO_ROUTES = {
  list: INFORMATION_PATH,
  page: `${INFORMATION_PATH}/:page`,
  create: `${INFORMATION_PATH}/:page/new`,
  version: `${INFORMATION_PATH}/:page/versions/:version`,
  edit: `${INFORMATION_PATH}/:page/versions/:version/edit`,
} as const

/** The page an address names, or null when it names none (the console's not-found screen then). */
export function infoPageOf(value: string): InformationPage | null {
  return (INFORMATION_PAGES as readonly string[]).includes(value) ? (value as InformationPage) : null
}

/** The audit log's address showing what was done to a page's versions. */
export function infoAuditPath(page: InformationPage): string {
  return withQuery(AUDIT_PATH, { targetKind: 'information-page', targetId: page })
}

/** Where members read a published version (the members' site, opened in a new tab). */
export function membersPagePath(page: InformationPage, version?: string): string {
  return withQuery(`/web/common/information/${page}`, { version })
}
