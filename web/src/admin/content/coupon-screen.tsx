import type { AdminCouponDetail } from '@puribox/contract/admin-coupons'
import { Link } from 'wouter'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { ContentPage } from './content-page'
import { couponAccessOf, writesCoupons } from './coupon-access'
import { CouponActions } from './coupon-actions'
import { t } from './coupon-i18n'
import {
  CouponStateBadge,
  couponGrantName,
  couponGrantNote,
  couponValidity,
  couponWhere,
  couponWindow,
} from './coupon-labels'
import { TO_COUPONS } from './coupon-list-screen'
import './coupon.css'
import { CouponLoadedOr, CouponsReadOnly, useCoupon } from './coupon-page-parts'
import { couponAuditPath } from './coupon-paths'

/**
 * `/admin/coupons/:couponId`: a coupon's state, what it gives and to whom, how many tickets members
 * got and used, and what may be done with it now (coupon-actions.tsx).
 */
export function CouponScreen({ couponId }: { couponId: string }) {
  const { operator } = useContent()
  const access = couponAccessOf(operator.role)
  const coupon = useCoupon(couponId)
  return (
    <ContentPage
      title={coupon.data?.title ?? t('adminCoupons.coupon.title')}
      trail={[TO_COUPONS]}
      actions={
        coupon.data &&
        (writesCoupons(access) || access.give ? <CouponActions coupon={coupon.data} /> : <CouponsReadOnly />)
      }
    >
      <CouponLoadedOr query={coupon} failure={t('adminCoupons.coupon.loadFailed')}>
        {(loaded) => (
          <>
            <CouponFacts coupon={loaded} />
            <CouponCounts coupon={loaded} />
          </>
        )}
      </CouponLoadedOr>
    </ContentPage>
  )
}

type Fact =
  | 'benefit'
  | 'conditions'
  | 'grant'
  | 'where'
  | 'window'
  | 'validity'
  | 'publishedAt'
  | 'withdrawnAt'
  | 'createdAt'
  | 'updatedAt'
  | 'id'

function CouponFacts({ coupon }: { coupon: AdminCouponDetail }) {
  const label = (name: Fact) => t(`adminCoupons.coupon.${name}`)
  const time = (iso: string) => <time dateTime={iso}>{japanTime(iso)}</time>
  return (
    <section className="card console-card" aria-labelledby="coupon-facts-title">
      <h2 id="coupon-facts-title" className="card__title">
        {t('adminCoupons.coupon.facts')}
      </h2>
      <p>
        <CouponStateBadge state={coupon.state} />{' '}
        {t(`adminCoupons.coupon.stateNotes.${coupon.state}`, { time: japanTime(coupon.startsAt) })}
      </p>
      <dl className="console-facts">
        <div>
          <dt>{label('benefit')}</dt>
          <dd>{coupon.benefit}</dd>
        </div>
        <div>
          <dt>{label('conditions')}</dt>
          <dd className="coupon-conditions">{coupon.conditions}</dd>
        </div>
        <div>
          <dt>{label('grant')}</dt>
          <dd>
            {couponGrantName(coupon.grant)}
            <span className="content-sub">{couponGrantNote(coupon.grant)}</span>
          </dd>
        </div>
        <div>
          <dt>{label('where')}</dt>
          <dd>{couponWhere(coupon)}</dd>
        </div>
        <div>
          <dt>{label('window')}</dt>
          <dd>{couponWindow(coupon)}</dd>
        </div>
        <div>
          <dt>{label('validity')}</dt>
          <dd>{couponValidity(coupon)}</dd>
        </div>
        <div>
          <dt>{label('publishedAt')}</dt>
          <dd>
            {coupon.publishedAt ? (
              time(coupon.publishedAt)
            ) : (
              <span className="content-none">{t('adminCoupons.coupon.notYet')}</span>
            )}
          </dd>
        </div>
        {coupon.withdrawnAt && (
          <div>
            <dt>{label('withdrawnAt')}</dt>
            <dd>{time(coupon.withdrawnAt)}</dd>
          </div>
        )}
        <div>
          <dt>{label('createdAt')}</dt>
          <dd>{time(coupon.createdAt)}</dd>
        </div>
        <div>
          <dt>{label('updatedAt')}</dt>
          <dd>{time(coupon.updatedAt)}</dd>
        </div>
        <div>
          <dt>{label('id')}</dt>
          <dd>
            <code className="content-code">{coupon.id}</code>
          </dd>
        </div>
      </dl>
      <Link href={couponAuditPath(coupon.id)} className="text-link">
        {t('adminCoupons.coupon.audit')}
      </Link>
    </section>
  )
}

/** How many tickets members got and used, and why the first grows while the coupon is out. */
function CouponCounts({ coupon }: { coupon: AdminCouponDetail }) {
  const count = (value: number) => t('adminCoupons.coupon.tickets.value', { count: value })
  return (
    <section className="card console-card" aria-labelledby="coupon-tickets-title">
      <h2 id="coupon-tickets-title" className="card__title">
        {t('adminCoupons.coupon.tickets.title')}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{t('adminCoupons.coupon.tickets.given')}</dt>
          <dd>{count(coupon.tickets.given)}</dd>
        </div>
        <div>
          <dt>{t('adminCoupons.coupon.tickets.used')}</dt>
          <dd>{count(coupon.tickets.used)}</dd>
        </div>
      </dl>
      <p className="note">
        {coupon.grant === 'INDIVIDUAL'
          ? t('adminCoupons.coupon.tickets.noteIndividual')
          : t('adminCoupons.coupon.tickets.note')}
      </p>
    </section>
  )
}
