import { adminInquiriesApi } from '@puribox/contract/admin-inquiries'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { InquiriesAdminService } from './inquiries-admin.service'

/** The console's routes for inquiries: each hands the operator (the actor) and its input to the service. */
export function registerInquiriesAdminRoutes(
  app: FastifyInstance,
  deps: { admin: InquiriesAdminService },
): void {
  const { admin } = deps
  const api = adminInquiriesApi

  registerApiRoute(app, api.adminInquiries, async (request) =>
    ok(request, await admin.list(request.caller, request.query)),
  )
  registerApiRoute(app, api.adminInquiryAssignees, async (request) =>
    ok(request, await admin.assignees(request.caller)),
  )
  registerApiRoute(app, api.adminInquiry, async (request) =>
    ok(request, await admin.inquiry(request.caller, request.params.inquiryId)),
  )
  registerApiRoute(app, api.adminInquiryAssign, async (request) =>
    ok(request, await admin.assign(request.caller, request.params.inquiryId, request.body)),
  )
  registerApiRoute(app, api.adminInquiryState, async (request) =>
    ok(request, await admin.setState(request.caller, request.params.inquiryId, request.body)),
  )
  registerApiRoute(app, api.adminInquiryReply, async (request) =>
    ok(request, await admin.reply(request.caller, request.params.inquiryId, request.body)),
  )
  registerApiRoute(app, api.adminInquiryNote, async (request) =>
    ok(request, await admin.addNote(request.caller, request.params.inquiryId, request.body)),
  )
}
