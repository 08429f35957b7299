// @vitest-environment jsdom
import type { Shop } from '@puribox/contract/machines'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { MachineSearchScreen } from './machine-search-screen'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function shop(n: number): Shop {
  return {
    id: `shop-${n}`,
    name: `プリスポット 新宿${n}号店`,
    prefectureCode: 13,
    prefectureName: '東京都',
    city: '新宿区',
    address: `新宿3-${n}`,
    openingHours: '10:00〜24:00',
    position: { lat: 35.69, lng: 139.7 },
    distanceMeters: null,
    models: [{ id: 'milky-girl', name: 'ミルキーガール' }],
  }
}

const MODELS = {
  entry: [
    {
      id: 'milky-girl',
      name: 'ミルキーガール',
      nameKana: 'ミルキーガール',
      seriesId: 'milky',
      seriesName: 'ミルキー',
      version: '2.1',
      releasedOn: '2026-03-18',
      description: '',
      supportsRawPuri: true,
      supportsIdFederation: true,
      shots: 6,
      samples: [],
      shopCount: 42,
    },
  ],
}

const found = (total: number, near = false) =>
  wrapperResponse({
    entity: {
      shops: Array.from({ length: Math.min(total, near ? 10 : 20) }, (_, i) => shop(i + 1)),
      page: 1,
      pageSize: near ? 10 : 20,
      total,
      hasMore: false,
      near,
    },
  })

const PROFILE = {
  profileImageUrl: null,
  nickname: 'はな',
  birthday: null,
  gender: null,
  imageId: null,
}

/** The calls a search page makes besides the search: who is looking, the models, the shop map. */
function around(membership: 'GUEST' | 'MINI', prefectureName: string | null = null) {
  return {
    'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus(membership) }),
    'GET /sp/profile': () => wrapperResponse({ entity: { ...PROFILE, prefectureName } }),
    'GET /sp/2/machines/models': () => wrapperResponse({ entity: MODELS }),
    'GET /sp/2/machines/cities?prefecture=13': () =>
      wrapperResponse({ entity: { entry: [{ name: '新宿区', shopCount: 16 }] } }),
    'GET /sp/2/dynamic_links': () =>
      wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500),
  }
}

const heading = () => screen.findByRole('heading', { level: 2, name: /検索結果|近くの店舗/ })

describe('the shop search', () => {
  it('a keyword search says what was searched for and how many were found', async () => {
    const calls = mockApi({
      ...around('GUEST'),
      'GET /sp/2/machines/shops?keyword=%E6%96%B0%E5%AE%BF&page=1': () => found(12),
    })
    renderWithProviders(<MachineSearchScreen />, { path: '/sp/2/machines/search?keyword=新宿' })
    expect((await heading()).textContent).toBe('「新宿」の検索結果 12件')
    // A guest's own prefecture is not known: the server orders by how well the shops match.
    expect(calls.map((call) => call.key)).not.toContain('GET /sp/profile')
  })

  it('every condition searched for is in the line: the area, the keyword and the model', async () => {
    mockApi({
      ...around('GUEST'),
      'GET /sp/2/machines/shops?prefecture=13&city=%E6%96%B0%E5%AE%BF%E5%8C%BA&keyword=%E3%83%97%E3%83%AA&modelId=milky-girl&page=1':
        () => found(3),
    })
    renderWithProviders(<MachineSearchScreen />, {
      path: '/sp/2/machines/search?prefecture=13&city=新宿区&keyword=プリ&modelId=milky-girl',
    })
    await waitFor(async () =>
      expect((await heading()).textContent).toBe('東京都新宿区・「プリ」・ミルキーガールの検索結果 3件'),
    )
  })

  it("a member's search starts with the shops of their profile's prefecture", async () => {
    const calls = mockApi({
      ...around('MINI', '大阪府'),
      'GET /sp/2/machines/shops?keyword=%E3%83%97%E3%83%AA&homePrefecture=27&page=1': () => found(40),
    })
    renderWithProviders(<MachineSearchScreen />, { path: '/sp/2/machines/search?keyword=プリ' })
    expect((await heading()).textContent).toBe('「プリ」の検索結果 40件')
    // Asked once the prefecture is known, never before with another order.
    expect(calls.filter((call) => call.key.startsWith('GET /sp/2/machines/shops'))).toHaveLength(1)
  })

  it('a member without a prefecture, or a search in one prefecture, is ordered without one', async () => {
    mockApi({
      ...around('MINI', null),
      'GET /sp/2/machines/shops?modelId=milky-girl&page=1': () => found(2),
    })
    renderWithProviders(<MachineSearchScreen />, { path: '/sp/2/machines/search?modelId=milky-girl' })
    await waitFor(async () => expect((await heading()).textContent).toBe('ミルキーガールの検索結果 2件'))
    cleanup()

    const calls = mockApi({
      ...around('MINI', '大阪府'),
      'GET /sp/2/machines/shops?prefecture=13&page=1': () => found(5),
    })
    renderWithProviders(<MachineSearchScreen />, { path: '/sp/2/machines/search?prefecture=13' })
    expect((await heading()).textContent).toBe('東京都の検索結果 5件')
    expect(calls.map((call) => call.key)).not.toContain('GET /sp/profile')
  })

  it('a model not in the list (an old link) still reads as a result line', async () => {
    mockApi({
      ...around('GUEST'),
      'GET /sp/2/machines/shops?modelId=no-such-model&page=1': () => found(0),
    })
    renderWithProviders(<MachineSearchScreen />, { path: '/sp/2/machines/search?modelId=no-such-model' })
    expect((await heading()).textContent).toBe('検索結果 0件')
  })

  it('near me: nearest first, with the keyword said when there is one', async () => {
    mockApi({
      ...around('MINI', '大阪府'),
      'GET /sp/2/machines/shops?keyword=%E3%83%97%E3%83%AA&lat=35.69&lng=139.7&page=1': () => found(4, true),
      'GET /sp/2/machines/shops?lat=35.69&lng=139.7&page=1': () => found(4, true),
    })
    renderWithProviders(<MachineSearchScreen />, {
      path: '/sp/2/machines/search?keyword=プリ&lat=35.69&lng=139.7',
    })
    expect((await heading()).textContent).toBe('「プリ」の検索結果（現在地から近い順）')
    cleanup()

    renderWithProviders(<MachineSearchScreen />, { path: '/sp/2/machines/search?lat=35.69&lng=139.7' })
    expect((await heading()).textContent).toBe('近くの店舗（近い順）')
  })
})
