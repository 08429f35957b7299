import {
  type AdminNewsItem,
  type AdminNewsPage,
  adminNewsApi,
  type NewsChange,
  type NewsDraftCreate,
  type NewsSchedule,
  type NewsState,
  type NewsStep,
} from '@puribox/contract/admin-news'
import { type ConsoleRoute, callConsoleApi } from '../api'
import { CONTENT_QUERY_KEY } from './content-context'

const api = adminNewsApi

export const newsListQueryKey = (state: NewsState | null) =>
  [...CONTENT_QUERY_KEY, 'news', 'list', state] as const
export const newsItemQueryKey = (newsId: string) => [...CONTENT_QUERY_KEY, 'news', 'item', newsId] as const

/** The route with its `:newsId` filled in (encoded). */
function at<R extends ConsoleRoute>(route: R, newsId: string): R {
  return { ...route, path: route.path.replace(':newsId', encodeURIComponent(newsId)) }
}

/** A page of items of one state (or all), from `after` (the previous page's `next`). */
export function readNewsPage(
  state: NewsState | null,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminNewsPage> {
  return callConsoleApi(api.adminNews, { query: { state: state ?? undefined, after }, signal })
}

export function readNewsItem(newsId: string, signal?: AbortSignal): Promise<AdminNewsItem> {
  return callConsoleApi(at(api.adminNewsItem, newsId), { signal })
}

export function createNews(body: NewsDraftCreate): Promise<AdminNewsItem> {
  return callConsoleApi(api.adminNewsCreate, { body })
}

export function changeNews(newsId: string, body: NewsChange): Promise<AdminNewsItem> {
  return callConsoleApi(at(api.adminNewsChange, newsId), { body })
}

export function scheduleNews(newsId: string, body: NewsSchedule): Promise<AdminNewsItem> {
  return callConsoleApi(at(api.adminNewsSchedule, newsId), { body })
}

export function publishNews(newsId: string, body: NewsStep): Promise<AdminNewsItem> {
  return callConsoleApi(at(api.adminNewsPublish, newsId), { body })
}

export function withdrawNews(newsId: string, body: NewsStep): Promise<AdminNewsItem> {
  return callConsoleApi(at(api.adminNewsWithdraw, newsId), { body })
}
