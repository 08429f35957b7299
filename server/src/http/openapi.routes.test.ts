import { readFileSync } from 'node:fs'
import { errorAnswersOf } from '@puribox/contract/openapi'
import { api } from '@puribox/contract/routes'
import { describe, expect, it } from 'vitest'
import { SIGNATURE_HEADER } from '../modules/payments/signature'
import { SESSION_COOKIE } from '../modules/sessions/sessions.service'
import { useTestApp } from '../test/harness'
import { GATEWAY_SIGNATURE_HEADER, OPENAPI_DOCUMENT_FILE } from './openapi'

interface Schema {
  format?: string
  enum?: string[]
  properties?: Record<string, Schema>
}

interface Operation {
  operationId?: string
  tags?: string[]
  summary?: string
  security?: Array<Record<string, string[]>>
  parameters?: Array<{ in: string; name: string; required?: boolean }>
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<
    string,
    {
      description: string
      headers?: Record<string, unknown>
      content?: Record<string, { schema: Schema }>
    }
  >
}

interface Document {
  info: { version?: string }
  servers?: unknown[]
  tags: Array<{ name: string; description?: string }>
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> }
}

const operationOf = (document: Document, route: { method: string; path: string }) =>
  document.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!

describe('the OpenAPI document (decision 0023)', () => {
  const ctx = useTestApp()
  const served = async () => (await ctx().app.inject({ url: '/openapi.json' })).json() as Document

  it('is the checked-in packages/contract/openapi.json', async () => {
    const document = await served()
    const checkedIn = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8'))
    const stale =
      'packages/contract/openapi.json is not what GET /openapi.json serves: run `npm run openapi` and commit the file'
    expect(checkedIn, stale).toEqual(document)
    expect(
      JSON.stringify(checkedIn) === JSON.stringify(document),
      `${stale} (its keys are in another order)`,
    ).toBe(true)
  })

  it('gives every operation of the contract its name, a declared tag, declared security and its error answers', async () => {
    const document = await served()
    const tags = document.tags.map((tag) => tag.name)
    const schemes = Object.keys(document.components.securitySchemes)
    for (const [name, route] of Object.entries(api)) {
      const operation = operationOf(document, route)
      expect(operation.operationId, name).toBe(name)
      expect(operation.tags, name).toEqual([route.tag])
      expect(tags, name).toContain(route.tag)
      expect(operation.security?.length, name).toBeGreaterThan(0)
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(schemes, name).toContain(scheme)
      }
      for (const answer of errorAnswersOf(route)) {
        const documented = operation.responses[answer.status]?.content?.['application/json']?.schema
        expect(documented?.properties?.error?.properties?.code?.enum, `${name} ${answer.status}`).toEqual(
          answer.codes,
        )
      }
    }
    for (const tag of document.tags) expect(tag.description, tag.name).toBeTruthy()
  })

  it('names the cookie, the bearer key and the signature header the server reads', async () => {
    const { securitySchemes } = (await served()).components
    expect(securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE })
    expect(securitySchemes.machineKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(securitySchemes.gatewaySignature).toMatchObject({ type: 'apiKey', in: 'header' })
    expect(GATEWAY_SIGNATURE_HEADER.toLowerCase()).toBe(SIGNATURE_HEADER)
  })

  it('says who may call: guests and members, members, a booth, the gateway', async () => {
    const document = await served()
    expect(operationOf(document, api.login).security).toEqual([{}, { session: [] }])
    expect(operationOf(document, api.profile).security).toEqual([{ session: [] }])
    expect(operationOf(document, api.boothPlay).security).toEqual([{ machineKey: [] }])
    expect(operationOf(document, api.paymentNotification).security).toEqual([{ gatewaySignature: [] }])
  })

  it('describes what the routes that do not answer JSON send, and what the multipart ones take', async () => {
    const document = await served()
    const zip = operationOf(document, api.playZip).responses[200]!
    expect(zip.content?.['application/zip']?.schema.format).toBe('binary')
    const picture = operationOf(document, api.savedImage).responses
    expect(Object.keys(picture[200]!.content ?? {})).toEqual(['image/jpeg', 'image/webp'])
    expect(picture[304]).toBeDefined()
    expect(operationOf(document, api.afterLogin).responses[303]?.headers).toHaveProperty('Location')
    // A browser a members' page refuses goes to sign in.
    expect(operationOf(document, api.lineLink).responses[303]?.headers).toHaveProperty('Location')
    expect(operationOf(document, api.lineLink).responses[302]?.headers).toHaveProperty('Location')

    const upload = operationOf(document, api.profileImageUpload).requestBody?.content['multipart/form-data']
    expect(upload?.schema.properties?.image?.format).toBe('binary')
    const play = operationOf(document, api.boothPlay).requestBody?.content['multipart/form-data']
    expect(Object.keys(play?.schema.properties ?? {})).toEqual(['meta'])
  })

  it('tells a browser state change to send X-Requested-With, and a booth not', async () => {
    const document = await served()
    const header = (operation: Operation) =>
      operation.parameters?.find(
        (parameter) => parameter.in === 'header' && parameter.name === 'X-Requested-With',
      )
    expect(header(operationOf(document, api.login))?.required).toBe(true)
    expect(header(operationOf(document, api.sendRegisterMailFromForm))?.required).toBe(false)
    expect(header(operationOf(document, api.boothPlay))).toBeUndefined()
    expect(header(operationOf(document, api.profile))).toBeUndefined()
    expect(operationOf(document, api.seal).responses[429]?.headers).toHaveProperty('Retry-After')
  })
})
