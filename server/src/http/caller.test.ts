import type { api, EVERYONE, GUESTS, MEMBERS } from '@puribox/contract/routes'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Session } from '../modules/sessions/sessions.service'
import {
  type CallerFor,
  type GatewayCaller,
  type GuestCaller,
  type MachineCaller,
  type MemberCaller,
  personOf,
  roleOf,
} from './caller'
import type { HandlerRequest } from './routes'

const IP = '192.0.2.7'

function session(fields: Partial<Session>): Session {
  return {
    idHash: 'session-hash',
    accountId: null,
    premiumUntil: null,
    schoolPremiumUntil: null,
    nativeApp: false,
    timeTravelTo: null,
    role: 'GUEST',
    ...fields,
  }
}

describe('personOf: the person a session makes', () => {
  it('no session is a guest without one', () => {
    expect(personOf(null, IP, false)).toEqual({ kind: 'guest', sessionHash: null, ip: IP, otherSite: false })
  })

  it("a guest's session (time travel, a proved address) is a guest who has one", () => {
    expect(personOf(session({}), IP, true)).toEqual({
      kind: 'guest',
      sessionHash: 'session-hash',
      ip: IP,
      otherSite: true,
    })
  })

  it("a member's session is a member of the session's membership", () => {
    for (const role of ['MINI', 'PREMIUM'] as const) {
      const caller = personOf(session({ accountId: 'account-1', role }), IP, false)
      expect(caller).toEqual({
        kind: 'member',
        accountId: 'account-1',
        membership: role,
        sessionHash: 'session-hash',
        ip: IP,
      })
      expect(roleOf(caller)).toBe(role)
    }
  })

  it('a session without an account (the account is gone) is a guest, whatever it says', () => {
    const caller = personOf(session({ accountId: null, role: 'MINI' }), IP, false)
    expect(caller.kind).toBe('guest')
    expect(roleOf(caller)).toBe('GUEST')
  })
})

describe("a route's caller type, from its roles", () => {
  it('is exactly what the roles admit', () => {
    expectTypeOf<CallerFor<typeof GUESTS>>().toEqualTypeOf<GuestCaller>()
    expectTypeOf<CallerFor<typeof MEMBERS>>().toEqualTypeOf<
      MemberCaller<'MINI'> | MemberCaller<'PREMIUM'> | MemberCaller<'JHS_PREMIUM'>
    >()
    expectTypeOf<CallerFor<typeof EVERYONE>>().toEqualTypeOf<
      GuestCaller | MemberCaller<'MINI'> | MemberCaller<'PREMIUM'> | MemberCaller<'JHS_PREMIUM'>
    >()
    expectTypeOf<CallerFor<readonly ['PREMIUM']>>().toEqualTypeOf<MemberCaller<'PREMIUM'>>()
    expectTypeOf<CallerFor<readonly ['MACHINE']>>().toEqualTypeOf<MachineCaller>()
    expectTypeOf<CallerFor<readonly ['GATEWAY']>>().toEqualTypeOf<GatewayCaller>()
  })

  it("is what the contract's routes hand their handlers: a members-only handler never sees a guest", () => {
    expectTypeOf<HandlerRequest<typeof api.profile>['caller']['kind']>().toEqualTypeOf<'member'>()
    expectTypeOf<HandlerRequest<typeof api.register>['caller']>().toEqualTypeOf<GuestCaller>()
    expectTypeOf<HandlerRequest<typeof api.seal>['caller']['kind']>().toEqualTypeOf<'guest' | 'member'>()
    expectTypeOf<HandlerRequest<typeof api.boothPlay>['caller']>().toEqualTypeOf<MachineCaller>()
    expectTypeOf<HandlerRequest<typeof api.paymentNotification>['caller']>().toEqualTypeOf<GatewayCaller>()
  })
})
