import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { LoadFailure } from '../../components/load-failure'
import { t } from '../i18n'

/**
 * Under a list read a page at a time: the next page on request, what went wrong fetching it, and,
 * when given, what to say once there is no more. For a list that is not one infinite query (a first
 * page that came with its screen); ListMore is this for one that is.
 */
export function MorePages({
  hasMore,
  loading,
  error,
  onMore,
  end,
}: {
  hasMore: boolean
  loading: boolean
  /** What went wrong fetching the next page, if it did. */
  error: unknown
  onMore: () => void
  end?: string
}) {
  return (
    <>
      {error != null && <LoadFailure error={error} title={t('admin.listMore.failed')} />}
      {hasMore ? (
        <button type="button" className="button button--secondary" disabled={loading} onClick={onMore}>
          {loading ? t('admin.listMore.loading') : t('admin.listMore.more')}
        </button>
      ) : (
        end && <p className="note">{end}</p>
      )}
    </>
  )
}

/** MorePages under a list read by one infinite query, from the server's cursor. */
export function ListMore({ list, end }: { list: UseInfiniteQueryResult<unknown>; end?: string }) {
  return (
    <MorePages
      hasMore={list.hasNextPage}
      loading={list.isFetchingNextPage}
      error={list.isFetchNextPageError ? list.error : null}
      onMore={() => void list.fetchNextPage()}
      end={end}
    />
  )
}
