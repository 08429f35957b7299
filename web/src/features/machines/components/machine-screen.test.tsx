// @vitest-environment jsdom
import type { MachineModelDetail } from '@puribox/contract/machines'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route } from 'wouter'
import { mockApi } from '../../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { MachineScreen } from './machine-screen'

afterEach(cleanup)

const DETAIL: MachineModelDetail = {
  model: {
    id: 'milky-girl',
    name: 'ミルキーガール',
    nameKana: 'ミルキーガール',
    seriesId: 'milky',
    seriesName: 'ミルキー',
    version: '2.1',
    releasedOn: '2026-03-18',
    description: 'ふんわり明るい肌。',
    supportsRawPuri: true,
    supportsIdFederation: true,
    shots: 6,
    samples: ['/sp/2/machines/samples/milky-girl-1.jpg'],
    shopCount: 42,
  },
  shops: [
    {
      id: 'shop-1',
      name: 'プリスポット 渋谷店',
      prefectureCode: 13,
      prefectureName: '東京都',
      city: '渋谷区',
      address: '宇田川町1-2',
      openingHours: '10:00〜24:00',
      position: { lat: 35.6604, lng: 139.6983 },
      distanceMeters: null,
      models: [{ id: 'milky-girl', name: 'ミルキーガール' }],
    },
  ],
}

const LINKS = {
  appStoreUrl: 'https://apps.example/app',
  playStoreUrl: 'https://play.example/app',
  appDeepLinkUrl: 'puribox://open',
  universalLinkUrl: 'https://puribox.example/app',
  shopMapUrl: 'https://maps.example.jp/maps/search/booths',
}

function renderAt(id: string) {
  return renderWithProviders(<Route path="/sp/machine/:machineId" component={MachineScreen} />, {
    path: `/sp/machine/${id}`,
  })
}

describe('the machine page', () => {
  it('says what the model does, shows its pictures, and where to find it with a map link', async () => {
    mockApi({
      'GET /sp/2/machines/model/milky-girl': () => wrapperResponse({ entity: DETAIL }),
      'GET /sp/2/dynamic_links': () => wrapperResponse({ entity: LINKS }),
    })
    renderAt('milky-girl')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ミルキーガール')
    expect(screen.getByText('PuriBoxに保存できる')).toBeTruthy()
    expect(screen.getByText('撮影6回')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'ミルキーガールの見本 1枚目' }).getAttribute('src')).toBe(
      '/sp/2/machines/samples/milky-girl-1.jpg',
    )
    const map = await screen.findByRole('link', { name: /プリスポット 渋谷店を地図で見る/ })
    await expect
      .poll(() => map.getAttribute('href'))
      .toBe('https://maps.example.jp/maps/search/?api=1&query=35.6604%2C139.6983')
    expect(map.getAttribute('target')).toBe('_blank')
    expect(map.getAttribute('rel')).toContain('noopener')
    expect(
      screen.getByRole('link', { name: /この機種がある店舗をすべて見る（42店舗）/ }).getAttribute('href'),
    ).toBe('/sp/2/machines/search?modelId=milky-girl')
  })

  it('the sample strip, which scrolls sideways, takes keyboard focus and is named by its heading', async () => {
    mockApi({
      'GET /sp/2/machines/model/milky-girl': () => wrapperResponse({ entity: DETAIL }),
      'GET /sp/2/dynamic_links': () => wrapperResponse({ entity: LINKS }),
    })
    renderAt('milky-girl')
    const strip = await screen.findByRole('list', { name: '写りの見本' })
    expect(strip.tabIndex).toBe(0)
    strip.focus()
    expect(document.activeElement).toBe(strip)
  })

  it('an id that is no model shows the not-found screen', async () => {
    mockApi({
      'GET /sp/2/machines/model/nothing': () =>
        wrapperResponse({ error: { code: 'MACHINE_NOT_FOUND', message: 'no' } }, 404),
    })
    renderAt('nothing')
    expect(await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeTruthy()
  })
})
