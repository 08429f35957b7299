import type { AdminShop } from '@puribox/contract/admin-booths'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { errorCodeOf } from '../../lib/error-message'
import { ListMore } from '../kit/list-more'
import { BoothPage, ReadOnlyNote } from './booth-page'
import {
  NEW_SHOP_PATH,
  SHOP_IMPORT_PATH,
  type ShopFilters,
  shopFilterErrors,
  shopFiltersOfSearch,
  shopListPath,
  shopPath,
} from './booth-paths'
import { readShops, shopsQueryKey } from './booths-api'
import { useBooths } from './booths-context'
import { t } from './i18n'
import { ShopSearchForm } from './shop-search-form'

/**
 * `/admin/booths`: the shops by prefecture, city and name, a page at a time, found by part of a
 * name or address, a prefecture and a city. The search lives in the address, so a link shows the
 * same shops and back and forward go through the searches made.
 */
export function ShopListScreen() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const { access } = useBooths()
  const filters = useMemo(() => shopFiltersOfSearch(search), [search])
  const errors = useMemo(() => shopFilterErrors(filters), [filters])
  const valid = Object.keys(errors).length === 0

  function apply(chosen: ShopFilters) {
    const to = shopListPath(chosen)
    // The same search again: the shops as they are now, without a second step in the history.
    if (to === shopListPath(filters)) void queryClient.invalidateQueries({ queryKey: shopsQueryKey(filters) })
    else navigate(to)
  }

  return (
    <BoothPage
      title={t('adminBooths.shops.title')}
      lead={t('adminBooths.shops.lead')}
      tab="shops"
      actions={
        access.manage ? (
          <>
            <Link href={NEW_SHOP_PATH} className="button button--small">
              {t('adminBooths.shops.create')}
            </Link>
            <Link href={SHOP_IMPORT_PATH} className="button button--secondary button--small">
              {t('adminBooths.shops.import')}
            </Link>
          </>
        ) : (
          <ReadOnlyNote />
        )
      }
    >
      <ShopSearchForm key={search} filters={filters} errors={errors} onApply={apply} />
      {valid ? (
        <ShopList filters={filters} />
      ) : (
        <p className="notice notice--error">{t('adminBooths.shops.search.errors.fix')}</p>
      )}
    </BoothPage>
  )
}

function ShopList({ filters }: { filters: ShopFilters }) {
  const list = useInfiniteQuery({
    queryKey: shopsQueryKey(filters),
    queryFn: ({ pageParam, signal }) => readShops(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  if (list.isPending) return <LoadingState />
  if (list.isError && !list.isFetchNextPageError) {
    if (errorCodeOf(list.error) === 'VALIDATION_FAILED') {
      return <LoadFailure error={list.error} message={t('adminBooths.shops.search.errors.refused')} />
    }
    return (
      <LoadFailure
        error={list.error}
        title={t('adminBooths.shops.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const shops = list.data?.pages.flatMap((page) => page.shops) ?? []
  if (shops.length === 0) {
    const searched = Object.keys(filters).length > 0
    return (
      <section className="card console-card empty-state" aria-labelledby="shops-empty-title">
        <h2 id="shops-empty-title" className="card__title">
          {t('adminBooths.shops.empty.title')}
        </h2>
        <p>{searched ? t('adminBooths.shops.empty.searched') : t('adminBooths.shops.empty.none')}</p>
      </section>
    )
  }
  return (
    <section className="console-list" aria-labelledby="shops-list-title">
      <h2 id="shops-list-title" className="visually-hidden">
        {t('adminBooths.shops.listTitle')}
      </h2>
      <table className="console-table card-table">
        <thead>
          <tr>
            <th scope="col">{t('adminBooths.shops.columns.name')}</th>
            <th scope="col">{t('adminBooths.shops.columns.place')}</th>
            <th scope="col">{t('adminBooths.shops.columns.openingHours')}</th>
            <th scope="col" className="booth-table__count">
              {t('adminBooths.shops.columns.machines')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shops.map((shop) => (
            <ShopRow key={shop.id} shop={shop} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminBooths.shops.shown', { count: shops.length })}
        </p>
        <ListMore list={list} end={t('adminBooths.shops.end')} />
      </div>
    </section>
  )
}

/** One shop: a row of the table on a laptop, a card of its own on a phone (booths.css). */
function ShopRow({ shop }: { shop: AdminShop }) {
  return (
    <tr>
      <th scope="row" data-label={t('adminBooths.shops.columns.name')}>
        <Link href={shopPath(shop.id)} className="booth-table__main-link">
          {shop.name}
        </Link>
      </th>
      <td data-label={t('adminBooths.shops.columns.place')}>
        {shop.prefectureName} {shop.city} {shop.address}
      </td>
      <td data-label={t('adminBooths.shops.columns.openingHours')}>
        {shop.openingHours || <span className="booth-none">{t('adminBooths.none')}</span>}
      </td>
      <td data-label={t('adminBooths.shops.columns.machines')} className="booth-table__count">
        {t('adminBooths.shops.machineCount', { count: shop.machineCount })}
      </td>
    </tr>
  )
}
