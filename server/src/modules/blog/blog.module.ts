import type { AppModule } from '../module'
import { createWordPressClient } from './blog.client'
import { registerBlogRoutes } from './blog.routes'
import { createBlogService } from './blog.service'

/** The blog (decision 0041): posts by category from a WordPress-style API, served from a cache. */
export const blogModule: AppModule = {
  name: 'blog',
  register({ app, config, clock, fetch }) {
    const client = createWordPressClient({
      baseUrl: config.blogUrl,
      fetch: fetch ?? ((url, init) => globalThis.fetch(url, init)),
    })
    const blog = createBlogService({
      client,
      // The blog's freshness is about real time, not a session's time travel.
      now: () => clock.now().getTime(),
      onError: (error) => app.log.warn({ err: error }, 'the blog did not answer; serving what is kept'),
    })
    registerBlogRoutes(app, { blog })
    return {}
  },
}
