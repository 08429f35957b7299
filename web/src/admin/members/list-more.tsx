import { LoadFailure } from '../../components/load-failure'
import { t } from './i18n'

/**
 * Under a list read a page at a time: the next page on request (from the server's cursor), what
 * went wrong fetching it, and what to say once there is no more.
 */
export function ListMore({
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
  end: string
}) {
  return (
    <>
      {error != null && <LoadFailure error={error} title={t('adminMembers.moreFailed')} />}
      {hasMore ? (
        <button type="button" className="button button--secondary" disabled={loading} onClick={onMore}>
          {loading ? t('adminMembers.loadingMore') : t('adminMembers.more')}
        </button>
      ) : (
        <p className="note">{end}</p>
      )}
    </>
  )
}
