import { EVERYONE, GUESTS, MEMBERS, type Role } from '@puribox/contract/routes'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { AppError } from './errors'
import { installWarmUps, pageRoleGuard, roleGuard } from './routes'

function outcome(roles: readonly Role[], role: 'GUEST' | 'MINI' | 'PREMIUM' | null): string {
  const request = { session: role === null ? null : { role } } as unknown as FastifyRequest
  let result = 'not called'
  roleGuard(roles)(request, {} as FastifyReply, (error) => {
    result = error ? (error as AppError).code : 'admitted'
  })
  return result
}

describe('roleGuard', () => {
  it('admits exactly the roles a route declares', () => {
    expect(outcome(EVERYONE, null)).toBe('admitted')
    expect(outcome(EVERYONE, 'PREMIUM')).toBe('admitted')
    expect(outcome(MEMBERS, 'MINI')).toBe('admitted')
    expect(outcome(GUESTS, 'GUEST')).toBe('admitted')
  })

  it('tells a guest to sign in, a member on a guests-only route to sign out, anyone else no', () => {
    expect(outcome(MEMBERS, null)).toBe('UNAUTHENTICATED')
    expect(outcome(MEMBERS, 'GUEST')).toBe('UNAUTHENTICATED')
    expect(outcome(GUESTS, 'MINI')).toBe('ALREADY_SIGNED_IN')
    expect(outcome(['PREMIUM'], 'MINI')).toBe('FORBIDDEN')
  })

  it('answers with the statuses of the contract', () => {
    expect(new AppError('UNAUTHENTICATED').status).toBe(401)
    expect(new AppError('ALREADY_SIGNED_IN').status).toBe(403)
    expect(new AppError('FORBIDDEN').status).toBe(403)
  })
})

describe('pageRoleGuard', () => {
  function open(roles: readonly Role[], role: 'MINI' | null, accept: string) {
    const request = {
      session: role === null ? null : { role },
      headers: { accept },
      url: '/sp/2/link/line/puriboxauth?acp=%2Fsp%2Fsetting%2Fsetting',
    } as unknown as FastifyRequest
    let redirectedTo: string | null = null
    let result = 'not called'
    const reply = {
      redirect: (to: string, status: number) => {
        redirectedTo = `${status} ${to}`
        return reply
      },
    } as unknown as FastifyReply
    pageRoleGuard(roles)(request, reply, (error) => {
      result = error ? (error as AppError).code : 'admitted'
    })
    return { result, redirectedTo }
  }

  it('sends a browser guest to sign in and back, instead of JSON', () => {
    expect(open(MEMBERS, null, 'text/html,application/xhtml+xml')).toEqual({
      result: 'not called',
      redirectedTo:
        '303 /web/login/top?next=%2Fsp%2F2%2Flink%2Fline%2Fpuriboxauth%3Facp%3D%252Fsp%252Fsetting%252Fsetting',
    })
  })

  it('explains a member on a guests-only page on the failure page', () => {
    expect(open(GUESTS, 'MINI', 'text/html')).toEqual({
      result: 'not called',
      redirectedTo: '303 /web/login/fail?reason=ALREADY_SIGNED_IN',
    })
  })

  it('answers API callers and admitted browsers as roleGuard does', () => {
    expect(open(MEMBERS, null, 'application/json')).toEqual({ result: 'UNAUTHENTICATED', redirectedTo: null })
    expect(open(MEMBERS, 'MINI', 'text/html')).toEqual({ result: 'admitted', redirectedTo: null })
  })
})

describe('installWarmUps', () => {
  it("calls a route's warm with its raw params before the hooks installed after it (the session lookup)", async () => {
    const app = Fastify()
    const order: string[] = []
    installWarmUps(app)
    app.addHook('onRequest', async () => {
      order.push('session')
    })
    app.get(
      '/seals/:id',
      { config: { warm: (request) => order.push(`warm ${(request.params as { id: string }).id}`) } },
      async () => {
        order.push('handler')
        return {}
      },
    )
    app.get('/plain', async () => ({}))
    await app.inject('/seals/abc')
    await app.inject('/plain')
    expect(order).toEqual(['warm abc', 'session', 'handler', 'session'])
    await app.close()
  })
})
