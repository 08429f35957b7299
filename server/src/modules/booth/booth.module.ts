import type { AppModule } from '../module'
import { seedDemoBooth } from './booth.demo'
import { createBoothRepository } from './booth.repository'
import { registerBoothRoutes } from './booth.routes'
import { createBoothService } from './booth.service'
import { createBoothAdminRepository } from './booth-admin.repository'
import { registerBoothAdminRoutes } from './booth-admin.routes'
import { createBoothAdminService } from './booth-admin.service'
import { registerMachinesRoutes } from './machines.routes'
import { createMachinesService } from './machines.service'

/**
 * Booths: the machines' plays pushed with their keys, and the machine models, shops and shop search
 * people use to find a booth (decision 0042); operators register models, shops, machines and keys
 * in the console; demo models, shops and the demo booth outside production.
 */
export const boothModule: AppModule = {
  name: 'booth',
  register({ app, db, events, storage, images, clock, config, need }) {
    const repo = createBoothRepository(db)
    registerBoothRoutes(app, {
      booth: createBoothService({
        repo,
        plays: need('sealStore'),
        storage,
        images,
        clock,
        sealTtlDays: config.sealTtlDays,
        publicUrl: config.publicUrl,
      }),
    })
    const machines = createMachinesService({ repo, storage })
    registerMachinesRoutes(app, { machines })
    registerBoothAdminRoutes(app, {
      admin: createBoothAdminService({
        repo: createBoothAdminRepository(db, events),
        clock,
        directoryChanged: () => machines.shopsChanged(),
      }),
    })
    return {
      demo: async () => {
        await seedDemoBooth({ repo, storage, images })
        machines.shopsChanged()
      },
    }
  },
}
