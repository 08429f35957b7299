import {
  type AdminInquiryPage,
  type AdminInquirySummary,
  INQUIRY_STATES,
  type InquiryState,
} from '@puribox/contract/admin-inquiries'
import {
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import { ListMore } from '../kit/list-more'
import { ConsoleTabs } from '../kit/page'
import { QueryFailure } from '../query-failure'
import { t } from './i18n'
import { InboxFiltersForm } from './inbox-filters-form'
import { assigneesQueryKey, inboxQueryKey, readAssignees, readInbox } from './inquiries-api'
import { useInquiries } from './inquiries-context'
import { InquiriesPage, ReadOnlyNote } from './inquiries-page'
import { Masked, OperatorName, StateBadge, When } from './inquiry-format'
import {
  type InboxFilters,
  inboxFilterErrors,
  inboxFiltersOfSearch,
  inboxPath,
  inquiryPath,
  withState,
} from './inquiry-paths'

type InboxQuery = UseInfiniteQueryResult<{ pages: AdminInquiryPage[] }>

/**
 * `/admin/inquiries`: the inbox. The tabs choose a state (each with how many are in it), the filters
 * who handles them, the topic, a reference number or the address replies go to; the longest waiting
 * first, a page at a time. Everything chosen lives in the address, so a link shows the same inquiries
 * and back and forward go through the filters used.
 */
export function InboxScreen() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const { operator, access, rememberInbox } = useInquiries()
  const filters = useMemo(() => inboxFiltersOfSearch(search), [search])
  const errors = useMemo(() => inboxFilterErrors(filters), [filters])
  const valid = Object.keys(errors).length === 0
  const assignees = useQuery({ queryKey: assigneesQueryKey, queryFn: ({ signal }) => readAssignees(signal) })
  const inbox = useInfiniteQuery({
    queryKey: inboxQueryKey(filters),
    queryFn: ({ pageParam, signal }) => readInbox(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: valid,
  })
  const address = inboxPath(filters)
  useEffect(() => rememberInbox(address), [address, rememberInbox])

  function apply(chosen: InboxFilters) {
    const to = inboxPath(chosen)
    // The same filters again: the inbox as it is now, without a second step in the history.
    if (to === address) void queryClient.invalidateQueries({ queryKey: inboxQueryKey(filters) })
    else navigate(to)
  }

  const mine = operator.id
  return (
    <InquiriesPage
      title={t('adminInquiries.inbox.title')}
      lead={t('adminInquiries.inbox.lead')}
      actions={
        access.assign ? (
          <>
            <QuickFilter filters={filters} assignee={mine} label={t('adminInquiries.inbox.mine')} />
            <QuickFilter filters={filters} assignee="none" label={t('adminInquiries.inbox.unassigned')} />
          </>
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <StateTabs filters={filters} counts={inbox.data?.pages[0]?.counts} />
      <InboxFiltersForm
        key={search}
        filters={filters}
        errors={errors}
        assignees={assignees.data?.operators ?? []}
        operator={operator}
        onApply={apply}
      />
      {valid ? (
        <InboxList filters={filters} inbox={inbox} />
      ) : (
        <div className="notice notice--error">
          {errors.state && <p>{errors.state}</p>}
          <p>{t('adminInquiries.inbox.filters.errors.fix')}</p>
        </div>
      )}
    </InquiriesPage>
  )
}

/** A link narrowing the inbox to one assignee (or nobody), the other filters kept. */
function QuickFilter({
  filters,
  assignee,
  label,
}: {
  filters: InboxFilters
  assignee: string
  label: string
}) {
  const on = filters.assignee === assignee
  return (
    <Link
      href={inboxPath({ ...filters, assignee: on ? undefined : assignee })}
      className="button button--secondary button--small"
      aria-current={on ? 'true' : undefined}
    >
      {label}
    </Link>
  )
}

/** Every state and all of them, each with how many inquiries it has (whatever the other filters). */
function StateTabs({
  filters,
  counts,
}: {
  filters: InboxFilters
  counts: Record<InquiryState, number> | undefined
}) {
  const total = counts ? INQUIRY_STATES.reduce((sum, state) => sum + counts[state], 0) : undefined
  const tabs: { key: string; state: InquiryState | undefined; label: string; count: number | undefined }[] = [
    { key: 'all', state: undefined, label: t('adminInquiries.inbox.all'), count: total },
    ...INQUIRY_STATES.map((state) => ({
      key: state,
      state,
      label: t(`adminInquiries.states.${state}`),
      count: counts?.[state],
    })),
  ]
  return (
    <ConsoleTabs
      label={t('adminInquiries.inbox.tabs')}
      className="console-tabs--scroll"
      tabs={tabs.map((tab) => ({
        key: tab.key,
        href: inboxPath(withState(filters, tab.state)),
        label: tab.label,
        after: tab.count !== undefined && (
          <span className="inquiry-tabs__count">{t('adminInquiries.inbox.count', { count: tab.count })}</span>
        ),
      }))}
      current={filters.state ?? 'all'}
    />
  )
}

function InboxList({ filters, inbox }: { filters: InboxFilters; inbox: InboxQuery }) {
  if (inbox.isPending) return <LoadingState />
  if (inbox.isError && !inbox.isFetchNextPageError) {
    return (
      <QueryFailure
        error={inbox.error}
        refused={t('adminInquiries.inbox.filters.errors.refused')}
        failed={t('adminInquiries.inbox.loadFailed')}
        onRetry={() => void inbox.refetch()}
      />
    )
  }
  const inquiries = inbox.data?.pages.flatMap((page) => page.inquiries) ?? []
  if (inquiries.length === 0) {
    const filtered = Object.keys(filters).length > 0
    return (
      <section className="card console-card empty-state" aria-labelledby="inbox-empty-title">
        <h2 id="inbox-empty-title" className="card__title">
          {t('adminInquiries.inbox.empty.title')}
        </h2>
        <p>{filtered ? t('adminInquiries.inbox.empty.filtered') : t('adminInquiries.inbox.empty.none')}</p>
      </section>
    )
  }
  return (
    <section className="console-list" aria-labelledby="inbox-list-title">
      <h2 id="inbox-list-title" className="visually-hidden">
        {t('adminInquiries.inbox.listTitle')}
      </h2>
      <table className="console-table card-table inquiry-table">
        <thead>
          <tr>
            <th scope="col">{t('adminInquiries.columns.referenceNumber')}</th>
            <th scope="col">{t('adminInquiries.columns.topic')}</th>
            <th scope="col">{t('adminInquiries.columns.state')}</th>
            <th scope="col">{t('adminInquiries.columns.assignee')}</th>
            <th scope="col">{t('adminInquiries.columns.replyTo')}</th>
            <th scope="col">{t('adminInquiries.columns.receivedAt')}</th>
            <th scope="col">{t('adminInquiries.columns.thread')}</th>
          </tr>
        </thead>
        <tbody>
          {inquiries.map((inquiry) => (
            <InboxRow key={inquiry.id} inquiry={inquiry} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminInquiries.inbox.shown', { count: inquiries.length })}
        </p>
        <ListMore list={inbox} end={t('adminInquiries.inbox.end')} />
      </div>
    </section>
  )
}

/** One inquiry: a row of the table on a laptop, a card of its own on a phone (inquiries-area.css). */
function InboxRow({ inquiry }: { inquiry: AdminInquirySummary }) {
  const c = (key: 'topic' | 'state' | 'assignee' | 'replyTo' | 'receivedAt' | 'thread') =>
    t(`adminInquiries.columns.${key}`)
  return (
    <tr>
      <th scope="row" data-label={t('adminInquiries.columns.referenceNumber')}>
        <Link href={inquiryPath(inquiry.id)} className="inquiry-table__main-link inquiry-code">
          {inquiry.referenceNumber}
        </Link>
      </th>
      <td data-label={c('topic')}>{t(`inquiry.topics.${inquiry.topic}`)}</td>
      <td data-label={c('state')}>
        <StateBadge state={inquiry.state} />
      </td>
      <td data-label={c('assignee')}>
        <OperatorName operator={inquiry.assignee} none={t('adminInquiries.nobody')} />
      </td>
      <td data-label={c('replyTo')} className="inquiry-table__address">
        <Masked value={inquiry.replyTo} />
        {inquiry.accountId === null && <span className="inquiry-sub">{t('adminInquiries.guest')}</span>}
      </td>
      <td data-label={c('receivedAt')}>
        <When at={inquiry.receivedAt} />
      </td>
      <td data-label={c('thread')}>
        {t('adminInquiries.inbox.threadCounts', { replies: inquiry.replyCount, notes: inquiry.noteCount })}
        {inquiry.lastRepliedAt && (
          <span className="inquiry-sub">
            {t('adminInquiries.inbox.lastReplied')} <When at={inquiry.lastRepliedAt} />
          </span>
        )}
      </td>
    </tr>
  )
}
