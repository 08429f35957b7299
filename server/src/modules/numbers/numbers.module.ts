import type { AppModule } from '../module'
import { createNumbersRepository } from './numbers.repository'
import { registerNumbersRoutes } from './numbers.routes'
import { createNumbersService } from './numbers.service'

/**
 * The service's numbers per Japan day for the operators' console: read from the tables of the
 * modules that keep them, never written (it has no table of its own).
 */
export const numbersModule: AppModule = {
  name: 'numbers',
  register({ app, db }) {
    registerNumbersRoutes(app, { numbers: createNumbersService({ repo: createNumbersRepository(db) }) })
    return {}
  },
}
