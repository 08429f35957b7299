import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { InquiriesService } from './inquiries.service'

export function registerInquiriesRoutes(app: FastifyInstance, deps: { inquiries: InquiriesService }): void {
  const { inquiries } = deps

  registerApiRoute(app, api.inquirySend, async (request) =>
    ok(request, await inquiries.send(request.body, request.caller, request.now)),
  )

  registerApiRoute(app, api.inquiryCheck, async (request) =>
    ok(request, await inquiries.check(request.body, request.caller, request.now)),
  )
}
