import type { AppModule } from '../module'
import { seedDemoBanners } from './banners.demo'
import { createBannersRepository } from './banners.repository'
import { registerBannerRoutes } from './banners.routes'
import { createBannerService } from './banners.service'
import { createBannersAdminRepository } from './banners-admin.repository'
import { registerBannersAdminRoutes } from './banners-admin.routes'
import { createBannersAdminService } from './banners-admin.service'

/**
 * The banner of each banner space, sanitised (decision 0040); operators add, change, order and
 * withdraw banners in the console; demo banners outside production.
 */
export const bannersModule: AppModule = {
  name: 'banners',
  register({ app, db, clock, events }) {
    const repo = createBannersRepository(db)
    const banners = createBannerService({ repo })
    registerBannerRoutes(app, { banners })
    registerBannersAdminRoutes(app, {
      admin: createBannersAdminService({
        repo: createBannersAdminRepository(db, events),
        clock,
        servedHtml: banners.servedHtml,
        shownIn: repo.shownIn,
      }),
    })
    return { demo: () => seedDemoBanners(banners, clock.now()) }
  },
}
