import type { MemberSealPage } from '@puribox/contract/admin-members'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { MorePages } from '../kit/list-more'
import { sealPath } from '../seals/seal-paths'
import { t } from './i18n'
import { japanTime, printedSealId } from './member-format'
import { memberSealsQueryKey, readMemberSeals } from './members-api'

/**
 * The seals the member saved, the latest first, with how many pictures of each: the first page
 * comes with the member's page, the next ones from the seals' own route once asked for, from the
 * first page's cursor. Drawn afresh (its `key`) when the member's page brings another first page.
 */
export function MemberSeals({ accountId, first }: { accountId: string; first: MemberSealPage }) {
  const [asked, setAsked] = useState(false)
  const more = useInfiniteQuery({
    queryKey: [...memberSealsQueryKey(accountId), first.next],
    queryFn: ({ pageParam, signal }) => readMemberSeals(accountId, pageParam, signal),
    initialPageParam: first.next ?? undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: asked && first.next !== null,
  })
  // Asked, and a later page came: the list goes on from it; asked and none came yet (or it failed):
  // asking again starts over from the first page's cursor.
  const started = asked && more.data !== undefined
  const later = asked ? (more.data?.pages ?? []) : []
  const seals = [...first.seals, ...later.flatMap((page) => page.seals)]
  const total = first.total
  return (
    <section className="console-list" aria-labelledby="member-seals-title">
      <h2 id="member-seals-title" className="section-title">
        {t('adminMembers.seals.title', { count: total })}
      </h2>
      {seals.length === 0 ? (
        <p className="card console-card">{t('adminMembers.seals.none')}</p>
      ) : (
        <>
          <table className="console-table card-table member-table">
            <thead>
              <tr>
                <th scope="col">{t('adminMembers.seals.sealId')}</th>
                <th scope="col">{t('adminMembers.seals.savedAt')}</th>
                <th scope="col" className="member-table__count">
                  {t('adminMembers.seals.pictures')}
                </th>
              </tr>
            </thead>
            <tbody>
              {seals.map((seal) => (
                <tr key={seal.sealId}>
                  <th scope="row" data-label={t('adminMembers.seals.sealId')}>
                    {/* The seal's own page: its pictures, everyone who saved it, and hiding it. */}
                    <Link href={sealPath(seal.sealId)} className="text-link member-code">
                      {printedSealId(seal.sealId)}
                    </Link>
                  </th>
                  <td data-label={t('adminMembers.seals.savedAt')}>
                    <time dateTime={seal.savedAt}>{japanTime(seal.savedAt)}</time>
                  </td>
                  <td data-label={t('adminMembers.seals.pictures')} className="member-table__count">
                    {t('adminMembers.seals.pictureCount', { count: seal.pictures })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="console-list__foot">
            <p className="note" role="status">
              {t('adminMembers.seals.shown', { count: seals.length, total })}
            </p>
            <MorePages
              hasMore={started ? more.hasNextPage : first.next !== null}
              loading={asked && more.isFetching}
              error={more.isError ? more.error : null}
              onMore={() => {
                if (!asked) setAsked(true)
                else if (started) void more.fetchNextPage()
                else void more.refetch()
              }}
              end={t('adminMembers.seals.end')}
            />
          </div>
        </>
      )}
    </section>
  )
}
