import type { AppModule } from '../module'
import { seedDemoBooth } from './booth.demo'
import { registerBoothRoutes } from './booth.routes'
import { createBoothService } from './booth.service'
import { registerMachinesRoutes } from './machines.routes'
import { createMachinesService } from './machines.service'

/**
 * Booths: the machines' plays pushed with their keys, and the machine models, shops and shop search
 * people use to find a booth (decision 0042); demo models, shops and the demo booth outside production.
 */
export const boothModule: AppModule = {
  name: 'booth',
  register({ app, repos, storage, images, clock, config }) {
    registerBoothRoutes(app, {
      booth: createBoothService({
        repo: repos.booth,
        plays: repos.seals,
        storage,
        images,
        clock,
        sealTtlDays: config.sealTtlDays,
        publicUrl: config.publicUrl,
      }),
    })
    const machines = createMachinesService({ repo: repos.booth, storage })
    registerMachinesRoutes(app, { machines })
    return {
      demo: async () => {
        await seedDemoBooth({ repo: repos.booth, storage, images })
        machines.shopsChanged()
      },
    }
  },
}
