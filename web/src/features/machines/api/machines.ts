import { apiPaths } from '@puribox/contract/api-paths'
import type { MachineSearchQuery } from '@puribox/contract/machine-search'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'

/** The models change with a release at most: kept for the visit once read. */
const MODELS_STALE_MS = 10 * 60 * 1000

export function useMachineModels(idFederationOnly: boolean) {
  return useQuery({
    queryKey: ['machines', 'models', idFederationOnly],
    queryFn: ({ signal }) =>
      getAnswer<'machineModels'>(
        `${apiPaths.machineModels.path}${idFederationOnly ? '?isIdFederationSupported=true' : ''}`,
        signal,
      ),
    staleTime: MODELS_STALE_MS,
  })
}

export function useMachineModel(id: string) {
  return useQuery({
    queryKey: ['machines', 'model', id],
    queryFn: ({ signal }) => callApi('machineModel', { params: { id }, signal }),
    staleTime: MODELS_STALE_MS,
    retry: false,
  })
}

/**
 * The API's address of a search (the page's query, the same names), with the person's own
 * prefecture (JIS code) when known, whose shops the server puts first.
 */
export function shopSearchUrl(query: MachineSearchQuery, homePrefecture?: number): string {
  const params = new URLSearchParams()
  for (const name of ['prefecture', 'city', 'keyword', 'modelId', 'lat', 'lng'] as const) {
    const value = query[name]
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  if (homePrefecture !== undefined) params.set('homePrefecture', String(homePrefecture))
  if (query.page !== undefined) params.set('page', String(query.page))
  return `${apiPaths.shopSearch.path}?${params}`
}

export function useShopSearch(query: MachineSearchQuery, enabled: boolean, homePrefecture?: number) {
  const url = shopSearchUrl(query, homePrefecture)
  return useQuery({
    queryKey: ['machines', 'shops', url],
    queryFn: ({ signal }) => getAnswer<'shopSearch'>(url, signal),
    enabled,
    staleTime: 60 * 1000,
    retry: false,
  })
}

export function useShopCities(prefecture: number | undefined) {
  return useQuery({
    queryKey: ['machines', 'cities', prefecture],
    queryFn: ({ signal }) =>
      getAnswer<'shopCities'>(`${apiPaths.shopCities.path}?prefecture=${prefecture}`, signal),
    enabled: prefecture !== undefined,
    staleTime: MODELS_STALE_MS,
  })
}
