import { apiPaths } from '@puribox/contract/api-paths'
import { useQuery } from '@tanstack/react-query'
import { getAnswer } from '../../../lib/api-client'

/** The static data is fetched with a timestamp rounded to this: caches keep it that long. */
const STATIC_DATA_BUCKET_MS = 10 * 60 * 1000

/** `/static/data.json?t=…`: the same address for ten minutes, then a new one past every cache. */
export function staticDataUrl(now = Date.now()): string {
  return `${apiPaths.staticData.path}?t=${Math.floor(now / STATIC_DATA_BUCKET_MS) * STATIC_DATA_BUCKET_MS}`
}

/** The site's static data: which ad space each placement shows. */
export function useStaticData() {
  return useQuery({
    queryKey: ['static-data'],
    queryFn: ({ signal }) => getAnswer<'staticData'>(staticDataUrl(), signal),
    staleTime: STATIC_DATA_BUCKET_MS,
  })
}
