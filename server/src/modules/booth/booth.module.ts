import type { AppModule } from '../module'
import { seedDemoBooth } from './booth.demo'
import { registerBoothRoutes } from './booth.routes'
import { createBoothService } from './booth.service'

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
    return { demo: () => seedDemoBooth(repos.booth) }
  },
}
