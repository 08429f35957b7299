import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { isTransient } from '../../lib/api-client'
import { errorMessage } from '../../lib/error-message'
import { ADS_ERRORS } from './ads-labels'

/**
 * What an ads screen shows of one answer: a spinner while it comes, what went wrong in Japanese (an
 * ad or a space that is not there says so; a retry where asking again can help), else `children`.
 */
export function AdLoadedOr<T>({
  query,
  failure,
  children,
}: {
  query: UseQueryResult<T>
  failure: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <LoadingState />
  if (query.isError) {
    return (
      <LoadFailure
        error={query.error}
        title={failure}
        message={errorMessage(query.error, ADS_ERRORS)}
        onRetry={isTransient(query.error) ? () => void query.refetch() : undefined}
      />
    )
  }
  return <>{children(query.data)}</>
}
