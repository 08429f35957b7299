import { createPaymentGateway } from '../../ports/payment-gateway'
import type { AppModule } from '../module'
import { registerPaymentRoutes } from './payments.routes'
import { createPaymentService, type PaymentService } from './payments.service'

declare module '../module' {
  interface Services {
    payments: PaymentService
  }
}

/** Premium membership: subscribing by card or carrier billing, the gateway's notifications, stopping. */
export const paymentsModule: AppModule = {
  name: 'payments',
  register({ app, repos, config, clock, fetch, need }) {
    const payments = createPaymentService({
      repo: repos.payments,
      accounts: need('accounts'),
      throttle: repos.throttle,
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
    return {
      provides: { payments },
      accountDeleted: repos.payments.accountDeleted,
      housekeeping: [
        { name: 'renewals under school premium', run: () => payments.stopSchoolPremiumRenewals() },
      ],
    }
  },
}
