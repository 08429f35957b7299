import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { cacheForEveryone } from '../../http/cache-control'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { BlogService } from './blog.service'

export function registerBlogRoutes(app: FastifyInstance, deps: { blog: BlogService }): void {
  registerApiRoute(app, api.blogPosts, async (request, reply) => {
    const posts = await deps.blog.posts(request.query.category, request.query.count)
    // An empty list may be the blog's hiccup: a browser asks again soon; a full one keeps a minute.
    cacheForEveryone(request, reply, posts.length > 0 ? 60 : 10)
    return ok(request, { posts })
  })
}
