import type { AppModule } from '../module'
import { createHelpRepository } from './help.repository'
import { registerHelpRoutes } from './help.routes'
import { createHelpService } from './help.service'
import { createHelpAdminRepository } from './help-admin.repository'
import { registerHelpAdminRoutes } from './help-admin.routes'
import { createHelpAdminService } from './help-admin.service'

/**
 * Help's categories, questions and answers, served as static JSON (decision 0039); operators edit
 * them in the console, and the bundled help written at every start keeps their edits.
 */
export const helpModule: AppModule = {
  name: 'help',
  register({ app, db, clock, events }) {
    const help = createHelpService({ repo: createHelpRepository(db), clock })
    registerHelpRoutes(app, { help })
    registerHelpAdminRoutes(app, {
      admin: createHelpAdminService({
        repo: createHelpAdminRepository(db, events),
        clock,
        helpChanged: help.changed,
      }),
    })
    return { content: help.seed }
  },
}
