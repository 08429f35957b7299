import {
  type AdminInformationHistory,
  type AdminInformationList,
  type AdminInformationPage,
  type AdminInformationPublished,
  type AdminInformationVersion,
  adminInformationApi,
  type InformationDraftChange,
  type InformationDraftCreate,
  type InformationPublish,
  type InformationRendering,
  type InformationStep,
} from '@puribox/contract/admin-information'
import type { InformationPage } from '@puribox/contract/pages'
import { type ConsoleRoute, callConsoleApi } from '../api'
import { CONTENT_QUERY_KEY } from '../content/content-context'

const api = adminInformationApi

// Under the content areas' key: a change there (`changed`) asks every screen of the area again.
const INFO_QUERY_KEY = [...CONTENT_QUERY_KEY, 'information'] as const
export const infoListQueryKey = [...INFO_QUERY_KEY, 'list'] as const
export const infoPageQueryKey = (page: InformationPage) => [...INFO_QUERY_KEY, 'page', page] as const
export const infoHistoryQueryKey = (page: InformationPage) => [...INFO_QUERY_KEY, 'history', page] as const
export const infoVersionQueryKey = (page: InformationPage, version: string) =>
  [...INFO_QUERY_KEY, 'version', page, version] as const

/** The route with its `:page` (and `:version`) filled in, encoded. */
function at<R extends ConsoleRoute>(route: R, page: InformationPage, version?: string): R {
  let path = route.path.replace(':page', encodeURIComponent(page))
  if (version !== undefined) path = path.replace(':version', encodeURIComponent(version))
  return { ...route, path }
}

export function readInformationList(signal?: AbortSignal): Promise<AdminInformationList> {
  return callConsoleApi(api.adminInformation, { signal })
}

export function readInformationPage(
  page: InformationPage,
  signal?: AbortSignal,
): Promise<AdminInformationPage> {
  return callConsoleApi(at(api.adminInformationPage, page), { signal })
}

/** A page of published versions, newest first, from `after` (the previous page's `next`). */
export function readInformationHistory(
  page: InformationPage,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminInformationHistory> {
  return callConsoleApi(at(api.adminInformationHistory, page), { query: { after }, signal })
}

export function readInformationVersion(
  page: InformationPage,
  version: string,
  signal?: AbortSignal,
): Promise<AdminInformationVersion> {
  return callConsoleApi(at(api.adminInformationVersion, page, version), { signal })
}

export function previewInformation(body: string, signal?: AbortSignal): Promise<InformationRendering> {
  return callConsoleApi(api.adminInformationPreview, { body: { body }, signal })
}

export function createInformationDraft(
  page: InformationPage,
  body: InformationDraftCreate,
): Promise<AdminInformationVersion> {
  return callConsoleApi(at(api.adminInformationDraftCreate, page), { body })
}

export function changeInformationDraft(
  page: InformationPage,
  version: string,
  body: InformationDraftChange,
): Promise<AdminInformationVersion> {
  return callConsoleApi(at(api.adminInformationDraftChange, page, version), { body })
}

export function discardInformationDraft(
  page: InformationPage,
  version: string,
  body: InformationStep,
): Promise<AdminInformationPage> {
  return callConsoleApi(at(api.adminInformationDraftDiscard, page, version), { body })
}

export function publishInformation(
  page: InformationPage,
  version: string,
  body: InformationPublish,
): Promise<AdminInformationPublished> {
  return callConsoleApi(at(api.adminInformationPublish, page, version), { body })
}

export function unscheduleInformation(
  page: InformationPage,
  version: string,
  body: InformationStep,
): Promise<AdminInformationVersion> {
  return callConsoleApi(at(api.adminInformationUnschedule, page, version), { body })
}
