import type {
  AdminMachine,
  AdminMachineDetail,
  AdminMachineModel,
  AdminShop,
} from '@puribox/contract/admin-booths'
import type { ConsoleRole } from '@puribox/contract/routes'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { wrapperResponse } from '../../../testing/render'
import { signedInOperator } from '../../testing/render-console'

/** The booths routes as the tests stub them (`METHOD /path`, the query after it when there is one). */
export const BOOTHS_API = '/admin/api/booths'
export const SHOP_ID = '0192f0c4-0000-7000-8000-000000000001'

export function adminShop(overrides: Partial<AdminShop> = {}): AdminShop {
  return {
    id: SHOP_ID,
    name: 'プリスタ渋谷店',
    prefectureCode: 13,
    prefectureName: '東京都',
    city: '渋谷区',
    address: '道玄坂1-2-3 4階',
    openingHours: '10:00〜23:00',
    position: { lat: 35.6595, lng: 139.6987 },
    machineCount: 1,
    createdAt: '2026-11-01T01:00:00.000Z',
    ...overrides,
  }
}

export function adminModel(overrides: Partial<AdminMachineModel> = {}): AdminMachineModel {
  return {
    id: 'milky-star',
    name: 'ミルキースター',
    nameKana: 'ミルキースター',
    seriesId: 'milky',
    seriesName: 'ミルキー',
    version: '1.0',
    releasedOn: '2026-04-01',
    description: '',
    supportsRawPuri: true,
    supportsIdFederation: true,
    shots: 6,
    sampleCount: 3,
    createdAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  }
}

export function adminMachine(overrides: Partial<AdminMachine> = {}): AdminMachine {
  return {
    id: 'shibuya-1',
    shopId: SHOP_ID,
    modelId: 'milky-star',
    name: 'ミルキースター',
    seriesId: 'milky',
    version: '1.0',
    createdAt: '2026-11-02T01:00:00.000Z',
    liveKeys: 1,
    // 11:45 in Japan on the tests' day.
    lastPushAt: '2026-11-20T02:45:00.000Z',
    ...overrides,
  }
}

export function machineDetail(overrides: Partial<AdminMachineDetail> = {}): AdminMachineDetail {
  return {
    machine: adminMachine(),
    keys: [{ id: '0123456789abcdef', createdAt: '2026-11-02T01:05:00.000Z', revokedAt: null }],
    ...overrides,
  }
}

/** An answer carrying this entity. */
export const answer = (entity: unknown) => () => wrapperResponse({ entity })

/** A refusal with this code (and the status the server gives it). */
export const refusal =
  (code: string, status: number, extra: Record<string, unknown> = {}) =>
  () =>
    wrapperResponse({ error: { code, message: code, ...extra } }, status)

/** The console's API signed in as an operator of `role`, with the booths routes given. */
export function stubBoothsApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'ADMIN') {
  return mockApi({ 'GET /admin/api/session': answer(signedInOperator(role)), ...handlers })
}
