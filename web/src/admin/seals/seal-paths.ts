import { adminSealParamsSchema } from '@puribox/contract/admin-seals'
import { normalizeSealId } from '@puribox/contract/seal-id'
import { auditPath } from '../audit/audit-filters'
import { BOOTHS_PATH, MEMBERS_PATH, SEALS_PATH, withQuery } from '../paths'

/** The area's first screen: a seal ID to type. */
export const LOOKUP_PATH = SEALS_PATH

/** A seal's page, by its canonical ID. */
export const sealPath = (sealId: string) => `${SEALS_PATH}/${encodeURIComponent(sealId)}`

/** The patterns of the area's screens, as wouter matches them. */
export const SEAL_ROUTES = {
  lookup: LOOKUP_PATH,
  seal: `${SEALS_PATH}/:sealId`,
} as const

/**
 * The canonical seal ID of what was typed (or put in an address), as the server reads it: the
 * characters the contract takes, normalised (full-width, lower case, hyphens, O/I/L); null when it
 * is no seal ID, so nothing is asked for.
 */
export function sealIdOf(typed: string): string | null {
  if (!adminSealParamsSchema.safeParse({ sealId: typed }).success) return null
  return normalizeSealId(typed)
}

/** This seal's entries in the audit log: every time it was stopped, changed or shown again. */
export function sealAuditPath(sealId: string): string {
  return auditPath({ targetKind: 'seal', targetId: sealId })
}

// Other areas' screens, addressed as they address them (booths/booth-paths.ts, members/member-paths.ts)
// without importing their code into this area's chunk; seal-paths.test.ts checks they agree.
const part = encodeURIComponent

/** A machine's page in the booths area. */
export const boothMachinePath = (machineId: string) => `${BOOTHS_PATH}/machines/${part(machineId)}`

/** A shop's page in the booths area. */
export const boothShopPath = (shopId: string) => `${BOOTHS_PATH}/shops/${part(shopId)}`

/** A member's page in the members area. */
export const memberPagePath = (accountId: string) => `${MEMBERS_PATH}/${part(accountId)}`

/** The members area's search for the members who saved this seal. */
export const sealOwnersSearchPath = (sealId: string) => withQuery(MEMBERS_PATH, { sealId })
