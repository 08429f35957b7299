import { MEMBER_ADMIN_LIMITS, memberSearchQuerySchema } from '@puribox/contract/admin-members'
import { normalizeSealId } from '@puribox/contract/seal-id'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { MEMBERS_PATH, withQuery } from '../paths'
import { t } from './i18n'

/** A member's page. The account id is a UUID; it is encoded all the same. */
export const memberPath = (accountId: string) => `${MEMBERS_PATH}/${encodeURIComponent(accountId)}`

/** The patterns of the area's screens, as wouter matches them. */
export const MEMBER_ROUTES = {
  search: MEMBERS_PATH,
  member: `${MEMBERS_PATH}/:accountId`,
} as const

/** What a member is found by, in the order the form shows them and the address names them. */
export const MEMBER_KEYS = ['accountId', 'mailAddress', 'sealId'] as const
export type MemberKey = (typeof MEMBER_KEYS)[number]

/** The search in force: the keys with a value (trimmed), as the address and the request carry them. */
export type MemberSearch = Partial<Record<MemberKey, string>>

/** The search form's fields: the keys, and `keys`, wrong when not exactly one of them is given. */
export type MemberSearchField = MemberKey | 'keys'

/** The search of a form's values or an address's query: each trimmed, the empty ones left out. */
export function memberSearchOf(read: (name: MemberKey) => string | null): MemberSearch {
  const search: MemberSearch = {}
  for (const name of MEMBER_KEYS) {
    const value = read(name)?.trim()
    if (value) search[name] = value
  }
  return search
}

/** The search an address's query (`useSearch()`) holds. */
export function memberSearchOfQuery(query: string): MemberSearch {
  const params = new URLSearchParams(query)
  return memberSearchOf((name) => params.get(name))
}

/** The find screen's address showing this search: a link to it finds the same members. */
export function memberSearchPath(search: MemberSearch): string {
  return withQuery(MEMBERS_PATH, Object.fromEntries(MEMBER_KEYS.map((name) => [name, search[name]])))
}

/** Whether the search names any key at all: without one, there is nothing to ask yet. */
export function isSearching(search: MemberSearch): boolean {
  return MEMBER_KEYS.some((name) => search[name] !== undefined)
}

/**
 * What is wrong with a search, in Japanese: exactly one key (`keys`), and each key in the form the
 * server reads (the contract's query schema; a seal ID as the members' own lookup reads it), checked
 * before asking, so a mistyped address or field is told beside it and nothing is sent.
 */
export function memberSearchErrors(search: MemberSearch): FieldErrors<MemberSearchField> {
  const errors: FieldErrors<MemberSearchField> = {}
  const given = MEMBER_KEYS.filter((name) => search[name] !== undefined)
  if (given.length === 0) errors.keys = t('adminMembers.search.errors.none')
  if (given.length > 1) errors.keys = t('adminMembers.search.errors.several')
  const checked = memberSearchQuerySchema.safeParse(search)
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0]
    // The schema's "exactly one" rule is `keys`'s, said above.
    if (issue.code === 'custom' || typeof field !== 'string') continue
    if ((MEMBER_KEYS as readonly string[]).includes(field))
      errors[field as MemberKey] ??= keyError(field as MemberKey)
  }
  if (search.sealId !== undefined && normalizeSealId(search.sealId) === null)
    errors.sealId ??= keyError('sealId')
  return errors
}

function keyError(name: MemberKey): string {
  return t(`adminMembers.search.errors.${name}`, { max: MEMBER_ADMIN_LIMITS.mailAddressMax })
}
