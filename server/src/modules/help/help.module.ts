import type { AppModule } from '../module'
import { registerHelpRoutes } from './help.routes'
import { createHelpService } from './help.service'

/** Help's categories, questions and answers, served as static JSON (decision 0039). */
export const helpModule: AppModule = {
  name: 'help',
  register({ app, repos, clock }) {
    const help = createHelpService({ repo: repos.help, clock })
    registerHelpRoutes(app, { help })
    return { content: help.seed }
  },
}
