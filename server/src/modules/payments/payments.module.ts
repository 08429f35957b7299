import { createPaymentGateway } from '../../ports/payment-gateway'
import type { AppModule } from '../module'
import { createPaymentsRepository } from './payments.repository'
import { registerPaymentRoutes } from './payments.routes'
import { createPaymentService, type PaymentService, RENEWAL_STOPS_JOB } from './payments.service'

declare module '../module' {
  interface Services {
    payments: PaymentService
  }
}

/** Premium membership: subscribing by card or carrier billing, the gateway's notifications, stopping. */
export const paymentsModule: AppModule = {
  name: 'payments',
  register({ app, db, config, clock, fetch, events, need }) {
    const accounts = need('accounts')
    const repo = createPaymentsRepository(db, { accounts, events })
    const payments = createPaymentService({
      repo,
      accounts,
      throttle: need('throttle'),
      gateway: createPaymentGateway({
        gatewayUrl: config.payment.gatewayUrl,
        merchantId: config.payment.merchantId,
        apiKey: config.payment.apiKey,
        ...(fetch ? { fetch } : {}),
      }),
      clock,
      publicUrl: config.publicUrl,
      notificationSecret: config.payment.notificationSecret,
      flows: need('optimizedFlows'),
    })
    const { accessOf } = need('access')
    registerPaymentRoutes(app, { payments, accessOf })
    events.on('account.deleted', 'payments', repo.accountDeleted)
    return {
      provides: { payments },
      housekeeping: [{ name: RENEWAL_STOPS_JOB, run: () => payments.stopSchoolPremiumRenewals() }],
    }
  },
}
