import { EVERYONE, GUESTS, MEMBERS, type Role } from '@puribox/contract/routes'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { AppError } from './errors'
import { roleGuard } from './routes'

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
