import { QueryClient } from '@tanstack/react-query'
import { isTransient } from '../lib/api-client'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer (seal not found, expired…) will not change by asking again.
        retry: (failureCount, error) => isTransient(error) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30 * 1000,
      },
    },
  })
}
