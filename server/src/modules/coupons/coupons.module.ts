import type { AppModule } from '../module'
import { seedDemoCoupons } from './coupons.demo'
import { registerCouponsRoutes } from './coupons.routes'
import { createCouponsService } from './coupons.service'

/**
 * Coupons and members' tickets of them (decision 0044); demo coupons outside production. Listed
 * after the booth (its shops and machine models) and the accounts (the demo members).
 */
export const couponsModule: AppModule = {
  name: 'coupons',
  register({ app, repos, clock }) {
    const coupons = createCouponsService({ repo: repos.coupons })
    registerCouponsRoutes(app, { coupons })
    return {
      accountDeleted: repos.coupons.accountDeleted,
      demo: () => seedDemoCoupons({ coupons, repo: repos.coupons }, clock.now()),
    }
  },
}
