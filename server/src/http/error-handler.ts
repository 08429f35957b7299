import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ApiErrorDetails, ErrorCode } from '@puribox/contract/errors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError } from './errors'

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  details: ApiErrorDetails = {},
) {
  return reply
    .status(status)
    .send({ entity: null, error: { code, message, ...details }, clock: request.wireClock ?? null })
}

/** Fastify's own errors, by code, mapped to ours. */
const frameworkErrors: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_FAILED'],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE'],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE'],
  FST_FIELDS_LIMIT: [413, 'PAYLOAD_TOO_LARGE'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_PROTO_VIOLATION: [400, 'VALIDATION_FAILED'],
  // A path the router cannot take apart: bad percent-encoding, a parameter over maxParamLength.
  FST_ERR_BAD_URL: [400, 'VALIDATION_FAILED'],
  FST_ERR_MAX_PARAM_LENGTH: [400, 'VALIDATION_FAILED'],
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a malformed or over-long path)
 * never reach the error handler, and would otherwise answer Fastify's JSON instead of the wrapper.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const mapped = error.code ? frameworkErrors[error.code] : undefined
  if (mapped) return send(request, reply, mapped[0], mapped[1], error.message.slice(0, 300))
  request.log.error({ err: error }, 'framework error')
  return send(request, reply, 500, 'INTERNAL_ERROR', 'internal error')
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it (its
 * headers over 16 KB, a malformed request line, a request that never arrived whole) still gets the
 * wrapper with a contract code, and the security headers, instead of Node's bare status line. The
 * connection is then closed, as the parser cannot go on with it.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  headers: Readonly<Record<string, string>>,
): void {
  if (!socket.writable) return
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'request headers are over 16 KB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'the request did not arrive in time']
        : [400, 'VALIDATION_FAILED', 'malformed HTTP request']
  const body = JSON.stringify({ entity: null, error: { code, message }, clock: null })
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ]
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`)
}

/**
 * Every failure answers the wrapper with a stable code. 5xx never leak details; they are logged.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers)
      return send(request, reply, error.status, error.code, error.message, error.details)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request'
      const detail = error.validation
        .map((issue) => `${issue.instancePath || where}: ${issue.message}`)
        .join('; ')
      return send(request, reply, 400, 'VALIDATION_FAILED', `invalid ${where}: ${detail}`.slice(0, 500))
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema')
      return send(request, reply, 500, 'INTERNAL_ERROR', 'internal error')
    }
    const mapped = error.code ? frameworkErrors[error.code] : undefined
    if (mapped) return send(request, reply, mapped[0], mapped[1], error.message)
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(request, reply, 400, 'INVALID_JSON', 'body is not valid JSON')
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode =
        error.statusCode === 413
          ? 'PAYLOAD_TOO_LARGE'
          : error.statusCode === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : 'VALIDATION_FAILED'
      return send(
        request,
        reply,
        error.statusCode === 413 || error.statusCode === 415 ? error.statusCode : 400,
        code,
        error.message,
      )
    }
    request.log.error({ err: error }, 'unhandled error')
    return send(request, reply, 500, 'INTERNAL_ERROR', 'internal error')
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF: a state-changing request must carry X-Requested-With (which a cross-site form cannot send
 * and a cross-site script cannot send without a CORS preflight we never grant), and, if the browser
 * names an Origin, it must be ours. Booth calls authenticate by bearer key and are exempt.
 */
export function installCsrfGuard(app: FastifyInstance, options: { exemptPrefixes: string[] }): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(csrfProblem(request, options.exemptPrefixes))
  })
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

function csrfProblem(request: FastifyRequest, exemptPrefixes: string[]): AppError | undefined {
  if (SAFE_METHODS.has(request.method)) return
  if (exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return
  const origin = request.headers.origin
  if (request.routeOptions.config.formPost) {
    // A form cannot send X-Requested-With; every browser that posts one names its Origin (older
    // ones at least the Referer). No header at all is refused.
    const from = origin !== undefined ? hostOf(origin) : hostOf(request.headers.referer)
    return from === request.host ? undefined : new AppError('CSRF_REJECTED', 'cross-origin form refused')
  }
  if (!request.headers['x-requested-with']) {
    return new AppError('CSRF_REJECTED', 'X-Requested-With header is required')
  }
  if (origin !== undefined && hostOf(origin) !== request.host) {
    return new AppError('CSRF_REJECTED', 'cross-origin request refused')
  }
}
