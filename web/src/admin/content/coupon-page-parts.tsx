import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailure } from '../../components/load-failure'
import { LoadingState } from '../../components/loading-state'
import { isTransient } from '../../lib/api-client'
import { errorMessage } from '../../lib/error-message'
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
    <p className="note content-read-only">
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

/**
 * What a screen shows of one answer: a spinner while it comes, what went wrong in Japanese (a coupon
 * that is not there says so; a retry where asking again can help), else `children`.
 */
export function CouponLoadedOr<T>({
  query,
  failure,
  children,
}: {
  query: UseQueryResult<T>
  failure: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <LoadingState />
  if (query.isError) {
    return (
      <LoadFailure
        error={query.error}
        title={failure}
        message={errorMessage(query.error, COUPON_ERRORS)}
        onRetry={isTransient(query.error) ? () => void query.refetch() : undefined}
      />
    )
  }
  return <>{children(query.data)}</>
}
