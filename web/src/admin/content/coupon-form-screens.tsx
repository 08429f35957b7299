import { FormCard } from '../kit/form-card'
import { useContent } from './content-context'
import { ContentPage } from './content-page'
import { couponAccessOf } from './coupon-access'
import { CouponForm } from './coupon-form'
import { t } from './coupon-i18n'
import { TO_COUPONS } from './coupon-list-screen'
import { CouponLoadedOr, CouponsNotAllowed, useCoupon } from './coupon-page-parts'
import { COUPONS_PATH, couponPath } from './coupon-paths'

/** `/admin/coupons/new`: writes a draft, then shows it. */
export function NewCouponScreen() {
  const { operator, changed } = useContent()
  return (
    <ContentPage
      title={t('adminCoupons.form.createTitle')}
      lead={t('adminCoupons.form.createLead')}
      trail={[TO_COUPONS]}
    >
      {couponAccessOf(operator.role).create ? (
        <FormCard>
          <CouponForm
            cancelPath={COUPONS_PATH}
            onSaved={(coupon) => changed(couponPath(coupon.id), t('adminCoupons.form.created'))}
          />
        </FormCard>
      ) : (
        <CouponsNotAllowed message={t('adminCoupons.notAllowed')} />
      )}
    </ContentPage>
  )
}

/** `/admin/coupons/:couponId/edit`: changes a draft whole, then shows it; a published coupon stays as it is. */
export function CouponEditScreen({ couponId }: { couponId: string }) {
  const { operator, changed } = useContent()
  const coupon = useCoupon(couponId)
  return (
    <ContentPage
      title={t('adminCoupons.form.changeTitle')}
      trail={[TO_COUPONS, ...(coupon.data ? [{ href: couponPath(couponId), label: coupon.data.title }] : [])]}
    >
      {!couponAccessOf(operator.role).change ? (
        <CouponsNotAllowed message={t('adminCoupons.notAllowed')} />
      ) : (
        <CouponLoadedOr query={coupon} failure={t('adminCoupons.coupon.loadFailed')}>
          {(loaded) =>
            loaded.state === 'draft' ? (
              <FormCard>
                <CouponForm
                  coupon={loaded}
                  cancelPath={couponPath(couponId)}
                  onSaved={() => changed(couponPath(couponId), t('adminContent.form.saved'))}
                />
              </FormCard>
            ) : (
              <CouponsNotAllowed message={t('adminCoupons.form.published')} />
            )
          }
        </CouponLoadedOr>
      )}
    </ContentPage>
  )
}
