// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { useDynamicLinks } from './dynamic-links'

const LINKS = {
  appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id6451234567',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.android',
  appDeepLinkUrl: 'puribox://top',
  universalLinkUrl: 'https://puribox.jp/sp/top/menu',
  shopMapUrl: 'https://maps.example.jp/puri',
}

function ShopMap() {
  const links = useDynamicLinks()
  return links.data ? <a href={links.data.shopMapUrl}>map</a> : null
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('useDynamicLinks', () => {
  it('reads the links once', async () => {
    const calls = mockApi({ 'GET /sp/2/dynamic_links': () => wrapperResponse({ entity: LINKS }) })
    renderWithProviders(
      <>
        <ShopMap />
        <ShopMap />
      </>,
    )
    const found = await screen.findAllByRole('link', { name: 'map' })
    expect(found.map((a) => a.getAttribute('href'))).toEqual([LINKS.shopMapUrl, LINKS.shopMapUrl])
    expect(calls).toHaveLength(1)
  })
})
