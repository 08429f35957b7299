import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/**
 * Query parameters that carry one-time secrets: the mail link's `token`, and the auth service's
 * `code` and `state` on the OIDC callback. Logs keep the parameter, never its value: a log is read by more people than the secret is meant for.
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

/**
 * The access log (decision 0053): one line per answer, when it has been sent, with the request (its
 * URL's secrets redacted, `serializeRequest`), the status and the time taken. Fastify's own request
 * logging writes two lines, one as the request arrives and one when answered, each a write to
 * standard output: at the default level that cost a trivial route about 40 % of its requests a
 * second. Fastify calls `requestCompleted` for every answer but the router's own refusals, whose
 * handler (`frameworkErrors`, app.ts) calls it itself.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
