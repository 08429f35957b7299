import type { AppModule } from '../module'
import { createPoliciesRepository } from './policies.repository'
import { registerPolicyRoutes } from './policies.routes'
import { createPolicyService, type PolicyService } from './policies.service'

declare module '../module' {
  interface Services {
    policies: PolicyService
  }
}

export const policiesModule: AppModule = {
  name: 'policies',
  register({ app, db, events }) {
    const repo = createPoliciesRepository(db)
    // Also asked at sign-in (`agreementNeeded`): members who have not agreed go to the agreement page;
    // and by registrations, which check an agreement made while registering (`checkAgreement`).
    const policies = createPolicyService({ repo })
    registerPolicyRoutes(app, { policies })
    events.on('account.deleted', 'policies', repo.accountDeleted)
    return { provides: { policies } }
  },
}
