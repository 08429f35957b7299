import { type AdminCoupon, COUPON_STATES, type CouponState } from '@puribox/contract/admin-coupons'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useSearch } from 'wouter'
import { LoadingState } from '../../components/loading-state'
import { QueryFailure } from '../query-failure'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { ListMore } from './content-loaded'
import { ContentPage, ContentTabs } from './content-page'
import { couponAccessOf } from './coupon-access'
import { couponListQueryKey, readCouponPage } from './coupon-api'
import { t } from './coupon-i18n'
import { CouponStateBadge, couponGrantName, couponStateName, couponWindow } from './coupon-labels'
import { CouponsReadOnly } from './coupon-page-parts'
import { COUPONS_PATH, couponListPath, couponPath, couponViewOfSearch, NEW_COUPON_PATH } from './coupon-paths'

export const TO_COUPONS = { href: COUPONS_PATH, label: t('adminCoupons.title') }

/**
 * `/admin/coupons`: the coupons, newest written first, a page at a time, of every state or one
 * (`?state=`): the state lives in the address, so a link shows the same list.
 */
export function CouponListScreen() {
  const search = useSearch()
  const { operator } = useContent()
  const access = couponAccessOf(operator.role)
  const view = useMemo(() => couponViewOfSearch(search), [search])
  const current = 'state' in view ? view.state : null
  const tabs = [
    { key: 'all', href: couponListPath(null), label: t('adminCoupons.states.all') },
    ...COUPON_STATES.map((state) => ({
      key: state,
      href: couponListPath(state),
      label: couponStateName(state),
    })),
  ]
  return (
    <ContentPage
      title={t('adminCoupons.title')}
      lead={t('adminCoupons.lead')}
      tabs={
        <ContentTabs
          label={t('adminCoupons.states.label')}
          tabs={tabs}
          current={'state' in view ? (current ?? 'all') : null}
        />
      }
      actions={
        access.create ? (
          <Link href={NEW_COUPON_PATH} className="button button--small">
            {t('adminCoupons.create')}
          </Link>
        ) : (
          <CouponsReadOnly />
        )
      }
    >
      {'state' in view ? (
        <CouponList state={view.state} />
      ) : (
        <p className="notice notice--error" role="alert">
          {t('adminCoupons.list.badState')}
        </p>
      )}
    </ContentPage>
  )
}

type Column = 'title' | 'grant' | 'state' | 'window' | 'updatedAt'
const column = (name: Column) => t(`adminCoupons.list.columns.${name}`)

function CouponList({ state }: { state: CouponState | null }) {
  const list = useInfiniteQuery({
    queryKey: couponListQueryKey(state),
    queryFn: ({ pageParam, signal }) => readCouponPage(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  })
  if (list.isPending) return <LoadingState />
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <QueryFailure
        error={list.error}
        refused={t('adminCoupons.list.refused')}
        failed={t('adminCoupons.list.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const coupons = list.data?.pages.flatMap((page) => page.coupons) ?? []
  if (coupons.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="coupons-empty-title">
        <h2 id="coupons-empty-title" className="card__title">
          {t('adminCoupons.list.emptyTitle')}
        </h2>
        <p>
          {state === null
            ? t('adminCoupons.list.emptyAll')
            : t('adminCoupons.list.emptyState', { state: couponStateName(state) })}
        </p>
      </section>
    )
  }
  return (
    <section className="console-list" aria-labelledby="coupons-list-title">
      <h2 id="coupons-list-title" className="visually-hidden">
        {t('adminCoupons.list.title')}
      </h2>
      <table className="console-table content-table">
        <thead>
          <tr>
            <th scope="col">{column('title')}</th>
            <th scope="col">{column('grant')}</th>
            <th scope="col">{column('state')}</th>
            <th scope="col">{column('window')}</th>
            <th scope="col">{column('updatedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((coupon) => (
            <CouponRow key={coupon.id} coupon={coupon} />
          ))}
        </tbody>
      </table>
      <div className="console-list__foot">
        <p className="note" role="status">
          {t('adminCoupons.list.shown', { count: coupons.length })}
        </p>
        <ListMore list={list} end={t('adminCoupons.list.end')} />
      </div>
    </section>
  )
}

/** One coupon: a row of the table on a laptop, a card of its own on a phone (content.css). */
function CouponRow({ coupon }: { coupon: AdminCoupon }) {
  return (
    <tr>
      <th scope="row">
        <Link href={couponPath(coupon.id)} className="content-table__main-link">
          {coupon.title}
        </Link>
        <span className="content-sub">{coupon.benefit}</span>
      </th>
      <td data-label={column('grant')}>{couponGrantName(coupon.grant)}</td>
      <td data-label={column('state')}>
        <CouponStateBadge state={coupon.state} />
      </td>
      <td data-label={column('window')}>{couponWindow(coupon)}</td>
      <td data-label={column('updatedAt')}>
        <time dateTime={coupon.updatedAt}>{japanTime(coupon.updatedAt)}</time>
      </td>
    </tr>
  )
}
