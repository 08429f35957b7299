import { apiPaths } from '@puribox/contract/api-paths'
import type { NewsItem } from '@puribox/contract/news'
import type { NewsCategory } from '@puribox/contract/news-pages'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

/**
 * The news as the product's client has always read it: `entry` is null when the list is empty or when it
 * could not be loaded; `failed` says which, so the page can word it (never an error page).
 */
export interface NewsAnswer {
  entry: NewsItem[] | null
  failed: boolean
}

export function newsUrl(category: NewsCategory | null, count?: number): string {
  const query = new URLSearchParams()
  if (category) query.set('newsCategoryName', category)
  if (count !== undefined) query.set('count', String(count))
  const search = query.toString()
  return `${apiPaths.news.path}${search ? `?${search}` : ''}`
}

export async function fetchNews(
  category: NewsCategory | null,
  count: number | undefined,
  signal?: AbortSignal,
): Promise<NewsAnswer> {
  try {
    const { entry } = await getAnswer<'news'>(newsUrl(category, count), signal)
    return { entry: entry.length > 0 ? entry : null, failed: false }
  } catch (error) {
    if (signal?.aborted) throw error
    return { entry: null, failed: true }
  }
}

/** Every news query starts with this key (marking an item read updates them all). */
export const newsQueryRoot = ['news'] as const

export function useNews(category: NewsCategory | null, count?: number) {
  return useQuery({
    queryKey: [...newsQueryRoot, category ?? 'all', count ?? 'max'],
    queryFn: ({ signal }) => fetchNews(category, count, signal),
    staleTime: 60 * 1000,
  })
}
