import {
  type AdminCouponDetail,
  type AdminCouponRecipient,
  COUPON_ADMIN_LIMITS,
  type CouponGive,
  couponGiveSchema,
} from '@puribox/contract/admin-coupons'
import { useState } from 'react'
import { Link } from 'wouter'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { TextField } from '../../components/form/text-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { ContentPage } from './content-page'
import { couponAccessOf } from './coupon-access'
import { giveCoupon, readRecipient } from './coupon-api'
import { COUPON_ERRORS, t } from './coupon-i18n'
import { couponValidity, couponWhere, couponWindow } from './coupon-labels'
import { TO_COUPONS } from './coupon-list-screen'
import { CouponLoadedOr, CouponsNotAllowed, useCoupon } from './coupon-page-parts'
import { couponPath, memberAuditPath } from './coupon-paths'
import './coupon.css'

/** An account id as an operator pastes or types it: full-width characters and spaces forgiven, any case. */
function typedAccountId(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '').toLowerCase()
}

/**
 * `/admin/coupons/:couponId/give`: one member gets a ticket of an individual coupon. The operator
 * types the member's account id, sees whom it is (masked: enough to tell it is the right person)
 * and whether they hold the coupon already, then gives it with the reason, which the audit log keeps.
 */
export function CouponGiveScreen({ couponId }: { couponId: string }) {
  const { operator } = useContent()
  const coupon = useCoupon(couponId)
  return (
    <ContentPage
      title={t('adminCoupons.give.title')}
      lead={t('adminCoupons.give.lead')}
      trail={[TO_COUPONS, ...(coupon.data ? [{ href: couponPath(couponId), label: coupon.data.title }] : [])]}
    >
      {!couponAccessOf(operator.role).give ? (
        <CouponsNotAllowed message={t('adminCoupons.give.notAllowed')} />
      ) : (
        <CouponLoadedOr query={coupon} failure={t('adminCoupons.coupon.loadFailed')}>
          {(loaded) =>
            loaded.grant !== 'INDIVIDUAL' ? (
              <CouponsNotAllowed message={t('adminCoupons.errors.COUPON_NOT_GIVABLE')} />
            ) : loaded.state !== 'scheduled' && loaded.state !== 'published' ? (
              <CouponsNotAllowed message={t('adminCoupons.give.notOut')} />
            ) : (
              <GiveSteps coupon={loaded} />
            )
          }
        </CouponLoadedOr>
      )}
    </ContentPage>
  )
}

function GiveSteps({ coupon }: { coupon: AdminCouponDetail }) {
  const [recipient, setRecipient] = useState<AdminCouponRecipient | null>(null)
  return (
    <>
      <section className="card console-card" aria-labelledby="coupon-give-what">
        <h2 id="coupon-give-what" className="card__title">
          {coupon.title}
        </h2>
        <p>{coupon.benefit}</p>
        <dl className="console-facts">
          <div>
            <dt>{t('adminCoupons.coupon.where')}</dt>
            <dd>{couponWhere(coupon)}</dd>
          </div>
          <div>
            <dt>{t('adminCoupons.coupon.validity')}</dt>
            <dd>{couponValidity(coupon)}</dd>
          </div>
          <div>
            <dt>{t('adminCoupons.coupon.window')}</dt>
            <dd>{couponWindow(coupon)}</dd>
          </div>
        </dl>
      </section>
      {recipient ? (
        <GiveTo coupon={coupon} recipient={recipient} onOther={() => setRecipient(null)} />
      ) : (
        <FindRecipient coupon={coupon} onFound={setRecipient} />
      )}
    </>
  )
}

/** The account id, checked, then whom it names. */
function FindRecipient({
  coupon,
  onFound,
}: {
  coupon: AdminCouponDetail
  onFound: (recipient: AdminCouponRecipient) => void
}) {
  const label = t('adminCoupons.give.accountId')
  const form = useContractForm<'accountId', string, AdminCouponRecipient>({
    fields: ['accountId'],
    request: (values) => {
      const typed = typedAccountId(values.text('accountId'))
      if (typed === '') return { errors: { accountId: t('adminContent.form.errors.required', { label }) } }
      const checked = couponGiveSchema.shape.accountId.safeParse(typed)
      if (!checked.success) return { errors: { accountId: t('adminCoupons.give.errors.accountId') } }
      return { input: checked.data }
    },
    send: (accountId) => readRecipient(coupon.id, accountId),
    messages: COUPON_ERRORS,
    fieldOf: { MEMBER_NOT_FOUND: 'accountId' },
    onSuccess: onFound,
  })
  return (
    <section className="card console-card" aria-labelledby="coupon-give-find">
      <h2 id="coupon-give-find" className="card__title">
        {t('adminCoupons.give.findTitle')}
      </h2>
      <Form form={form} className="stack">
        <TextField
          {...form.field('accountId')}
          label={label}
          hint={t('adminCoupons.give.accountIdHint')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          inputClassName="coupon-account-id"
        />
        <FormProblemNotice problem={form.problem} />
        <div className="content-form__actions">
          <SubmitButton
            pending={form.pending}
            className="button"
            pendingLabel={t('adminCoupons.give.checking')}
          >
            {t('adminCoupons.give.check')}
          </SubmitButton>
          <Link href={couponPath(coupon.id)} className="text-link">
            {t('adminContent.form.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  )
}

/** Whom it goes to, masked; giving it with the reason, unless they hold it already. */
function GiveTo({
  coupon,
  recipient,
  onOther,
}: {
  coupon: AdminCouponDetail
  recipient: AdminCouponRecipient
  onOther: () => void
}) {
  const { changed } = useContent()
  const reasonLabel = t('adminCoupons.give.reason')
  const form = useContractForm<'reason', CouponGive, AdminCouponRecipient>({
    fields: ['reason'],
    request: (values) => {
      const reason = values.text('reason').trim()
      if (reason === '') {
        return { errors: { reason: t('adminContent.form.errors.required', { label: reasonLabel }) } }
      }
      const checked = couponGiveSchema.safeParse({ accountId: recipient.accountId, reason })
      if (!checked.success) {
        const max = COUPON_ADMIN_LIMITS.giveReasonMax
        return {
          errors: {
            reason:
              reason.length > max
                ? t('adminContent.form.errors.tooLong', { label: reasonLabel, max })
                : t('adminContent.form.errors.control', { label: reasonLabel }),
          },
        }
      }
      return { input: checked.data }
    },
    send: (input) => giveCoupon(coupon.id, input),
    messages: COUPON_ERRORS,
    onSuccess: (given) => {
      changed(
        couponPath(coupon.id),
        t('adminCoupons.give.done', { until: given.ticket ? japanTime(given.ticket.validUntil) : '' }),
      )
    },
  })
  const fact = (name: 'accountId' | 'mail' | 'membership' | 'registeredAt') =>
    t(`adminCoupons.give.facts.${name}`)
  return (
    <section className="card console-card" aria-labelledby="coupon-give-to">
      <h2 id="coupon-give-to" className="card__title">
        {t('adminCoupons.give.toTitle')}
      </h2>
      <dl className="console-facts">
        <div>
          <dt>{fact('accountId')}</dt>
          <dd>
            <code className="content-code">{recipient.accountId}</code>
          </dd>
        </div>
        <div>
          <dt>{fact('mail')}</dt>
          <dd>{recipient.mailAddressHint ?? t('adminCoupons.give.noMail')}</dd>
        </div>
        <div>
          <dt>{fact('membership')}</dt>
          <dd>{t(`adminCoupons.memberships.${recipient.membership}`)}</dd>
        </div>
        <div>
          <dt>{fact('registeredAt')}</dt>
          <dd>
            <time dateTime={recipient.registeredAt}>{japanTime(recipient.registeredAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="note">{t('adminCoupons.give.maskedNote')}</p>
      {recipient.ticket ? (
        <>
          <p className="notice notice--warning" role="status">
            {recipient.ticket.usedAt
              ? t('adminCoupons.give.heldUsed', {
                  time: japanTime(recipient.ticket.grantedAt),
                  used: japanTime(recipient.ticket.usedAt),
                })
              : t('adminCoupons.give.held', { time: japanTime(recipient.ticket.grantedAt) })}
          </p>
          <div className="content-form__actions">
            <button type="button" className="button button--secondary" onClick={onOther}>
              {t('adminCoupons.give.other')}
            </button>
            <Link href={memberAuditPath(recipient.accountId)} className="text-link">
              {t('adminCoupons.give.memberAudit')}
            </Link>
          </div>
        </>
      ) : (
        <Form form={form} className="stack">
          <TextField
            {...form.field('reason')}
            label={reasonLabel}
            hint={t('adminCoupons.give.reasonHint', { max: COUPON_ADMIN_LIMITS.giveReasonMax })}
            autoComplete="off"
          />
          <FormProblemNotice problem={form.problem} />
          <div className="content-form__actions">
            <SubmitButton
              pending={form.pending}
              className="button"
              pendingLabel={t('adminCoupons.give.sending')}
            >
              {t('adminCoupons.give.submit')}
            </SubmitButton>
            <button
              type="button"
              className="button button--secondary"
              onClick={onOther}
              disabled={form.pending}
            >
              {t('adminCoupons.give.other')}
            </button>
          </div>
        </Form>
      )}
    </section>
  )
}
