import { AD_STATES, type AdminAd, type AdState } from '@puribox/contract/admin-ads'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useSearch } from 'wouter'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { errorCodeOf, errorMessage } from '../../lib/error-message'
import { useContent } from '../content/content-context'
import { ContentPage, ContentTabs, ReadOnlyNote } from '../content/content-page'
import { ListMore } from '../kit/list-more'
import { QueryFailure } from '../query-failure'
import { adAccessOf } from './ads-access'
import { adListQueryKey, readAdPage } from './ads-api'
import { t } from './ads-i18n'
import { ADS_ERRORS, AdPeriod, AdStateBadge, adStateName, formatCount } from './ads-labels'
import {
  ADS_PATH,
  adListPath,
  adPath,
  adSpaceAuditPath,
  adSpaceEditPath,
  adViewOfSearch,
  newAdPath,
} from './ads-paths'
import { spaceShownAt } from './ads-spaces-screen'

export const TO_ADS = { href: ADS_PATH, label: t('adminAds.title') }

/** A space's ads, a page at a time, of one state or every one. */
function useAdList(spaceId: string, state: AdState | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: adListQueryKey(spaceId, state),
    queryFn: ({ pageParam, signal }) => readAdPage(spaceId, state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled,
  })
}

/**
 * `/admin/ads/spaces/:spaceId`: the space's ads, newest written first, a page at a time, of every
 * state or one (`?state=`, kept in the address), each with its reactions so far.
 */
export function AdSpaceScreen({ spaceId }: { spaceId: string }) {
  const search = useSearch()
  const { operator } = useContent()
  const access = adAccessOf(operator.role)
  const view = useMemo(() => adViewOfSearch(search), [search])
  const state = 'state' in view ? view.state : null
  const list = useAdList(spaceId, state, 'state' in view)
  const space = list.data?.pages[0]?.space
  const tabs = [
    { key: 'all', href: adListPath(spaceId, null), label: t('adminAds.states.all') },
    ...AD_STATES.map((value) => ({
      key: value,
      href: adListPath(spaceId, value),
      label: adStateName(value),
    })),
  ]
  const actions = (
    <>
      {access.create && (
        <Link href={newAdPath(spaceId)} className="button button--small">
          {t('adminAds.space.createAd')}
        </Link>
      )}
      {access.changeSpace && (
        <Link href={adSpaceEditPath(spaceId)} className="button button--secondary button--small">
          {t('adminAds.space.edit')}
        </Link>
      )}
      {!access.create && !access.changeSpace && <ReadOnlyNote />}
    </>
  )
  const notFound = list.isError && errorCodeOf(list.error) === 'AD_SPACE_NOT_FOUND'
  return (
    <ContentPage
      title={space?.name ?? spaceId}
      lead={
        space && (
          <>
            {t('adminAds.space.lead', { id: space.id, shown: spaceShownAt(space) })}{' '}
            <Link href={adSpaceAuditPath(space.id)} className="text-link">
              {t('adminAds.space.audit')}
            </Link>
          </>
        )
      }
      trail={[TO_ADS]}
      tabs={
        notFound ? undefined : (
          <ContentTabs
            label={t('adminAds.states.label')}
            tabs={tabs}
            current={'state' in view ? (state ?? 'all') : null}
          />
        )
      }
      actions={notFound ? undefined : actions}
    >
      {'wrong' in view ? (
        <p className="notice notice--error" role="alert">
          {t('adminAds.space.list.badState')}
        </p>
      ) : notFound ? (
        <LoadFailure
          error={list.error}
          title={t('adminAds.space.loadFailed')}
          message={errorMessage(list.error, ADS_ERRORS)}
        />
      ) : (
        <AdList list={list} state={state} />
      )}
    </ContentPage>
  )
}

function AdList({ list, state }: { list: ReturnType<typeof useAdList>; state: AdState | null }) {
  if (list.isPending) return <LoadingState />
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <QueryFailure
        error={list.error}
        refused={t('adminAds.space.list.refused')}
        failed={t('adminAds.space.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  if (items.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="ads-empty-title">
        <h2 id="ads-empty-title" className="card__title">
          {t('adminAds.space.list.emptyTitle')}
        </h2>
        <p>
          {state === null
            ? t('adminAds.space.list.emptyAll')
            : t('adminAds.space.list.emptyState', { state: adStateName(state) })}
        </p>
      </section>
    )
  }
  const column = (name: 'ad' | 'state' | 'period' | 'reactions') => t(`adminAds.space.list.columns.${name}`)
  return (
    <section className="console-list" aria-labelledby="ads-list-title">
      <h2 id="ads-list-title" className="visually-hidden">
        {t('adminAds.space.list.title')}
      </h2>
      <table className="console-table card-table">
        <thead>
          <tr>
            <th scope="col">{column('ad')}</th>
            <th scope="col">{column('state')}</th>
            <th scope="col">{column('period')}</th>
            <th scope="col">{column('reactions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((ad) => (
            <AdRow key={ad.id} ad={ad} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminAds.space.list.shown', { count: items.length })}
        </p>
        <ListMore list={list} end={t('adminAds.space.list.end')} />
      </div>
    </section>
  )
}

/** One ad: a row of the table on a laptop, a card of its own on a phone (content.css). */
function AdRow({ ad }: { ad: AdminAd }) {
  const column = (name: 'state' | 'period' | 'reactionsShort') => t(`adminAds.space.list.columns.${name}`)
  return (
    <tr>
      <th scope="row">
        <Link href={adPath(ad.id)} className="content-table__main-link">
          {ad.name}
        </Link>
        <span className="content-sub">{ad.title}</span>
      </th>
      <td data-label={column('state')}>
        <AdStateBadge state={ad.state} />
      </td>
      <td data-label={column('period')}>
        <AdPeriod ad={ad} />
      </td>
      <td data-label={column('reactionsShort')}>
        {t('adminAds.space.list.reactions', {
          impressions: formatCount(ad.totals.IMPRESSION),
          clicks: formatCount(ad.totals.CLICK),
        })}
      </td>
    </tr>
  )
}
