import type { Access } from '@puribox/contract/access'
import type { FastifyRequest } from 'fastify'
import type { AppModule } from '../module'
import { accessOf, registerAccessRoutes } from './access.routes'
import { loadCarrierRanges } from './carrier-ranges'

declare module '../module' {
  interface Services {
    /** Where a request comes from: its carrier (by IP range) and whether it is the native app. */
    access: { accessOf(request: FastifyRequest): Access }
  }
}

export const accessModule: AppModule = {
  name: 'access',
  register({ app, config, carrierRanges }) {
    const ranges = carrierRanges ?? loadCarrierRanges(config.carrierIpRangesFile)
    // Outside production a header may say the carrier, so testers reach carrier billing from anywhere.
    const options = { ranges, allowCarrierHeader: !config.production }
    registerAccessRoutes(app, options)
    return { provides: { access: { accessOf: (request) => accessOf(request, options) } } }
  },
}
