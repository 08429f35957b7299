import type { AppModule } from '../module'
import { seedDemoNews } from './news.demo'
import { createNewsRepository } from './news.repository'
import { registerNewsRoutes } from './news.routes'
import { createNewsService } from './news.service'

/** News for everyone and what each member has read (decision 0040); demo news outside production. */
export const newsModule: AppModule = {
  name: 'news',
  register({ app, db, clock, events }) {
    const repo = createNewsRepository(db)
    const news = createNewsService({ repo })
    registerNewsRoutes(app, { news })
    events.on('account.deleted', 'news', repo.accountDeleted)
    return {
      demo: () => seedDemoNews(news, clock.now()),
    }
  },
}
