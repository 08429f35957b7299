import { type AdminSeal, adminSealsApi, type SealHide, type SealUnhide } from '@puribox/contract/admin-seals'
import type { WithClock } from '../../lib/api-client'
import { type ConsoleRoute, callConsoleApi } from '../api'

const api = adminSealsApi

/** Every answer of the area shares this prefix. */
export const SEALS_QUERY_KEY = ['admin', 'seals'] as const
export const sealQueryKey = (sealId: string) => [...SEALS_QUERY_KEY, sealId] as const

/** The route with its path's `:sealId` filled in (encoded). */
function of<R extends ConsoleRoute>(route: R, sealId: string): R {
  return { ...route, path: route.path.replace(':sealId', encodeURIComponent(sealId)) }
}

export function readSeal(sealId: string, signal?: AbortSignal): Promise<WithClock<AdminSeal>> {
  return callConsoleApi(of(api.adminSeal, sealId), { signal })
}

export function hideSeal(sealId: string, body: SealHide): Promise<WithClock<AdminSeal>> {
  return callConsoleApi(of(api.adminSealHide, sealId), { body })
}

export function unhideSeal(sealId: string, body: SealUnhide): Promise<WithClock<AdminSeal>> {
  return callConsoleApi(of(api.adminSealUnhide, sealId), { body })
}
