import type { AppModule } from '../module'
import { seedDemoNews } from './news.demo'
import { registerNewsRoutes } from './news.routes'
import { createNewsService } from './news.service'

/** News for everyone and what each member has read (decision 0040); demo news outside production. */
export const newsModule: AppModule = {
  name: 'news',
  register({ app, repos, clock }) {
    const news = createNewsService({ repo: repos.news })
    registerNewsRoutes(app, { news })
    return {
      accountDeleted: repos.news.accountDeleted,
      demo: () => seedDemoNews(news, clock.now()),
    }
  },
}
