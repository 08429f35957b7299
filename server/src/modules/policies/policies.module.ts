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
  register({ app, db, clock, events }) {
    const repo = createPoliciesRepository(db)
    // Also asked at sign-in (`agreementNeeded`): members who have not agreed go to the agreement page;
    // and by registrations, which check an agreement made while registering (`checkAgreement`).
    const policies = createPolicyService({ repo, clock })
    registerPolicyRoutes(app, { policies })
    events.on('account.deleted', 'policies', repo.accountDeleted)
    // A new version of a policy's text published in the console is a new version of the policy.
    events.on('information.published', 'policies', repo.informationPublished)
    events.on('information.scheduled', 'policies', repo.informationPublished)
    events.on('information.unscheduled', 'policies', repo.informationUnscheduled)
    return { provides: { policies } }
  },
}
