import type { InformationPage } from '@puribox/contract/pages'
import { useQuery } from '@tanstack/react-query'
import {
  infoListQueryKey,
  infoPageQueryKey,
  infoVersionQueryKey,
  readInformationList,
  readInformationPage,
  readInformationVersion,
} from './info-api'

/** Every page with what members see, what is scheduled and how many drafts. */
export function useInformationList() {
  return useQuery({ queryKey: infoListQueryKey, queryFn: ({ signal }) => readInformationList(signal) })
}

/** A page's current version, scheduled versions, drafts and, for a policy, its agreements. */
export function useInformationPage(page: InformationPage) {
  return useQuery({
    queryKey: infoPageQueryKey(page),
    queryFn: ({ signal }) => readInformationPage(page, signal),
  })
}

/** One version in any state (its page and its form ask for the same answer). */
export function useInformationVersion(page: InformationPage, version: string | null) {
  return useQuery({
    queryKey: infoVersionQueryKey(page, version ?? ''),
    queryFn: ({ signal }) => readInformationVersion(page, version ?? '', signal),
    enabled: version !== null,
  })
}
