import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { isTransient } from '../../lib/api-client'
import { errorMessage } from '../../lib/error-message'
import { CONTENT_ERRORS } from './content-messages'
import { t } from './i18n'

/**
 * What a screen shows of one answer: a spinner while it comes, what went wrong in Japanese (an item
 * that is not there says so; a retry where asking again can help), else `children`.
 */
export function LoadedOr<T>({
  query,
  failure,
  children,
}: {
  query: UseQueryResult<T>
  /** What could not be shown, above the reason. */
  failure: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <LoadingState />
  if (query.isError) {
    return (
      <LoadFailure
        error={query.error}
        title={failure}
        message={errorMessage(query.error, CONTENT_ERRORS)}
        onRetry={isTransient(query.error) ? () => void query.refetch() : undefined}
      />
    )
  }
  return <>{children(query.data)}</>
}

/**
 * Under a list read a page at a time: the next page on request (from the server's cursor), what
 * went wrong fetching it, and, when given, what to say once there is no more.
 */
export function ListMore({ list, end }: { list: UseInfiniteQueryResult<unknown>; end?: string }) {
  return (
    <>
      {list.isFetchNextPageError && <LoadFailure error={list.error} title={t('adminContent.moreFailed')} />}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('adminContent.loadingMore') : t('adminContent.more')}
        </button>
      ) : (
        end && <p className="note">{end}</p>
      )}
    </>
  )
}
