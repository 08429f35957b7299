import { apiPaths } from '@puribox/contract/api-paths'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

export function blogPostsUrl(category: string, count: number): string {
  return `${apiPaths.blogPosts.path}?${new URLSearchParams({ category, count: String(count) })}`
}

/** The newest posts of a category of the blog (the server answers from its cache, never slowly). */
export function useBlogPosts(category: string, count: number) {
  return useQuery({
    queryKey: ['blog', category, count],
    queryFn: ({ signal }) => getAnswer<'blogPosts'>(blogPostsUrl(category, count), signal),
    staleTime: 5 * 60 * 1000,
  })
}
