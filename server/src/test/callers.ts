import type { GuestCaller, MemberCaller, Membership } from '../http/caller'

/** Callers as `registerApiRoute` hands them to handlers, for tests of services and policies. */

export function buildMemberCaller<M extends Membership = 'MINI'>(
  overrides: Partial<MemberCaller<M>> = {},
): MemberCaller<M> {
  return {
    kind: 'member',
    accountId: 'a3f1c0de-0000-4000-8000-000000000001',
    membership: 'MINI' as M,
    sessionHash: 'hash-of-the-members-session',
    ip: '192.0.2.1',
    ...overrides,
  }
}

export function buildGuestCaller(overrides: Partial<GuestCaller> = {}): GuestCaller {
  return { kind: 'guest', sessionHash: null, ip: '192.0.2.1', otherSite: false, ...overrides }
}
