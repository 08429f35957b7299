import type { AdminApplicationPage, AdminApplicationSummary } from '@puribox/contract/admin-applications'
import { APPLICATION_STATES, type ApplicationState } from '@puribox/contract/jhs-free'
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query'
import { Link, useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import { useClock } from '../../lib/clock'
import { ListMore } from '../kit/list-more'
import { ConsoleTabs } from '../kit/page'
import { QueryFailure } from '../query-failure'
import { DeadlineNote, StateBadge, shownName } from './application-bits'
import { japanTime, lastDay } from './application-format'
import { ApplicationPage } from './application-page'
import { applicationPath, queuePath, queueStateOfSearch } from './application-paths'
import { queueQueryKey, readApplications } from './applications-api'
import { t } from './i18n'

/**
 * `/admin/applications`: the junior-high applications, those waiting for review first, each the
 * longest waiting first, a page at a time; the state shown lives in the address (`?state=`), so a
 * link shows the same list and back and forward go through the tabs chosen.
 */
export function ApplicationQueueScreen() {
  const search = useSearch()
  const state = queueStateOfSearch(search)
  return (
    <ApplicationPage title={t('adminApplications.queue.title')} lead={t('adminApplications.queue.lead')}>
      {state === 'invalid' ? (
        <div className="notice notice--error" role="alert">
          <p>{t('adminApplications.queue.badState')}</p>
          <Link href={queuePath(undefined)} className="text-link">
            {t('adminApplications.queue.showAll')}
          </Link>
        </div>
      ) : (
        <Queue key={state ?? 'all'} state={state} />
      )}
    </ApplicationPage>
  )
}

function Queue({ state }: { state: ApplicationState | undefined }) {
  const list = useInfiniteQuery({
    queryKey: queueQueryKey(state),
    queryFn: ({ pageParam, signal }) => readApplications(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  return (
    <>
      <StateTabs current={state} counts={list.data?.pages[0]?.counts} />
      <QueueList state={state} list={list} />
    </>
  )
}

/** All, then each state, with how many applications it has once the first page came. */
function StateTabs({
  current,
  counts,
}: {
  current: ApplicationState | undefined
  counts: AdminApplicationPage['counts'] | undefined
}) {
  const total = counts && APPLICATION_STATES.reduce((sum, state) => sum + counts[state], 0)
  const tabs = [
    { key: 'all', state: undefined, label: t('adminApplications.queue.tabs.all'), count: total },
    ...APPLICATION_STATES.map((state) => ({
      key: state,
      state,
      label: t(`adminApplications.states.${state}`),
      count: counts?.[state],
    })),
  ]
  return (
    <ConsoleTabs
      label={t('adminApplications.queue.tabs.label')}
      className="console-tabs--wrap application-tabs"
      tabs={tabs.map((tab) => ({
        key: tab.key,
        href: queuePath(tab.state),
        label: tab.label,
        after: tab.count !== undefined && (
          <>
            {' '}
            <span className="application-tabs__count">{tab.count}</span>
          </>
        ),
      }))}
      current={current ?? 'all'}
    />
  )
}

function QueueList({
  state,
  list,
}: {
  state: ApplicationState | undefined
  list: UseInfiniteQueryResult<InfiniteData<AdminApplicationPage>>
}) {
  if (list.isPending) return <LoadingState />
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <QueryFailure
        error={list.error}
        refused={t('adminApplications.queue.refused')}
        failed={t('adminApplications.queue.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const applications = list.data?.pages.flatMap((page) => page.applications) ?? []
  if (applications.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="applications-empty-title">
        <h2 id="applications-empty-title" className="card__title">
          {t('adminApplications.queue.empty.title')}
        </h2>
        <p>{t(`adminApplications.queue.empty.${state ?? 'all'}`)}</p>
      </section>
    )
  }
  const c = 'adminApplications.queue.columns'
  return (
    <section className="console-list" aria-labelledby="applications-list-title">
      <h2 id="applications-list-title" className="visually-hidden">
        {t('adminApplications.queue.listTitle')}
      </h2>
      <table className="console-table card-table application-table">
        <thead>
          <tr>
            <th scope="col">{t(`${c}.applicant`)}</th>
            <th scope="col">{t(`${c}.state`)}</th>
            <th scope="col">{t(`${c}.grade`)}</th>
            <th scope="col">{t(`${c}.submittedAt`)}</th>
            <th scope="col">{t(`${c}.until`)}</th>
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => (
            <QueueRow key={application.id} application={application} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminApplications.queue.shown', { count: applications.length })}
        </p>
        <ListMore list={list} end={t('adminApplications.queue.end')} />
      </div>
    </section>
  )
}

/** One application: a row of the table on a laptop, a card of its own on a phone (applications.css). */
function QueueRow({ application }: { application: AdminApplicationSummary }) {
  const c = 'adminApplications.queue.columns'
  const clock = useClock()
  const name = shownName(application)
  return (
    <tr>
      <th scope="row" data-label={t(`${c}.applicant`)}>
        <Link href={applicationPath(application.id)} className="application-table__main-link">
          {name ?? t('adminApplications.queue.hiddenApplicant')}
        </Link>
      </th>
      <td data-label={t(`${c}.state`)}>
        <StateBadge state={application.state} />
      </td>
      <td data-label={t(`${c}.grade`)}>{t('adminApplications.grade', { grade: application.grade })}</td>
      <td data-label={t(`${c}.submittedAt`)}>
        <time dateTime={application.submittedAt}>{japanTime(application.submittedAt)}</time>
      </td>
      <td data-label={t(`${c}.until`)}>
        {application.state === 'REJECTED' ? (
          <span className="application-none">{t('adminApplications.none')}</span>
        ) : (
          // One piece beside the column's name on a phone: the end, and under it whether it is near.
          <span>
            {t('adminApplications.until', { day: lastDay(application.premiumEndsAt) })}
            <DeadlineNote application={application} clock={clock} />
          </span>
        )}
      </td>
    </tr>
  )
}
