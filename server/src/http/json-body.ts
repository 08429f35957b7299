import type { FastifyInstance } from 'fastify'
import { AppError } from './errors'

/** Whether a parsed JSON value holds a string with NUL in it, at any depth. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(holdsNul)
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsNul)
  return false
}

/**
 * JSON bodies as Fastify parses them by default (secure-json-parse: `__proto__` and `constructor`
 * keys refused), except that a string holding NUL (U+0000) is refused as VALIDATION_FAILED. No
 * text of ours may hold one, and PostgreSQL stores none in `text` or `jsonb`: an inquiry or a file
 * name with one answered 500 (found by the contract fuzz). A body is walked only when its text has
 * the escape a NUL must be written with in JSON.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = String(raw)
    parse(request, body, (error, value) => {
      if (error) return done(error)
      if (body.includes('\\u0000') && holdsNul(value)) {
        return done(new AppError('VALIDATION_FAILED', 'text may not hold a NUL character'))
      }
      done(null, value)
    })
  })
}
