import path from 'node:path'
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger'
import { apiTags } from '@puribox/contract/api-tags'
import { apiErrorSchema, errorCodeSchema } from '@puribox/contract/errors'
import { helpDocumentSchema } from '@puribox/contract/help'
import {
  API_VERSION,
  contractRouteAt,
  errorAnswersOf,
  redirectsRefusedBrowsers,
  type SecuritySchemeName,
  securityOf,
} from '@puribox/contract/openapi'
import type { ApiRoute } from '@puribox/contract/routes'
import { clockSchema } from '@puribox/contract/wrapper'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import { SESSION_COOKIE } from '../modules/sessions/sessions.service'
import { serverRoot } from '../paths'

/**
 * The OpenAPI document at `/openapi.json`, for app teams' generators (decision 0023). Fastify's
 * swagger plugin collects the routes; the contract says, for each route of its table, the
 * operation's id, tag, security and error answers (`packages/contract/src/openapi.ts`), and what a
 * route sends instead of JSON. The checked-in copy is `packages/contract/openapi.json`
 * (`npm run openapi`).
 */

/**
 * Names a schema for the document: it becomes a component that operations refer to, so an app's
 * generator makes one type of it instead of a copy per operation. The name goes into zod's global
 * registry, where `.describe()` keeps the schemas' descriptions too (the transform reads both there).
 */
function nameSchema(schema: z.ZodType, id: string): void {
  const meta = z.globalRegistry.get(schema)
  if (meta?.id !== id) z.globalRegistry.add(schema, { ...meta, id })
}
nameSchema(clockSchema, 'Clock')
nameSchema(apiErrorSchema, 'ApiError')
nameSchema(errorCodeSchema, 'ErrorCode')
nameSchema(helpDocumentSchema, 'HelpDocument')

/** The checked-in copy of the document (`npm run openapi` writes it; a test compares it with the served one). */
export const OPENAPI_DOCUMENT_FILE = path.join(serverRoot, '../packages/contract/openapi.json')

/** The gateway's signature header as the gateway writes it (headers are read case-insensitively). */
export const GATEWAY_SIGNATURE_HEADER = 'PuriBox-Pay-Signature'

const securitySchemes: Record<SecuritySchemeName, OpenAPIV3_1.SecuritySchemeObject> = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session cookie (HttpOnly): set by signing in, and for a guest by the first step that needs a session. Over https (production) its name carries the `__Host-` prefix: `__Host-pbx_session`. A state change (any method but GET) also sends `X-Requested-With`.',
  },
  machineKey: {
    type: 'http',
    scheme: 'bearer',
    description: "A booth machine's key: `Authorization: Bearer <machine key>`.",
  },
  adToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "The caller's ad token (GET /sp/advertisements/token, also in the readable cookie `pbx_ads`): `Authorization: Bearer <token>`. A member's is bound to the session, so it goes with the session cookie.",
  },
  gatewaySignature: {
    type: 'apiKey',
    in: 'header',
    name: GATEWAY_SIGNATURE_HEADER,
    description:
      'The payment gateway signs `<unix seconds>.<raw body>` with the shared notification secret (HMAC-SHA256): `t=<unix seconds>,v1=<hex>`.',
  },
}

const LOCATION = { Location: { type: 'string', description: 'Where the browser goes next.' } }

/** What a route that does not answer JSON sends instead, as swagger takes a response (plain JSON Schema). */
function nonJsonAnswers(route: ApiRoute): Record<string, unknown> {
  const answers: Record<string, unknown> = {}
  if (route.file) {
    answers[200] = {
      description: `The file (${route.file.join(' or ')}).`,
      ...(route.etag ? { headers: { ETag: { type: 'string', description: 'For `If-None-Match`.' } } } : {}),
      content: Object.fromEntries(
        route.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    }
  }
  if (route.etag) {
    answers[304] = { description: 'Not modified: `If-None-Match` names the current ETag.', type: 'null' }
  }
  if (route.redirect) {
    answers[route.redirect] = {
      description: "Redirect to `Location` (the operation's description says where).",
      headers: LOCATION,
      type: 'null',
    }
  }
  if (redirectsRefusedBrowsers(route) && route.redirect !== 303) {
    answers[303] = {
      description:
        'A browser (`Accept: text/html`) the route does not admit goes to sign in (the login page with `next`) or to /web/login/fail?reason=<CODE>; other callers get the JSON refusal.',
      headers: LOCATION,
      type: 'null',
    }
  }
  return answers
}

const STATIC_FILE = {
  ETag: { type: 'string', description: 'For `If-None-Match`.' },
  'Cache-Control': { type: 'string', description: 'How long any cache may keep it.' },
}

const RETRY_AFTER = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' },
}

/** A browser's state change must carry this header (the CSRF guard); a form post names its Origin instead. */
function csrfHeader(route: ApiRoute) {
  const header = z.string().describe('Any value (`XMLHttpRequest`): a cross-site form cannot send it (CSRF).')
  return z.object({ 'X-Requested-With': route.form ? header.optional() : header })
}

type SwaggerSchema = {
  response?: Record<string, unknown>
  [key: string]: unknown
}

/** Swagger's per-route transform: the contract's documentation of the route, then zod to JSON Schema. */
const describeRoute: SwaggerTransform = (input) => {
  const found = contractRouteAt(String(input.route.method), input.url)
  if (!found) return jsonSchemaTransform(input)
  const [name, route] = found
  const schema = input.schema as SwaggerSchema
  const responses: Record<string, unknown> = {}
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    responses[status] = {
      description: 'The wrapper: `entity` is the answer, `error` is null.',
      content: { 'application/json': { schema: answer } },
    }
  }
  if (route.staticJson) {
    responses[200] = {
      description:
        'The static JSON document itself (no wrapper), with `ETag` and `Cache-Control`; the same for every caller.',
      content: { 'application/json': { schema: route.staticJson } },
    }
  }
  for (const answer of errorAnswersOf(route)) {
    responses[answer.status] = {
      description: answer.description,
      content: { 'application/json': { schema: answer.schema } },
    }
  }
  const security = securityOf(route)
  const browserStateChange =
    route.method !== 'GET' && security.some((requirement) => 'session' in requirement)
  const documentation: SwaggerSchema = {
    ...schema,
    operationId: name,
    tags: [route.tag],
    ...(route.description ? { description: route.description } : {}),
    security,
    'x-roles': route.roles,
    ...(browserStateChange ? { headers: csrfHeader(route) } : {}),
    ...(route.multipart ? { body: route.multipart, consumes: ['multipart/form-data'] } : {}),
    ...(route.octetStream
      ? {
          body: z
            .string()
            .meta({ format: 'binary' })
            .describe(
              `The bytes of the chunk, at most ${route.octetStream.maxBytes} (PAYLOAD_TOO_LARGE beyond).`,
            ),
          consumes: ['application/octet-stream'],
        }
      : {}),
    ...(route.form ? { consumes: ['application/json', 'application/x-www-form-urlencoded'] } : {}),
    response: responses,
  }
  const documented = jsonSchemaTransform({ ...input, schema: documentation })
  const transformed = documented.schema as SwaggerSchema
  const response: Record<string, unknown> = { ...nonJsonAnswers(route), ...transformed.response }
  // Swagger takes response headers from the answer itself; the zod transform keeps only its content.
  if (response[429]) response[429] = { ...(response[429] as object), headers: RETRY_AFTER }
  if (route.staticJson && response[200])
    response[200] = { ...(response[200] as object), headers: STATIC_FILE }
  return { ...documented, schema: { ...transformed, response: Object.fromEntries(sortByStatus(response)) } }
}

function sortByStatus(answers: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(answers).sort(([a], [b]) => Number(a) - Number(b))
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete']
const REF = /"#\/components\/schemas\/([^"]+)"/g

/** The named schemas some operation uses (the zod transform also adds an unused input copy of each). */
function usedSchemas(document: OpenAPIV3_1.Document): Record<string, OpenAPIV3_1.SchemaObject> {
  const text = JSON.stringify(document.paths)
  const all = document.components?.schemas ?? {}
  const used = new Set<string>()
  const visit = (name: string) => {
    if (used.has(name) || !all[name]) return
    used.add(name)
    for (const [, inner] of JSON.stringify(all[name]).matchAll(REF)) visit(inner!)
  }
  for (const [, name] of text.matchAll(REF)) visit(name!)
  return Object.fromEntries([...used].sort().map((name) => [name, all[name]!]))
}

/**
 * The document in an order that does not depend on the order routes were registered in: the
 * checked-in copy changes only when the contract does.
 */
function stableDocument(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {}
  for (const path of Object.keys(document.paths ?? {}).sort()) {
    const item = document.paths![path] as Record<string, unknown>
    paths[path] = Object.fromEntries(
      Object.entries(item).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
    )
  }
  const { openapi, info, servers, tags, components } = document
  return {
    openapi,
    info,
    ...(servers ? { servers } : {}),
    ...(tags ? { tags } : {}),
    paths,
    components: { schemas: usedSchemas(document), securitySchemes: components?.securitySchemes ?? {} },
  }
}

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'PuriBox API',
      version: API_VERSION,
      description: [
        'The API of PuriBox: the web app and the native apps call it; booths push their plays; the payment gateway notifies payments.',
        '',
        'Every JSON answer is the wrapper `{ entity, error, clock }`: on success `error` is null; on failure `entity` is null and `error` is `{ code, message }`, with a stable code (each operation lists the codes it can answer, by status; `message` is for developers). `clock` is `{ date }` only while the session time travels.',
        '',
        'Times are `YYYY-MM-DDTHH:mm:ss` in Japan time. A state change (any method but GET) sends `X-Requested-With`; a session cookie comes from signing in. `x-roles` lists who may call an operation: GUEST, MINI and PREMIUM (members), MACHINE (a booth), GATEWAY (the payment gateway).',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'The server this document is served by.' }],
    tags: apiTags.map((tag) => ({ ...tag })),
    components: { securitySchemes },
  },
  transform: describeRoute,
  transformObject: (document) => stableDocument(jsonSchemaTransformObject(document) as OpenAPIV3_1.Document),
}
