import type { AppModule } from '../module'
import { createHelpRepository } from './help.repository'
import { registerHelpRoutes } from './help.routes'
import { createHelpService } from './help.service'

/** Help's categories, questions and answers, served as static JSON (decision 0039). */
export const helpModule: AppModule = {
  name: 'help',
  register({ app, db, clock }) {
    const help = createHelpService({ repo: createHelpRepository(db), clock })
    registerHelpRoutes(app, { help })
    return { content: help.seed }
  },
}
