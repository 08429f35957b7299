import type { AppModule } from '../module'
import { createOptimizedFlowsRepository } from './optimized-flows.repository'
import { registerOptimizedFlowRoutes } from './optimized-flows.routes'
import { createOptimizedFlowService, type OptimizedFlowService } from './optimized-flows.service'

declare module '../module' {
  interface Services {
    optimizedFlows: OptimizedFlowService
  }
}

/** The optimised flows: which case each screen's flow is in, as operators set it (a table). */
export const optimizedFlowsModule: AppModule = {
  name: 'optimized-flows',
  register({ app, db }) {
    const flows = createOptimizedFlowService({ repo: createOptimizedFlowsRepository(db) })
    registerOptimizedFlowRoutes(app, { flows })
    return { provides: { optimizedFlows: flows } }
  },
}
