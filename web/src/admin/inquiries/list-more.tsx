import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { LoadFailure } from '../../components/load-failure'
import { t } from './i18n'

/**
 * Under a list read a page at a time: the next page on request (from the server's cursor), what
 * went wrong fetching it, and, when given, what to say once there is no more.
 */
export function ListMore({ list, end }: { list: UseInfiniteQueryResult<unknown>; end?: string }) {
  return (
    <>
      {list.isFetchNextPageError && <LoadFailure error={list.error} title={t('adminInquiries.moreFailed')} />}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('adminInquiries.loadingMore') : t('adminInquiries.more')}
        </button>
      ) : (
        end && <p className="note">{end}</p>
      )}
    </>
  )
}
