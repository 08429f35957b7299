import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { LoadFailure } from '../../components/load-failure'
import { loadedOrWith } from '../kit/loaded-or'
import { CONTENT_ERRORS } from './content-messages'
import { t } from './i18n'

/** The console's LoadedOr (kit/loaded-or.tsx) with the content areas' error sentences. */
export const LoadedOr = loadedOrWith(CONTENT_ERRORS)

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
