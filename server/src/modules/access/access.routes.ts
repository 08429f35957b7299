import type { Access } from '@puribox/contract/access'
import { NATIVE_APP_UA_MARKER } from '@puribox/contract/first-load-paths'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import { type CarrierRanges, carrierOverrideSchema } from './carrier-ranges'

/** Whether this request comes from the native app: its user agent marker, or the session flag (?app=1). */
export function isNativeApp(request: FastifyRequest): boolean {
  return (
    (request.headers['user-agent'] ?? '').includes(NATIVE_APP_UA_MARKER) ||
    request.session?.nativeApp === true
  )
}

export function accessOf(
  request: FastifyRequest,
  options: { ranges: CarrierRanges; allowCarrierHeader: boolean },
): Access {
  let carrier = options.ranges.carrierOf(request.ip)
  if (options.allowCarrierHeader) {
    const override = carrierOverrideSchema.safeParse(request.headers['x-puribox-carrier'])
    if (override.success) carrier = override.data
  }
  return { carrier, client: isNativeApp(request) ? 'APPLI' : 'WEB' }
}

export function registerAccessRoutes(
  app: FastifyInstance,
  options: { ranges: CarrierRanges; allowCarrierHeader: boolean },
): void {
  registerApiRoute(app, api.userAccess, async (request) => ok(request, accessOf(request, options)))
}
