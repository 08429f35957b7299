import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { isTransient } from '../../lib/api-client'
import { errorMessage } from '../../lib/error-message'
import { INFO_ERRORS } from './info-i18n'

/**
 * What a screen of the area shows of one answer: a spinner while it comes, what went wrong in
 * Japanese (a version that is not there says so; a retry where asking again can help), else `children`.
 */
export function InfoLoaded<T>({
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
        message={errorMessage(query.error, INFO_ERRORS)}
        onRetry={isTransient(query.error) ? () => void query.refetch() : undefined}
      />
    )
  }
  return <>{children(query.data)}</>
}
