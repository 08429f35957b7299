import type { AppModule } from '../module'
import { seedDemoNews } from './news.demo'
import { createNewsRepository } from './news.repository'
import { registerNewsRoutes } from './news.routes'
import { createNewsService } from './news.service'
import { createNewsAdminRepository } from './news-admin.repository'
import { registerNewsAdminRoutes } from './news-admin.routes'
import { createNewsAdminService } from './news-admin.service'

/**
 * News for everyone and what each member has read (decision 0040); operators write, schedule,
 * publish and withdraw it in the console; demo news outside production.
 */
export const newsModule: AppModule = {
  name: 'news',
  register({ app, db, clock, events }) {
    const repo = createNewsRepository(db)
    const news = createNewsService({ repo })
    registerNewsRoutes(app, { news })
    registerNewsAdminRoutes(app, {
      admin: createNewsAdminService({ repo: createNewsAdminRepository(db, events), clock }),
    })
    events.on('account.deleted', 'news', repo.accountDeleted)
    return {
      demo: () => seedDemoNews(news, clock.now()),
    }
  },
}
