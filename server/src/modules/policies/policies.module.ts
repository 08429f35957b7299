import { registerAfterSignInRoutes } from '../auth/after-sign-in.routes'
import type { AppModule } from '../module'
import { registerPolicyRoutes } from './policies.routes'
import { createPolicyService, type PolicyService } from './policies.service'

declare module '../module' {
  interface Services {
    policies: PolicyService
  }
}

export const policiesModule: AppModule = {
  name: 'policies',
  register({ app, repos, context }) {
    // Also asked at sign-in (`agreementNeeded`): members who have not agreed go to the agreement page;
    // and by registrations, which check an agreement made while registering (`checkAgreement`).
    const policies = createPolicyService({ repo: repos.policies })
    registerPolicyRoutes(app, { policies })
    registerAfterSignInRoutes(app, { policies, context })
    return { provides: { policies }, accountDeleted: repos.policies.accountDeleted }
  },
}
