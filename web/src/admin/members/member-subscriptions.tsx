import type { MemberDetail } from '@puribox/contract/admin-members'
import { t } from './i18n'
import { japanTime } from './member-format'

type Subscription = MemberDetail['subscriptions'][number]

/**
 * The member's payments, the newest first: how they pay, the state, whether it still renews (an
 * account that renews cannot be deleted), the price, when last paid and until when. No card data is
 * kept; the references find the payment in the gateway's console.
 */
export function MemberSubscriptions({ detail }: { detail: MemberDetail }) {
  const { subscriptions } = detail
  return (
    <section className="console-list" aria-labelledby="member-payments-title">
      <h2 id="member-payments-title" className="section-title">
        {t('adminMembers.payments.title')}
      </h2>
      {subscriptions.length === 0 ? (
        <p className="card console-card">{t('adminMembers.payments.none')}</p>
      ) : (
        <table className="console-table card-table member-table">
          <thead>
            <tr>
              <th scope="col">{t('adminMembers.payments.plan')}</th>
              <th scope="col">{t('adminMembers.payments.status')}</th>
              <th scope="col">{t('adminMembers.payments.renewing')}</th>
              <th scope="col">{t('adminMembers.payments.price')}</th>
              <th scope="col">{t('adminMembers.payments.lastPaidAt')}</th>
              <th scope="col">{t('adminMembers.payments.paidUntil')}</th>
              <th scope="col">{t('adminMembers.payments.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription) => (
              <SubscriptionRow key={subscription.id} subscription={subscription} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function SubscriptionRow({ subscription: s }: { subscription: Subscription }) {
  const none = <span className="member-none">{t('adminMembers.none')}</span>
  return (
    <tr>
      <th scope="row" data-label={t('adminMembers.payments.plan')}>
        <span className="member-table__main">{t(`adminMembers.payments.plans.${s.plan}`)}</span>
        {s.trial && <span className="badge member-badge">{t('adminMembers.payments.trial')}</span>}
        <span className="member-sub">
          {t('adminMembers.payments.createdAt', { time: japanTime(s.createdAt) })}
        </span>
      </th>
      <td data-label={t('adminMembers.payments.status')}>
        {t(`adminMembers.payments.statuses.${s.status}`)}
        {s.graceUntil && (
          <span className="member-sub">
            {t('adminMembers.payments.graceUntil', { time: japanTime(s.graceUntil) })}
          </span>
        )}
      </td>
      <td data-label={t('adminMembers.payments.renewing')}>
        {s.renewing ? (
          <span className="badge member-state member-state--warning">
            {t('adminMembers.payments.renews')}
          </span>
        ) : (
          t('adminMembers.payments.doesNotRenew')
        )}
      </td>
      <td data-label={t('adminMembers.payments.price')}>
        {t('adminMembers.payments.yen', { price: s.priceYen })}
      </td>
      <td data-label={t('adminMembers.payments.lastPaidAt')}>
        {s.lastPaidAt ? japanTime(s.lastPaidAt) : none}
      </td>
      <td data-label={t('adminMembers.payments.paidUntil')}>{s.paidUntil ? japanTime(s.paidUntil) : none}</td>
      <td data-label={t('adminMembers.payments.reference')}>
        <code className="member-code">{s.id}</code>
        {s.gatewayRef && (
          <span className="member-sub">
            {t('adminMembers.payments.gatewayRef')} <code className="member-code">{s.gatewayRef}</code>
          </span>
        )}
      </td>
    </tr>
  )
}
