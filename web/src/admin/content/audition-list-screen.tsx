import { type AdminAudition, AUDITION_STATES, type AuditionState } from '@puribox/contract/admin-auditions'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import { QueryFailure } from '../query-failure'
import { auditionAccessOf } from './audition-access'
import { auditionListQueryKey, readAuditionPage } from './audition-api'
import { t } from './audition-i18n'
import { AuditionStateBadge, auditionAges, auditionStateName, auditionWindow } from './audition-labels'
import { AuditionsReadOnly } from './audition-page-parts'
import { auditionListPath, auditionPath, auditionViewOfSearch, NEW_AUDITION_PATH } from './audition-paths'
import { useContent } from './content-context'
import { ListMore } from './content-loaded'
import { ContentPage, ContentTabs } from './content-page'
import './audition.css'

/**
 * `/admin/auditions`: the auditions a page at a time, of every state or one (`?state=`): the state
 * lives in the address, so a link shows the same list. Each view has the order it is read in (open
 * ones closing first, and so on), which the list says.
 */
export function AuditionListScreen() {
  const search = useSearch()
  const { operator } = useContent()
  const access = auditionAccessOf(operator.role)
  const view = useMemo(() => auditionViewOfSearch(search), [search])
  const current = 'state' in view ? view.state : null
  const tabs = [
    { key: 'all', href: auditionListPath(null), label: t('adminAuditions.states.all') },
    ...AUDITION_STATES.map((state) => ({
      key: state,
      href: auditionListPath(state),
      label: auditionStateName(state),
    })),
  ]
  return (
    <ContentPage
      title={t('adminAuditions.title')}
      lead={t('adminAuditions.lead')}
      tabs={
        <ContentTabs
          label={t('adminAuditions.states.label')}
          tabs={tabs}
          current={'state' in view ? (current ?? 'all') : null}
        />
      }
      actions={
        access.create ? (
          <Link href={NEW_AUDITION_PATH} className="button button--small">
            {t('adminAuditions.create')}
          </Link>
        ) : (
          <AuditionsReadOnly />
        )
      }
    >
      {'state' in view ? (
        <AuditionList state={view.state} />
      ) : (
        <p className="notice notice--error" role="alert">
          {t('adminAuditions.list.badState')}
        </p>
      )}
    </ContentPage>
  )
}

type Column = 'title' | 'state' | 'ages' | 'window' | 'sent'
const column = (name: Column) => t(`adminAuditions.list.columns.${name}`)

function AuditionList({ state }: { state: AuditionState | null }) {
  const list = useInfiniteQuery({
    queryKey: auditionListQueryKey(state),
    queryFn: ({ pageParam, signal }) => readAuditionPage(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  if (list.isPending) return <LoadingState />
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <QueryFailure
        error={list.error}
        refused={t('adminAuditions.list.refused')}
        failed={t('adminAuditions.list.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  if (items.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="auditions-empty-title">
        <h2 id="auditions-empty-title" className="card__title">
          {t('adminAuditions.list.emptyTitle')}
        </h2>
        <p>
          {state === null
            ? t('adminAuditions.list.emptyAll')
            : t('adminAuditions.list.emptyState', { state: auditionStateName(state) })}
        </p>
      </section>
    )
  }
  return (
    <section className="console-list" aria-labelledby="auditions-list-title">
      <h2 id="auditions-list-title" className="visually-hidden">
        {t('adminAuditions.list.title')}
      </h2>
      <p className="note">{t(`adminAuditions.list.order.${state ?? 'all'}`)}</p>
      <table className="console-table content-table">
        <thead>
          <tr>
            <th scope="col">{column('title')}</th>
            <th scope="col">{column('state')}</th>
            <th scope="col">{column('ages')}</th>
            <th scope="col">{column('window')}</th>
            <th scope="col">{column('sent')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((audition) => (
            <AuditionRow key={audition.id} audition={audition} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminAuditions.list.shown', { count: items.length })}
        </p>
        <ListMore list={list} end={t('adminAuditions.list.end')} />
      </div>
    </section>
  )
}

/** One audition: a row of the table on a laptop, a card of its own on a phone (content.css). */
function AuditionRow({ audition }: { audition: AdminAudition }) {
  return (
    <tr>
      <th scope="row">
        <Link href={auditionPath(audition.id)} className="content-table__main-link">
          {audition.title}
        </Link>
        <span className="content-sub">{audition.organizer}</span>
      </th>
      <td data-label={column('state')}>
        <AuditionStateBadge state={audition.state} />
      </td>
      <td data-label={column('ages')}>{auditionAges(audition)}</td>
      <td data-label={column('window')}>
        <span className="audition-window">{auditionWindow(audition)}</span>
      </td>
      <td data-label={column('sent')}>
        {t('adminAuditions.list.sentCount', { count: audition.applicationsSent })}
      </td>
    </tr>
  )
}
