import {
  adminMembersApi,
  type MemberDelete,
  type MemberDetail,
  type MemberNote,
  type MemberPage,
  type MemberSealPage,
  type PurigetPenaltySet,
  type SnsPenaltySet,
} from '@puribox/contract/admin-members'
import { type ConsoleRoute, callConsoleApi } from '../api'
import type { MemberSearch } from './member-paths'

const api = adminMembersApi

/** Every answer of the area: one prefix, so a change asks every screen of it again. */
export const MEMBERS_QUERY_KEY = ['admin', 'members'] as const
export const searchQueriesKey = [...MEMBERS_QUERY_KEY, 'search'] as const
export const searchQueryKey = (search: MemberSearch) => [...searchQueriesKey, search] as const
export const memberQueryKey = (accountId: string) => [...MEMBERS_QUERY_KEY, 'member', accountId] as const
export const memberSealsQueryKey = (accountId: string) =>
  [...MEMBERS_QUERY_KEY, 'member', accountId, 'seals'] as const

/** The route for this account: its path's `:accountId` filled in (encoded). */
function of<R extends ConsoleRoute>(route: R, accountId: string): R {
  return { ...route, path: route.path.replace(':accountId', encodeURIComponent(accountId)) }
}

/** A page of the members found by one key, from `after` (the previous page's `next`). */
export function findMembers(
  search: MemberSearch,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<MemberPage> {
  return callConsoleApi(api.adminMembers, { query: { ...search, after }, signal })
}

export function readMember(accountId: string, signal?: AbortSignal): Promise<MemberDetail> {
  return callConsoleApi(of(api.adminMember, accountId), { signal })
}

/** A page of the seals the member saved, from `after` (the previous page's `next`). */
export function readMemberSeals(
  accountId: string,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<MemberSealPage> {
  return callConsoleApi(of(api.adminMemberSeals, accountId), { query: { after }, signal })
}

export function setPurigetRed(accountId: string, body: PurigetPenaltySet): Promise<MemberDetail> {
  return callConsoleApi(of(api.adminMemberPurigetPenaltySet, accountId), { body })
}

export function clearPuriget(accountId: string, body: MemberNote): Promise<MemberDetail> {
  return callConsoleApi(of(api.adminMemberPurigetPenaltyClear, accountId), { body })
}

export function setSnsPenalty(accountId: string, body: SnsPenaltySet): Promise<MemberDetail> {
  return callConsoleApi(of(api.adminMemberSnsPenaltySet, accountId), { body })
}

export function clearSnsPenalty(accountId: string, body: MemberNote): Promise<MemberDetail> {
  return callConsoleApi(of(api.adminMemberSnsPenaltyClear, accountId), { body })
}

export function signOutEverywhere(accountId: string, body: MemberNote): Promise<MemberDetail> {
  return callConsoleApi(of(api.adminMemberSignOut, accountId), { body })
}

export function deleteMember(accountId: string, body: MemberDelete): Promise<{ accountId: string }> {
  return callConsoleApi(of(api.adminMemberDelete, accountId), { body })
}
