import type { AppModule } from '../module'
import { createOptimizedFlowsRepository } from './optimized-flows.repository'
import { registerOptimizedFlowRoutes } from './optimized-flows.routes'
import { createOptimizedFlowService, type OptimizedFlowService } from './optimized-flows.service'
import { createOptimizedFlowsAdminRepository } from './optimized-flows-admin.repository'
import { registerOptimizedFlowsAdminRoutes } from './optimized-flows-admin.routes'
import { createOptimizedFlowsAdminService } from './optimized-flows-admin.service'

declare module '../module' {
  interface Services {
    optimizedFlows: OptimizedFlowService
  }
}

/**
 * The optimised flows: which case each screen's flow is in, as operators set it in the console (a
 * table, decisions 0064 and 0080).
 */
export const optimizedFlowsModule: AppModule = {
  name: 'optimized-flows',
  register({ app, db, clock, events }) {
    const repo = createOptimizedFlowsRepository(db)
    const flows = createOptimizedFlowService({ repo })
    registerOptimizedFlowRoutes(app, { flows })
    registerOptimizedFlowsAdminRoutes(app, {
      admin: createOptimizedFlowsAdminService({
        repo,
        admin: createOptimizedFlowsAdminRepository(db, events),
        clock,
      }),
    })
    return { provides: { optimizedFlows: flows } }
  },
}
