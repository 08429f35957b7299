import type { AppModule } from '../module'
import { createInformationRepository } from './information.repository'
import { registerInformationRoutes } from './information.routes'
import { loadShippedDocuments } from './information.seed'
import { createInformationService } from './information.service'
import { createInformationAdminRepository } from './information-admin.repository'
import { registerInformationAdminRoutes } from './information-admin.routes'
import { createInformationAdminService } from './information-admin.service'

/**
 * The information pages (decision 0038): versioned documents, the shipped ones published at every
 * start (production too), with the policy versions whose full texts they are; operators write new
 * versions in the console and publish them (decision 0078), which the start-up seed leaves alone.
 */
export const informationModule: AppModule = {
  name: 'information',
  register({ app, db, clock, events, need }) {
    const policies = need('policies')
    const information = createInformationService({ repo: createInformationRepository(db), policies, clock })
    registerInformationRoutes(app, { information })
    registerInformationAdminRoutes(app, {
      admin: createInformationAdminService({
        repo: createInformationAdminRepository(db, events),
        policies,
        clock,
      }),
    })
    return {
      content: async () => {
        for (const { page, version, outcome } of await information.seed(loadShippedDocuments())) {
          if (outcome === 'differs') {
            app.log.warn(
              { page, version },
              'the shipped text of this version differs from the published one, which stays: ship a new version',
            )
          }
        }
      },
    }
  },
}
