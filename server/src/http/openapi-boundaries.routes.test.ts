import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/harness'
import { createRouteWorld, type RouteWorld } from '../test/route-fixtures'

/**
 * The API as an independent fuzzer sees it (Schemathesis, RESTler): from `/openapi.json` alone,
 * every operation gets each of its document's own boundary violations — one over a maximum length
 * or value, under a minimum, outside an enum or a pattern, of the wrong type, a required value left
 * out — one at a time, with everything else valid. Each must be refused with a 4xx the document
 * lists for that operation, in the wrapper, with a code the document lists for that status. A rule
 * the document states but the server does not keep, or a refusal the document does not name,
 * fails here.
 */

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  default?: unknown
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: JsonSchema
}

interface Operation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
  'x-roles': string[]
}

type Document = {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

function resolve(document: Document, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  const name = schema.$ref.split('/').at(-1) ?? ''
  return resolve(document, document.components?.schemas?.[name] ?? {})
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type
}

/** Strings that fit the common patterns and formats, tried in order for a valid value. */
const CANDIDATES = ['ABCDE12345', 'hana@example.jp', 'a', '1', 'x'.repeat(10)]

/** A value the schema admits, or undefined when none is found (the part is then left out). */
function validValue(document: Document, given: JsonSchema): unknown {
  const schema = resolve(document, given)
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum) return schema.enum[0]
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0]
  if (option) return validValue(document, option)
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'uuid') return randomUUID()
      if (schema.format === 'email') return 'hana@example.jp'
      const fits = (value: string) =>
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(value)) &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY)
      return [...CANDIDATES, 'a'.repeat(schema.minLength ?? 1)].find(fits)
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 0), schema.maximum ?? Number.POSITIVE_INFINITY)
    case 'boolean':
      return false
    case 'array':
      return schema.minItems
        ? Array.from({ length: schema.minItems }, () => validValue(document, schema.items ?? {}))
        : []
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const name of schema.required ?? []) {
        value[name] = validValue(document, schema.properties?.[name] ?? {})
      }
      return value
    }
    default:
      return undefined
  }
}

/** The document's own boundary violations of one value: what each constraint rules out. */
function violations(document: Document, given: JsonSchema, asText: boolean): Array<[string, unknown]> {
  const schema = resolve(document, given)
  const found: Array<[string, unknown]> = []
  const type = typeOf(schema)
  if (schema.enum) found.push(['outside its enum', 'NOT-ONE-OF-THEM'])
  if (type === 'string') {
    if (schema.maxLength !== undefined)
      found.push([`over maxLength ${schema.maxLength}`, 'a'.repeat(schema.maxLength + 1)])
    if (schema.minLength)
      found.push([`under minLength ${schema.minLength}`, 'a'.repeat(schema.minLength - 1)])
    if (schema.pattern) found.push(['outside its pattern', '<>'])
    if (!asText) found.push(['a number for a string', 12345])
  }
  if (type === 'integer' || type === 'number') {
    if (schema.maximum !== undefined) found.push([`over maximum ${schema.maximum}`, schema.maximum + 1])
    if (schema.minimum !== undefined) found.push([`under minimum ${schema.minimum}`, schema.minimum - 1])
    if (type === 'integer') found.push(['a fraction for an integer', 1.5])
    found.push(['text for a number', 'abc'])
  }
  if (type === 'array' && schema.maxItems !== undefined) {
    const item = validValue(document, schema.items ?? {})
    if (item !== undefined)
      found.push([`over maxItems ${schema.maxItems}`, Array(schema.maxItems + 1).fill(item)])
  }
  if (type === 'boolean' && !asText) found.push(['text for a boolean', 'yes'])
  return found
}

interface Case {
  operation: string
  method: string
  path: string
  what: string
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: Record<string, unknown> | undefined
}

function casesOf(document: Document): Case[] {
  const cases: Case[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const parameters = operation.parameters ?? []
      const base = (where: 'path' | 'query') =>
        Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === where && (where === 'path' || parameter.required))
            .map((parameter) => [parameter.name, validValue(document, parameter.schema)]),
        )
      const jsonBody = operation.requestBody?.content['application/json']?.schema
      const bodySchema = jsonBody ? resolve(document, jsonBody) : undefined
      const body = bodySchema ? (validValue(document, bodySchema) as Record<string, unknown>) : undefined
      const add = (what: string, change: Partial<Pick<Case, 'params' | 'query' | 'body'>>) =>
        cases.push({
          operation: operation.operationId,
          method: method.toUpperCase(),
          path,
          what,
          params: base('path'),
          query: base('query'),
          body,
          ...change,
        })
      for (const parameter of parameters) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue
        const where = parameter.in === 'path' ? 'params' : 'query'
        for (const [what, value] of violations(document, parameter.schema, true)) {
          add(`${parameter.in} ${parameter.name}: ${what}`, {
            [where]: { ...base(parameter.in), [parameter.name]: value },
          })
        }
        if (parameter.in === 'query' && parameter.required) {
          const { [parameter.name]: _left, ...rest } = base('query')
          add(`query ${parameter.name}: left out`, { query: rest })
        }
      }
      for (const [name, property] of Object.entries(bodySchema?.properties ?? {})) {
        for (const [what, value] of violations(document, property, false)) {
          add(`body ${name}: ${what}`, { body: { ...body, [name]: value } })
        }
        if (bodySchema?.required?.includes(name)) {
          const { [name]: _left, ...rest } = body ?? {}
          add(`body ${name}: left out`, { body: rest })
        }
      }
    }
  }
  return cases
}

function urlOf(test: Case): string {
  const path = test.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
    encodeURIComponent(String(test.params[name] ?? '')),
  )
  const query = new URLSearchParams(
    Object.entries(test.query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]): [string, string] => [name, String(value)]),
  ).toString()
  return query ? `${path}?${query}` : path
}

/** Who calls: someone the operation admits, so that the violation, not the role guard, answers. */
function cookieFor(world: RouteWorld, roles: readonly string[]): string | undefined {
  if (roles.includes('MINI')) return world.owner.cookie
  if (roles.includes('PREMIUM')) return world.premium.cookie
  if (roles.includes('JHS_PREMIUM')) return world.jhs.cookie
  return undefined
}

describe('the OpenAPI document as a fuzzer reads it: every boundary it states is kept', () => {
  const ctx = useTestApp()
  let world: RouteWorld
  beforeEach(async () => {
    world = await createRouteWorld(ctx())
  })

  it('refuses each violation with a 4xx and a code the document lists for the operation', async () => {
    const document = (await ctx().app.inject({ url: '/openapi.json' })).json() as Document
    const cases = casesOf(document)
    expect(cases.length).toBeGreaterThan(150)
    const wrong: string[] = []
    for (const test of cases) {
      const operation = document.paths[test.path]![test.method.toLowerCase()]!
      const cookie = cookieFor(world, operation['x-roles'])
      const response: LightMyRequestResponse = await ctx().app.inject({
        method: test.method as 'GET',
        url: urlOf(test),
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(test.method === 'GET' ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
        },
        ...(test.body !== undefined ? { payload: test.body } : {}),
      })
      const status = response.statusCode
      const listed = operation.responses[String(status)]
      const code = response.headers['content-type']?.toString().includes('json')
        ? (response.json() as { error?: { code?: string } }).error?.code
        : undefined
      const codes = listed?.content?.['application/json']?.schema
      const allowed = codes ? JSON.stringify(resolve(document, codes)) : ''
      const fine =
        status >= 400 &&
        status < 500 &&
        listed !== undefined &&
        code !== undefined &&
        allowed.includes(`"${code}"`)
      if (!fine)
        wrong.push(
          `${test.method} ${urlOf(test).slice(0, 80)} (${test.operation}, ${test.what}) → ${status} ${code ?? response.body.slice(0, 80)}`,
        )
    }
    expect(wrong).toEqual([])
  }, 120_000)
})
