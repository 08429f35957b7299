import { useQuery } from '@tanstack/react-query'
import { loadedOrWith } from '../kit/loaded-or'
import { useContent } from './content-context'
import { couponQueryKey, readCoupon } from './coupon-api'
import { COUPON_ERRORS, t } from './coupon-i18n'

/** One coupon, in whatever state (its page, its form and the giving ask for the same answer). */
export function useCoupon(couponId: string) {
  return useQuery({
    queryKey: couponQueryKey(couponId),
    queryFn: ({ signal }) => readCoupon(couponId, signal),
  })
}

/** Why nothing here can be changed by this role: said in place of the buttons an editor would have. */
export function CouponsReadOnly() {
  const { operator } = useContent()
  return (
    <p className="note console-read-only">
      {t('adminCoupons.readOnly', { role: t(`admin.roles.${operator.role}`) })}
    </p>
  )
}

/** A form's screen reached by an operator who may not send it (a link kept from another role). */
export function CouponsNotAllowed({ message }: { message: string }) {
  return (
    <p className="notice notice--warning" role="status">
      {message}
    </p>
  )
}

/** The console's LoadedOr (kit/loaded-or.tsx) with the area's error sentences. */
export const CouponLoadedOr = loadedOrWith(COUPON_ERRORS)
