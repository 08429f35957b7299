import type { Database } from './db/client'
import { createAccountsRepository } from './modules/accounts/accounts.repository'
import { createAdsRepository } from './modules/ads/ads.repository'
import { createAuditionsRepository } from './modules/auditions/auditions.repository'
import { createBannersRepository } from './modules/banners/banners.repository'
import { createBoothRepository } from './modules/booth/booth.repository'
import { createCouponsRepository } from './modules/coupons/coupons.repository'
import { createExternalAuthRepository } from './modules/external-auth/external-auth.repository'
import { createFilesRepository } from './modules/files/files.repository'
import { createHelpRepository } from './modules/help/help.repository'
import { createInformationRepository } from './modules/information/information.repository'
import { createInquiriesRepository } from './modules/inquiries/inquiries.repository'
import { createMypageRepository } from './modules/mypage/mypage.repository'
import { createNewsRepository } from './modules/news/news.repository'
import { createOptimizedFlowsRepository } from './modules/optimized-flows/optimized-flows.repository'
import { createPenaltiesRepository } from './modules/penalties/penalties.repository'
import { createPoliciesRepository } from './modules/policies/policies.repository'
import { createProfileRepository } from './modules/profile/profile.repository'
import { createSavingRepository } from './modules/saving/saving.repository'
import { createSchoolApplicationsRepository } from './modules/school-applications/school-applications.repository'
import { createSealsRepository } from './modules/seals/seals.repository'
import { createSessionsRepository } from './modules/sessions/sessions.repository'
import { createThrottle } from './modules/throttle/throttle'

/**
 * Every module's repository, each the only writer of its module's tables (decision 0021). A module
 * that must change another's rows in its own transaction is handed the owner's narrow interface
 * here; the app (`buildApp`) and the tests use the same wiring.
 */
export function createRepositories(db: Database) {
  const accounts = createAccountsRepository(db)
  const files = createFilesRepository(db)
  const seals = createSealsRepository(db, files)
  const saving = createSavingRepository(db, seals)
  const sessions = createSessionsRepository(db)
  const policies = createPoliciesRepository(db)
  return {
    accounts,
    files,
    seals,
    saving,
    throttle: createThrottle(db),
    sessions,
    booth: createBoothRepository(db),
    externalAuth: createExternalAuthRepository(db, accounts, policies),
    mypage: createMypageRepository(db),
    penalties: createPenaltiesRepository(db, accounts),
    policies,
    information: createInformationRepository(db),
    profile: createProfileRepository(db),
    news: createNewsRepository(db),
    optimizedFlows: createOptimizedFlowsRepository(db),
    banners: createBannersRepository(db),
    help: createHelpRepository(db),
    ads: createAdsRepository(db),
    coupons: createCouponsRepository(db),
    auditions: createAuditionsRepository(db),
    inquiries: createInquiriesRepository(db),
    schoolApplications: createSchoolApplicationsRepository(db),
  }
}

export type Repositories = ReturnType<typeof createRepositories>
