import type { AppModule } from '../module'
import { seedDemoBanners } from './banners.demo'
import { registerBannerRoutes } from './banners.routes'
import { createBannerService } from './banners.service'

/** The banner of each banner space, sanitised (decision 0040); demo banners outside production. */
export const bannersModule: AppModule = {
  name: 'banners',
  register({ app, repos, clock }) {
    const banners = createBannerService({ repo: repos.banners })
    registerBannerRoutes(app, { banners })
    return { demo: () => seedDemoBanners(banners, clock.now()) }
  },
}
