import type { AppModule } from '../module'
import { seedDemoBanners } from './banners.demo'
import { createBannersRepository } from './banners.repository'
import { registerBannerRoutes } from './banners.routes'
import { createBannerService } from './banners.service'

/** The banner of each banner space, sanitised (decision 0040); demo banners outside production. */
export const bannersModule: AppModule = {
  name: 'banners',
  register({ app, db, clock }) {
    const banners = createBannerService({ repo: createBannersRepository(db) })
    registerBannerRoutes(app, { banners })
    return { demo: () => seedDemoBanners(banners, clock.now()) }
  },
}
