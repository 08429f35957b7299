import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * An answer that is the same for everyone (static data, links, blog posts) may be kept by browsers
 * and shared caches for `seconds`. While the caller time travels it carries that caller's clock, so
 * then it is theirs alone and kept by no one.
 */
export function cacheForEveryone(request: FastifyRequest, reply: FastifyReply, seconds: number): void {
  reply.header('cache-control', request.wireClock ? 'private, no-store' : `public, max-age=${seconds}`)
}
