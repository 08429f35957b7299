import type { AppModule } from '../module'
import { createSchoolApplicationsRepository } from './school-applications.repository'
import { registerSchoolApplicationsRoutes } from './school-applications.routes'
import {
  createSchoolApplicationsService,
  type SchoolApplicationsService,
} from './school-applications.service'
import { createSchoolApplicationsAdminRepository } from './school-applications-admin.repository'
import { registerSchoolApplicationsAdminRoutes } from './school-applications-admin.routes'
import { createSchoolApplicationsAdminService } from './school-applications-admin.service'

declare module '../module' {
  interface Services {
    schoolApplications: SchoolApplicationsService
  }
}

/**
 * The junior-high free premium application (decision 0048): certificate uploads, the application,
 * its review from the console's queue (decision 0073), and the pictures' deletion (30 days after the
 * review, at once when the account leaves).
 */
export const schoolApplicationsModule: AppModule = {
  name: 'school-applications',
  register({ app, db, storage, images, mailer, clock, config, context, need, events }) {
    const payments = need('payments')
    const fileDeletions = need('fileDeletions')
    const repo = createSchoolApplicationsRepository(db, { files: fileDeletions, events })
    const accounts = need('accounts')
    const applications = createSchoolApplicationsService({
      repo,
      storage,
      images,
      mailer,
      fileDeletions,
      grant: accounts,
      // A paid subscription that still renews is stopped at once rather than at the next hourly run.
      afterApproval: () => payments.stopSchoolPremiumRenewals(),
      publicUrl: config.publicUrl,
    })
    registerSchoolApplicationsRoutes(app, { applications, timeTravel: context.timeTravel })
    const admin = createSchoolApplicationsAdminService({
      admin: createSchoolApplicationsAdminRepository(db, events),
      repo,
      review: applications,
      storage,
      clock,
      schoolPremiumEnd: accounts.schoolPremiumEnd,
    })
    registerSchoolApplicationsAdminRoutes(app, { admin })
    events.on('account.deleted', 'school-applications', repo.accountDeleted)
    return {
      provides: { schoolApplications: applications },
      housekeeping: [{ name: 'junior-high certificates', run: () => applications.cleanUp(clock.now()) }],
    }
  },
}
