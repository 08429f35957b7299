import type { MemberDetail, MemberSummary } from '@puribox/contract/admin-members'
import type { ConsoleRole } from '@puribox/contract/routes'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { wrapperResponse } from '../../../testing/render'
import { signedInOperator } from '../../testing/render-console'

/** The members routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const MEMBERS_API = '/admin/api/members'
export const ACCOUNT_ID = '0192f0c4-0000-7000-8000-00000000a001'
export const OTHER_ID = '0192f0c4-0000-7000-8000-00000000a002'
export const MEMBER_API = `${MEMBERS_API}/${ACCOUNT_ID}`

export function memberSummary(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: ACCOUNT_ID,
    mailAddress: 'hana@example.jp',
    membership: 'PREMIUM',
    official: false,
    // 10:00 in Japan.
    registeredAt: '2026-04-01T01:00:00.000Z',
    snsPenalty: null,
    purigetPenalty: 'GREEN',
    ...overrides,
  }
}

export function memberDetail(overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    account: {
      id: ACCOUNT_ID,
      mailAddress: 'hana@example.jp',
      official: false,
      registeredAt: '2026-04-01T01:00:00.000Z',
      membership: 'PREMIUM',
      premiumUntil: '2026-12-01T00:00:00.000Z',
      schoolPremiumUntil: null,
    },
    profile: { nickname: 'はな', birthday: '2008-05-05' },
    signIn: { password: true, identities: [{ provider: 'line', linkedAt: '2026-05-01T03:00:00.000Z' }] },
    subscriptions: [
      {
        id: 'sub_0001',
        gatewayRef: 'gw-778899',
        kind: 'CREDIT',
        plan: 'credit',
        trial: false,
        status: 'ACTIVE',
        renewing: true,
        priceYen: 330,
        createdAt: '2026-10-01T01:00:00.000Z',
        lastPaidAt: '2026-11-01T01:00:00.000Z',
        paidUntil: '2026-12-01T00:00:00.000Z',
        graceUntil: null,
      },
    ],
    sessions: [
      {
        id: 'session-1',
        device: 'iPhone Safari',
        signedInAt: '2026-11-18T01:00:00.000Z',
        lastUsedAt: '2026-11-20T02:45:00.000Z',
      },
    ],
    penalties: {
      puriget: { penalty: 'GREEN', yellowUntil: null, decision: null },
      sns: { penalty: null, decision: null },
    },
    seals: {
      total: 2,
      seals: [
        { sealId: 'ABCDE12345', savedAt: '2026-11-19T10:00:00.000Z', pictures: 4 },
        { sealId: 'FGHJK67890', savedAt: '2026-11-10T10:00:00.000Z', pictures: 1 },
      ],
      next: null,
    },
    ...overrides,
  }
}

/** A decision as the server keeps it, made by the tests' other operator. */
export function decision<R extends string>(reason: R, note: string | null = null) {
  return {
    reason,
    note,
    decidedAt: '2026-11-20T01:30:00.000Z',
    decidedBy: {
      kind: 'operator' as const,
      operatorId: '0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c00',
      operatorMailAddress: 'ren@puribox.example',
      job: null,
    },
  }
}

/** An answer carrying this entity. */
export const answer = (entity: unknown) => () => wrapperResponse({ entity })

/** A refusal with this code (and the status the server gives it). */
export const refusal = (code: string, status: number) => () =>
  wrapperResponse({ error: { code, message: code } }, status)

/** The console's API signed in as an operator of `role`, with the members routes given. */
export function stubMembersApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'ADMIN') {
  return mockApi({ 'GET /admin/api/session': answer(signedInOperator(role)), ...handlers })
}
