import {
  AD_PICTURE_FIELD,
  type AdChange,
  type AdDraftCreate,
  type AdminAd,
  type AdminAdPage,
  type AdminAdRead,
  type AdminAdSpace,
  type AdminAdSpaces,
  type AdPictureUploaded,
  type AdSchedule,
  type AdSpaceChange,
  type AdSpaceCreate,
  type AdState,
  type AdStep,
  adminAdsApi,
} from '@puribox/contract/admin-ads'
import { readAnswer, type WithClock } from '../../lib/api-client'
import { type ConsoleRoute, callConsoleApi } from '../api'
import { CONTENT_QUERY_KEY } from '../content/content-context'

const api = adminAdsApi

// Under the content areas' key: a change made in the area asks every one of its screens again.
export const adSpacesQueryKey = () => [...CONTENT_QUERY_KEY, 'ads', 'spaces'] as const
export const adListQueryKey = (spaceId: string, state: AdState | null) =>
  [...CONTENT_QUERY_KEY, 'ads', 'list', spaceId, state] as const
export const adQueryKey = (adId: number, range: { from: string; to: string } | null) =>
  [...CONTENT_QUERY_KEY, 'ads', 'ad', adId, range?.from ?? null, range?.to ?? null] as const

/** The route with its `:name` filled in (encoded). */
function at<R extends ConsoleRoute>(route: R, name: 'spaceId' | 'adId', value: string | number): R {
  return { ...route, path: route.path.replace(`:${name}`, encodeURIComponent(String(value))) }
}

export function readAdSpaces(signal?: AbortSignal): Promise<AdminAdSpaces> {
  return callConsoleApi(api.adminAdSpaces, { signal })
}

export function createAdSpace(body: AdSpaceCreate): Promise<AdminAdSpace> {
  return callConsoleApi(api.adminAdSpaceCreate, { body })
}

export function changeAdSpace(spaceId: string, body: AdSpaceChange): Promise<AdminAdSpace> {
  return callConsoleApi(at(api.adminAdSpaceChange, 'spaceId', spaceId), { body })
}

/** A page of a space's ads of one state (or all), from `after` (the previous page's `next`). */
export function readAdPage(
  spaceId: string,
  state: AdState | null,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminAdPage> {
  return callConsoleApi(at(api.adminAdList, 'spaceId', spaceId), {
    query: { state: state ?? undefined, after },
    signal,
  })
}

/** An ad with its reactions of the range (the server's last 30 days when none). */
export function readAd(
  adId: number,
  range: { from: string; to: string } | null,
  signal?: AbortSignal,
): Promise<AdminAdRead> {
  return callConsoleApi(at(api.adminAd, 'adId', adId), {
    query: { from: range?.from, to: range?.to },
    signal,
  })
}

export function createAd(spaceId: string, body: AdDraftCreate): Promise<AdminAd> {
  return callConsoleApi(at(api.adminAdCreate, 'spaceId', spaceId), { body })
}

export function changeAd(adId: number, body: AdChange): Promise<AdminAd> {
  return callConsoleApi(at(api.adminAdChange, 'adId', adId), { body })
}

export function scheduleAd(adId: number, body: AdSchedule): Promise<AdminAd> {
  return callConsoleApi(at(api.adminAdSchedule, 'adId', adId), { body })
}

export function publishAd(adId: number, body: AdStep): Promise<AdminAd> {
  return callConsoleApi(at(api.adminAdPublish, 'adId', adId), { body })
}

export function withdrawAd(adId: number, body: AdStep): Promise<AdminAd> {
  return callConsoleApi(at(api.adminAdWithdraw, 'adId', adId), { body })
}

/**
 * Uploads a picture (multipart, the CSRF header as every console request): the server reads it
 * whole and answers the path an ad then names as its `mediaUrl`.
 */
export function uploadAdPicture(file: Blob, signal?: AbortSignal): Promise<WithClock<AdPictureUploaded>> {
  const { method, path } = api.adminAdPictureUpload
  const form = new FormData()
  form.append(AD_PICTURE_FIELD, file, file instanceof File ? file.name : AD_PICTURE_FIELD)
  const request = fetch(path, {
    method,
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
    credentials: 'include',
    signal,
  })
  const read = readAnswer as unknown as (
    answer: Promise<Response>,
    signal?: AbortSignal,
  ) => Promise<WithClock<AdPictureUploaded>>
  return read(request, signal)
}
