import type { AppModule } from '../module'
import { seedDemoCoupons } from './coupons.demo'
import { createCouponsRepository } from './coupons.repository'
import { registerCouponsRoutes } from './coupons.routes'
import { createCouponsService } from './coupons.service'
import { createCouponsAdminRepository } from './coupons-admin.repository'
import { registerCouponsAdminRoutes } from './coupons-admin.routes'
import { createCouponsAdminService } from './coupons-admin.service'

/**
 * Coupons and members' tickets of them (decision 0044); operators write, publish and withdraw
 * coupons and give tickets in the console (decision 0079); demo coupons outside production. Listed
 * after the booth (its shops and machine models) and the accounts (the demo members).
 */
export const couponsModule: AppModule = {
  name: 'coupons',
  register({ app, db, clock, events }) {
    const repo = createCouponsRepository(db)
    const coupons = createCouponsService({ repo })
    registerCouponsRoutes(app, { coupons })
    registerCouponsAdminRoutes(app, {
      admin: createCouponsAdminService({ repo: createCouponsAdminRepository(db, events), clock }),
    })
    events.on('account.deleted', 'coupons', repo.accountDeleted)
    return {
      demo: () => seedDemoCoupons({ coupons, repo }, clock.now()),
    }
  },
}
