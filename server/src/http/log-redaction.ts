import type { FastifyRequest } from 'fastify'

/**
 * Query parameters that carry one-time secrets: the mail link's `token`, and the auth service's
 * `code` and `state` on the OIDC callback. Logs keep the parameter, never its value (DESIGN §7).
 */
const SECRET_PARAMS = /([?&](?:token|code|state)=)[^&#]*/gi

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]')
}

/** Fastify's request log line, with the URL's secrets redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
