import type { AdminSeal } from '@puribox/contract/admin-seals'
import type { ConsoleRole } from '@puribox/contract/routes'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { wrapperResponse } from '../../../testing/render'
import { signedInOperator } from '../../testing/render-console'

/** The seals routes as the tests stub them (`METHOD /path`). */
export const SEAL_ID = 'ABCDE12345'
export const SEAL_API = `/admin/api/seals/${SEAL_ID}`
export const MINI_ID = '0192f0c4-0000-7000-8000-00000000acc1'
export const PREMIUM_ID = '0192f0c4-0000-7000-8000-00000000acc2'
export const OPERATOR_ID = '0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d'

const picture = (number: number) => ({
  number,
  isRawPuri: number === 3,
  rawPuriImageNumber: number === 3 ? 1 : null,
  isProofSample: false,
  thumbnailUrl: `${SEAL_API}/puris/${number}/thumb`,
  mediumUrl: `${SEAL_API}/puris/${number}/medium`,
})

/**
 * A seal of three pictures played at 11:00 Japan time on 20 November 2026, saved by a free member
 * (the first picture) and a premium one (all three), shown to members.
 */
export function adminSeal(overrides: Partial<AdminSeal> = {}): AdminSeal {
  return {
    sealId: SEAL_ID,
    shotAt: '2026-11-20T02:00:00.000Z',
    expiresAt: '2026-11-27T02:00:00.000Z',
    expired: false,
    machine: {
      id: 'm-shibuya-1',
      name: 'プリ機A',
      shopId: '0192f0c4-0000-7000-8000-000000005401',
      shopName: 'ゲームセンター渋谷',
    },
    puris: [1, 2, 3].map(picture),
    owners: [
      {
        accountId: MINI_ID,
        registeredAt: '2026-11-20T03:00:00.000Z',
        pictures: [{ number: 1, savedAt: '2026-11-20T03:00:00.000Z' }],
      },
      {
        accountId: PREMIUM_ID,
        registeredAt: '2026-11-20T03:05:00.000Z',
        pictures: [1, 2, 3].map((number) => ({ number, savedAt: '2026-11-20T03:05:00.000Z' })),
      },
    ],
    hidden: null,
    ...overrides,
  }
}

/** The same seal, stopped by an operator for a lost sheet. */
export function hiddenSeal(overrides: Partial<AdminSeal> = {}): AdminSeal {
  return adminSeal({
    hidden: {
      reason: 'LOST_SHEET',
      note: 'inquiry PB261120-ABCD',
      hiddenAt: '2026-11-21T01:30:00.000Z',
      hiddenBy: { operatorId: OPERATOR_ID, operatorMailAddress: 'aoi@puribox.example' },
    },
    ...overrides,
  })
}

/** What a viewer or an editor reads of a seal: the accounts as `***`. */
export function maskedSeal(overrides: Partial<AdminSeal> = {}): AdminSeal {
  const seal = adminSeal(overrides)
  return { ...seal, owners: seal.owners.map((owner) => ({ ...owner, accountId: '***' })) }
}

/** An answer carrying this entity. */
export const answer = (entity: unknown) => () => wrapperResponse({ entity })

/** A refusal with this code (and the status the server gives it). */
export const refusal = (code: string, status: number) => () =>
  wrapperResponse({ error: { code, message: code } }, status)

/** The console's API signed in as an operator of `role`, with the seals routes given. */
export function stubSealsApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'SUPPORT') {
  return mockApi({ 'GET /admin/api/session': answer(signedInOperator(role)), ...handlers })
}
