import {
  type AdminAuditionApplicationsPage,
  type AdminAuditionDetail,
  type AdminAuditionPage,
  type AuditionChange,
  type AuditionClose,
  type AuditionCreate,
  type AuditionState,
  adminAuditionsApi,
} from '@puribox/contract/admin-auditions'
import { type ConsoleRoute, callConsoleApi } from '../api'
import { CONTENT_QUERY_KEY } from './content-context'

const api = adminAuditionsApi

export const auditionListQueryKey = (state: AuditionState | null) =>
  [...CONTENT_QUERY_KEY, 'auditions', 'list', state] as const
export const auditionQueryKey = (auditionId: string) =>
  [...CONTENT_QUERY_KEY, 'auditions', 'audition', auditionId] as const
export const auditionApplicationsQueryKey = (auditionId: string) =>
  [...CONTENT_QUERY_KEY, 'auditions', 'applications', auditionId] as const

/** The route with its `:auditionId` filled in (encoded). */
function at<R extends ConsoleRoute>(route: R, auditionId: string): R {
  return { ...route, path: route.path.replace(':auditionId', encodeURIComponent(auditionId)) }
}

/** A page of auditions of one state (or all), from `after` (the previous page's `next`). */
export function readAuditionPage(
  state: AuditionState | null,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminAuditionPage> {
  return callConsoleApi(api.adminAuditions, { query: { state: state ?? undefined, after }, signal })
}

export function readAudition(auditionId: string, signal?: AbortSignal): Promise<AdminAuditionDetail> {
  return callConsoleApi(at(api.adminAudition, auditionId), { signal })
}

/** A page of the applications sent to the organiser, from `after` (the previous page's `next`). */
export function readAuditionApplications(
  auditionId: string,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminAuditionApplicationsPage> {
  return callConsoleApi(at(api.adminAuditionApplications, auditionId), { query: { after }, signal })
}

export function createAudition(body: AuditionCreate): Promise<AdminAuditionDetail> {
  return callConsoleApi(api.adminAuditionCreate, { body })
}

export function changeAudition(auditionId: string, body: AuditionChange): Promise<AdminAuditionDetail> {
  return callConsoleApi(at(api.adminAuditionChange, auditionId), { body })
}

export function closeAudition(auditionId: string, body: AuditionClose): Promise<AdminAuditionDetail> {
  return callConsoleApi(at(api.adminAuditionClose, auditionId), { body })
}
