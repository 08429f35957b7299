import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { isTransient } from '../../lib/api-client'
import { errorMessage } from '../../lib/error-message'

/** An area's sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export type ErrorMessages = Readonly<Record<string, string>>

export interface LoadedOrProps<T> {
  /** One answer, or a list read a page at a time (whose later pages' failures ListMore tells). */
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>
  /** What could not be shown, above the reason. */
  failure: string
  /** Shown under the failure, e.g. a way to ask for something else. */
  afterFailure?: ReactNode
  children: (data: T) => ReactNode
}

/**
 * The console's `LoadedOr` for an area's error sentences: what a screen shows of one answer, a
 * spinner while it comes, what went wrong in Japanese (something that is not there says so; a retry
 * where asking again can help), else `children`. Each area binds its own once
 * (`export const LoadedOr = loadedOrWith(BOOTH_ERRORS)`).
 */
export function loadedOrWith(errors: ErrorMessages) {
  return function LoadedOr<T>({ query, failure, afterFailure, children }: LoadedOrProps<T>) {
    if (query.isPending) return <LoadingState />
    // A list whose next page failed keeps the pages it has: the failure is told under them.
    if (query.isError && !('isFetchNextPageError' in query && query.isFetchNextPageError)) {
      return (
        <>
          <LoadFailure
            error={query.error}
            title={failure}
            message={errorMessage(query.error, errors)}
            onRetry={isTransient(query.error) ? () => void query.refetch() : undefined}
          />
          {afterFailure}
        </>
      )
    }
    return <>{children(query.data as T)}</>
  }
}
