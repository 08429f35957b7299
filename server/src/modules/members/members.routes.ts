import { adminMembersApi } from '@puribox/contract/admin-members'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { MembersService } from './members.service'

/** The console's routes for members: each hands the operator (the actor) and its input to the service. */
export function registerMembersRoutes(app: FastifyInstance, deps: { members: MembersService }): void {
  const { members } = deps
  const api = adminMembersApi

  registerApiRoute(app, api.adminMembers, async (request) =>
    ok(request, await members.find(request.caller, request.query)),
  )
  registerApiRoute(app, api.adminMember, async (request) =>
    ok(request, await members.member(request.caller, request.params.accountId)),
  )
  registerApiRoute(app, api.adminMemberSeals, async (request) =>
    ok(request, await members.seals(request.caller, request.params.accountId, request.query)),
  )
  registerApiRoute(app, api.adminMemberPurigetPenaltySet, async (request) =>
    ok(request, await members.setPurigetRed(request.caller, request.params.accountId, request.body)),
  )
  registerApiRoute(app, api.adminMemberPurigetPenaltyClear, async (request) =>
    ok(request, await members.clearPuriget(request.caller, request.params.accountId, request.body)),
  )
  registerApiRoute(app, api.adminMemberSnsPenaltySet, async (request) =>
    ok(request, await members.setSns(request.caller, request.params.accountId, request.body)),
  )
  registerApiRoute(app, api.adminMemberSnsPenaltyClear, async (request) =>
    ok(request, await members.clearSns(request.caller, request.params.accountId, request.body)),
  )
  registerApiRoute(app, api.adminMemberSignOut, async (request) =>
    ok(request, await members.signOut(request.caller, request.params.accountId, request.body)),
  )
  registerApiRoute(app, api.adminMemberDelete, async (request) =>
    ok(request, await members.delete(request.caller, request.params.accountId, request.body)),
  )
}
