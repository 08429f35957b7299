import type { AppModule } from '../module'
import { createInformationRepository } from './information.repository'
import { registerInformationRoutes } from './information.routes'
import { loadShippedDocuments } from './information.seed'
import { createInformationService } from './information.service'

/**
 * The information pages (decision 0038): versioned documents, the shipped ones published at every
 * start (production too), with the policy versions whose full texts they are.
 */
export const informationModule: AppModule = {
  name: 'information',
  register({ app, db, clock, need }) {
    const information = createInformationService({
      repo: createInformationRepository(db),
      policies: need('policies'),
      clock,
    })
    registerInformationRoutes(app, { information })
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
