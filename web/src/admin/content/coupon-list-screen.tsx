import { type AdminCoupon, COUPON_STATES } from '@puribox/contract/admin-coupons'
import { Link } from 'wouter'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { couponAccessOf } from './coupon-access'
import { couponListQueryKey, readCouponPage } from './coupon-api'
import { t } from './coupon-i18n'
import { CouponStateBadge, couponGrantName, couponStateName, couponWindow } from './coupon-labels'
import { CouponsReadOnly } from './coupon-page-parts'
import { COUPONS_PATH, couponListPath, couponPath, couponViewOfSearch, NEW_COUPON_PATH } from './coupon-paths'
import { StateListScreen } from './state-list-screen'

export const TO_COUPONS = { href: COUPONS_PATH, label: t('adminCoupons.title') }

type Column = 'title' | 'grant' | 'state' | 'window' | 'updatedAt'
const column = (name: Column) => t(`adminCoupons.list.columns.${name}`)

/**
 * `/admin/coupons`: the coupons, newest written first, a page at a time, of every state or one
 * (`?state=`): the state lives in the address, so a link shows the same list.
 */
export function CouponListScreen() {
  const { operator } = useContent()
  return (
    <StateListScreen
      id="coupons"
      text={(key, params) => t(`adminCoupons.${key}`, params)}
      states={COUPON_STATES}
      stateName={couponStateName}
      viewOf={couponViewOfSearch}
      listPath={couponListPath}
      newPath={NEW_COUPON_PATH}
      canCreate={couponAccessOf(operator.role).create}
      readOnly={<CouponsReadOnly />}
      queryKey={couponListQueryKey}
      readPage={readCouponPage}
      itemsOf={(page) => page.coupons}
      columns={[column('title'), column('grant'), column('state'), column('window'), column('updatedAt')]}
      row={(coupon) => <CouponRow coupon={coupon} />}
    />
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
