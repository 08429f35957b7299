import type { MemberSummary } from '@puribox/contract/admin-members'
import { type UseInfiniteQueryResult, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { ListMore } from '../kit/list-more'
import { t } from './i18n'
import { Masked } from './masked'
import { japanTime } from './member-format'
import { MemberLoadedOr } from './member-messages'
import { MemberPage } from './member-page'
import {
  isSearching,
  type MemberSearch,
  memberPath,
  memberSearchErrors,
  memberSearchOfQuery,
  memberSearchPath,
} from './member-paths'
import { MemberSearchForm } from './member-search-form'
import { findMembers, searchQueryKey } from './members-api'
import { useMembers } from './members-context'

/**
 * `/admin/members`: finds members by one key, an account id, a mail address or a seal ID they saved.
 * The search lives in the address, so a link finds the same members and back and forward go
 * through the searches made; the members found come a page at a time, by account id.
 */
export function MemberSearchScreen() {
  const query = useSearch()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const { searched } = useMembers()
  const search = useMemo(() => memberSearchOfQuery(query), [query])
  const searching = isSearching(search)
  // An address without any key is a search not made yet, not a wrong one.
  const errors = useMemo(() => (searching ? memberSearchErrors(search) : {}), [search, searching])
  const valid = Object.keys(errors).length === 0

  useEffect(() => searched(memberSearchPath(search)), [search, searched])

  function apply(chosen: MemberSearch) {
    const to = memberSearchPath(chosen)
    // The same search again: the members as they are now, without a second step in the history.
    if (to === memberSearchPath(search))
      void queryClient.invalidateQueries({ queryKey: searchQueryKey(search) })
    else navigate(to)
  }

  return (
    <MemberPage title={t('adminMembers.search.title')} lead={t('adminMembers.search.lead')}>
      <MemberSearchForm key={query} search={search} errors={errors} onApply={apply} />
      {/* Nothing is asked until a search is made: the lead says what to search by. */}
      {searching &&
        (valid ? (
          <MemberList search={search} />
        ) : (
          <p className="notice notice--error">{t('adminMembers.search.errors.fix')}</p>
        ))}
    </MemberPage>
  )
}

function MemberList({ search }: { search: MemberSearch }) {
  const list = useInfiniteQuery({
    queryKey: searchQueryKey(search),
    queryFn: ({ pageParam, signal }) => findMembers(search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  return (
    <MemberLoadedOr query={list} failure={t('adminMembers.search.loadFailed')}>
      {(found) => <MembersFound list={list} members={found.pages.flatMap((page) => page.members)} />}
    </MemberLoadedOr>
  )
}

/** The members the search found so far, and the way to the next page. */
function MembersFound({
  list,
  members,
}: {
  list: UseInfiniteQueryResult<unknown>
  members: MemberSummary[]
}) {
  if (members.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="members-empty-title">
        <h2 id="members-empty-title" className="card__title">
          {t('adminMembers.search.empty.title')}
        </h2>
        <p>{t('adminMembers.search.empty.body')}</p>
      </section>
    )
  }
  return (
    <section className="console-list" aria-labelledby="members-list-title">
      <h2 id="members-list-title" className="section-title">
        {t('adminMembers.search.listTitle')}
      </h2>
      <table className="console-table card-table member-table">
        <thead>
          <tr>
            <th scope="col">{t('adminMembers.columns.accountId')}</th>
            <th scope="col">{t('adminMembers.columns.mailAddress')}</th>
            <th scope="col">{t('adminMembers.columns.membership')}</th>
            <th scope="col">{t('adminMembers.columns.penalties')}</th>
            <th scope="col">{t('adminMembers.columns.registeredAt')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminMembers.search.shown', { count: members.length })}
        </p>
        <ListMore list={list} end={t('adminMembers.search.end')} />
      </div>
    </section>
  )
}

/** One member found: a row of the table on a laptop, a card of its own on a phone (members.css). */
function MemberRow({ member }: { member: MemberSummary }) {
  return (
    <tr>
      <th scope="row" data-label={t('adminMembers.columns.accountId')}>
        <Link href={memberPath(member.id)} className="member-table__main-link member-code">
          {member.id}
        </Link>
      </th>
      <td data-label={t('adminMembers.columns.mailAddress')}>
        <Masked value={member.mailAddress} />
      </td>
      <td data-label={t('adminMembers.columns.membership')}>
        {t(`adminMembers.membership.${member.membership}`)}
        {member.official && <span className="badge member-badge">{t('adminMembers.official')}</span>}
      </td>
      <td data-label={t('adminMembers.columns.penalties')}>
        <PenaltyBadges puriget={member.purigetPenalty} sns={member.snsPenalty} />
      </td>
      <td data-label={t('adminMembers.columns.registeredAt')}>
        <time dateTime={member.registeredAt}>{japanTime(member.registeredAt)}</time>
      </td>
    </tr>
  )
}

/** A member's penalties in a word each; none at all says so. */
function PenaltyBadges({
  puriget,
  sns,
}: {
  puriget: MemberSummary['purigetPenalty']
  sns: MemberSummary['snsPenalty']
}) {
  const any = puriget !== 'GREEN' || sns !== null
  if (!any) return <span className="member-none">{t('adminMembers.penalties.noneShort')}</span>
  return (
    <span className="member-tags">
      {puriget !== 'GREEN' && (
        <span className={`badge member-penalty member-penalty--${puriget.toLowerCase()}`}>
          {t('adminMembers.penalties.purigetShort', {
            penalty: t(`adminMembers.penalties.puriget.${puriget}`),
          })}
        </span>
      )}
      {sns !== null && (
        <span className="badge member-penalty member-penalty--sns">
          {t('adminMembers.penalties.snsShort', {
            penalty: t(`adminMembers.penalties.sns.${sns}`),
          })}
        </span>
      )}
    </span>
  )
}
