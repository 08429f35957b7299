import { type AdminCouponDetail, type CouponStep, couponStepSchema } from '@puribox/contract/admin-coupons'
import { useState } from 'react'
import { Link } from 'wouter'
import { ReasonDialog } from './action-dialogs'
import { useContent } from './content-context'
import { couponAccessOf, writesCoupons } from './coupon-access'
import { publishCoupon, withdrawCoupon } from './coupon-api'
import { COUPON_ERRORS, t } from './coupon-i18n'
import { CouponsReadOnly } from './coupon-page-parts'
import { couponEditPath, couponGivePath, couponPath } from './coupon-paths'

type Step = 'publish' | 'withdraw'

/**
 * What may be done with a coupon now, by its state and the operator's role: change it and publish it
 * while it is a draft, withdraw it while it is scheduled or out, give it to a member while an
 * individual coupon is scheduled or out. Publishing and withdrawing are confirmed in a dialog, with
 * their reason; nothing is offered that the server would refuse.
 */
export function CouponActions({ coupon }: { coupon: AdminCouponDetail }) {
  const { operator } = useContent()
  const access = couponAccessOf(operator.role)
  const [step, setStep] = useState<Step | null>(null)
  const draft = coupon.state === 'draft'
  const out = coupon.state === 'scheduled' || coupon.state === 'published'
  const offered =
    (access.change && draft) ||
    (access.give && out && coupon.grant === 'INDIVIDUAL') ||
    (access.publish && draft) ||
    (access.withdraw && out)
  // Nothing to offer a role that writes no coupons (support with a coupon members get by themselves).
  if (!offered && !writesCoupons(access)) return <CouponsReadOnly />
  return (
    <>
      {access.change && draft && (
        <Link href={couponEditPath(coupon.id)} className="button button--secondary button--small">
          {t('adminCoupons.coupon.edit')}
        </Link>
      )}
      {access.give && out && coupon.grant === 'INDIVIDUAL' && (
        <Link href={couponGivePath(coupon.id)} className="button button--small">
          {t('adminCoupons.coupon.give')}
        </Link>
      )}
      {access.publish && draft && (
        <button type="button" className="button button--small" onClick={() => setStep('publish')}>
          {t('adminCoupons.coupon.publish')}
        </button>
      )}
      {access.withdraw && out && (
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setStep('withdraw')}
        >
          {t('adminCoupons.coupon.withdraw')}
        </button>
      )}
      {step && <StepDialog coupon={coupon} step={step} onClose={() => setStep(null)} />}
    </>
  )
}

/** Publishing or withdrawing: what it does to members, confirmed, with its reason. */
function StepDialog({
  coupon,
  step,
  onClose,
}: {
  coupon: AdminCouponDetail
  step: Step
  onClose: () => void
}) {
  const { changed } = useContent()
  const text = (key: 'title' | 'body' | 'submit' | 'sending' | 'done') =>
    t(`adminCoupons.${step}.${key}`, { title: coupon.title })
  return (
    <ReasonDialog
      texts={{ title: text('title'), body: text('body'), submit: text('submit'), sending: text('sending') }}
      schema={couponStepSchema}
      send={(input: CouponStep) =>
        step === 'publish' ? publishCoupon(coupon.id, input) : withdrawCoupon(coupon.id, input)
      }
      // Publishing is refused as a whole only when the coupon's window has closed.
      messages={
        step === 'publish'
          ? { ...COUPON_ERRORS, VALIDATION_FAILED: t('adminCoupons.publish.ended') }
          : COUPON_ERRORS
      }
      danger={step === 'withdraw'}
      onClose={onClose}
      onDone={() => changed(couponPath(coupon.id), text('done'))}
    />
  )
}
