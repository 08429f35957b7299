import { describe, expect, it } from 'vitest'
import { errorCodes, errorMeanings, errorStatus } from './errors'
import {
  contractRouteAt,
  errorAnswersOf,
  errorCodesOf,
  redirectsRefusedBrowsers,
  securityOf,
} from './openapi'
import { type ApiRoute, api } from './routes'

const routes = Object.entries(api) as Array<[string, ApiRoute]>

describe('the route table, as the OpenAPI document needs it', () => {
  it.each(routes)('%s: its summary is one sentence', (_name, route) => {
    expect(route.summary).toMatch(/^[A-Z"].*\.$/)
    expect(route.summary).not.toMatch(/[.;!?]\s+[A-Z]/)
  })

  it.each(routes)('%s: says what it sends when it is not JSON', (_name, route) => {
    const ways = [route.response, route.redirect, route.file, route.staticJson].filter(
      (way) => way !== undefined,
    )
    expect(ways).toHaveLength(1)
    if (route.etag) expect(route.file ?? route.staticJson).toBeDefined()
    if (route.multipart) expect(route.method).not.toBe('GET')
  })

  it.each(routes)('%s: lists only its own errors, each once', (_name, route) => {
    const own = route.errors ?? []
    expect(new Set(own).size).toBe(own.length)
    const ofItsKind = errorCodesOf({ ...route, errors: [] })
    expect(own.filter((code) => ofItsKind.includes(code))).toEqual([])
  })

  it('has a meaning for every error code, in a sentence', () => {
    for (const code of errorCodes) expect(errorMeanings[code], code).toMatch(/^[A-Z`].*\.$/)
  })
})

describe('securityOf', () => {
  it('asks nothing or the session cookie of routes a guest may call, the cookie of members’ routes', () => {
    expect(securityOf(api.seal)).toEqual([{}, { session: [] }])
    expect(securityOf(api.register)).toEqual([{}, { session: [] }])
    expect(securityOf(api.profile)).toEqual([{ session: [] }])
  })

  it('asks a booth for its machine key and the gateway for its signature', () => {
    expect(securityOf(api.boothPlay)).toEqual([{ machineKey: [] }])
    expect(securityOf(api.paymentNotification)).toEqual([{ gatewaySignature: [] }])
  })
})

describe('errorCodesOf', () => {
  it("adds what the guards answer to a route's own codes, sorted by status", () => {
    expect(errorCodesOf(api.register)).toEqual([
      'VALIDATION_FAILED',
      'INVALID_JSON',
      'PASSWORD_INVALID',
      'POLICY_KIND_UNKNOWN',
      'POLICY_VERSION_UNKNOWN',
      'POLICY_AGREEMENT_INCOMPLETE',
      'CSRF_REJECTED',
      'ALREADY_SIGNED_IN',
      'VERIFICATION_NOT_FOUND',
      'REQUEST_TIMEOUT',
      'MAIL_ADDRESS_TAKEN',
      'VERIFICATION_INCOMPLETE',
      'POLICY_VERSION_OUTDATED',
      'VERIFICATION_EXPIRED',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'HEADERS_TOO_LARGE',
      'INTERNAL_ERROR',
    ])
    expect(errorCodesOf(api.profile)).toEqual([
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'REQUEST_TIMEOUT',
      'HEADERS_TOO_LARGE',
      'INTERNAL_ERROR',
    ])
  })

  it('answers FORBIDDEN to a member the route does not admit', () => {
    const premiumOnly: ApiRoute = { ...api.profile, roles: ['PREMIUM'] }
    expect(errorCodesOf(premiumOnly)).toEqual([
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'REQUEST_TIMEOUT',
      'HEADERS_TOO_LARGE',
      'INTERNAL_ERROR',
    ])
  })

  it("checks a booth's key and the gateway's signature instead of a session, and no CSRF header", () => {
    const booth = errorCodesOf(api.boothPlay)
    expect(booth).toContain('MACHINE_KEY_INVALID')
    expect(booth).not.toContain('CSRF_REJECTED')
    expect(booth).not.toContain('UNAUTHENTICATED')
    const gateway = errorCodesOf(api.paymentNotification)
    expect(gateway).toContain('PAYMENT_SIGNATURE_INVALID')
    expect(gateway).not.toContain('CSRF_REJECTED')
    expect(gateway).not.toContain('UNAUTHENTICATED')
    // The gateway's body is read as text, for its signature: the route parses it itself.
    expect(gateway).not.toContain('INVALID_JSON')
  })
})

describe('errorAnswersOf', () => {
  it('answers each status once, with the codes of that status', () => {
    const answers = errorAnswersOf(api.seal)
    expect(answers.map((answer) => answer.status)).toEqual([400, 403, 404, 405, 408, 410, 429, 431, 500])
    for (const answer of answers) {
      for (const code of answer.codes) expect(errorStatus[code]).toBe(answer.status)
    }
    expect(answers.find((answer) => answer.status === 404)?.codes).toEqual(['SEAL_NOT_FOUND'])
  })

  it('takes the wrapper of a listed code and refuses any other code', () => {
    const forbidden = errorAnswersOf(api.seal).find((answer) => answer.status === 403)!
    const wrapper = (code: string) => ({ entity: null, error: { code, message: 'x' }, clock: null })
    expect(forbidden.schema.safeParse(wrapper('PURIGET_PENALTY_RED')).success).toBe(true)
    expect(forbidden.schema.safeParse(wrapper('CSRF_REJECTED')).success).toBe(false)
    expect(forbidden.description).toContain('- `PURIGET_PENALTY_RED`: ')
  })
})

describe('the routes a browser opens as pages', () => {
  it('send a browser they do not admit on with a 303, when anyone can be refused', () => {
    expect(redirectsRefusedBrowsers(api.lineLink)).toBe(true)
    expect(redirectsRefusedBrowsers(api.savedImage)).toBe(true)
    expect(redirectsRefusedBrowsers(api.afterLogin)).toBe(false)
    expect(redirectsRefusedBrowsers(api.profile)).toBe(false)
  })
})

describe('contractRouteAt', () => {
  it('finds the route served at a method and path, with its name', () => {
    expect(contractRouteAt('GET', '/sp/2/seals/:id')).toEqual(['seal', api.seal])
    expect(contractRouteAt('POST', '/sp/2/seals/:id')).toBeUndefined()
  })
})
