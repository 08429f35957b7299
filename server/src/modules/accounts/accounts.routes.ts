import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { registerApiRoute } from '../../http/routes'
import type { AccountService } from './accounts.service'

export function registerAccountRoutes(app: FastifyInstance, deps: { accounts: AccountService }): void {
  registerApiRoute(app, api.accountSelf, async (request) => {
    const { caller } = request
    const accountId = caller.kind === 'member' ? caller.accountId : null
    return ok(request, await deps.accounts.statusOf(accountId, request.now))
  })
}
