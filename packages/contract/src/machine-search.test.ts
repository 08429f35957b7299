import { describe, expect, it } from 'vitest'
import { distanceLabel, isInJapan, machineSearchHref, roundPosition, shopMapLink } from './machine-search'

const shop = {
  name: 'プリスポット 渋谷店',
  prefectureName: '東京都',
  city: '渋谷区',
  address: '宇田川町1-2',
  position: { lat: 35.6604, lng: 139.6983 },
}

describe('the shop map link', () => {
  it("replaces the configured Google Maps search by the shop's position", () => {
    const link = shopMapLink('https://www.google.com/maps/search/%E3%83%97%E3%83%AA%E6%A9%9F', shop)
    expect(link).toBe('https://www.google.com/maps/search/?api=1&query=35.6604%2C139.6983')
  })

  it('searches the name and address of a shop without a position, and drops the base query', () => {
    const link = new URL(
      shopMapLink('https://maps.example.jp/find/booths?q=x#top', { ...shop, position: null }),
    )
    expect(link.origin + link.pathname).toBe('https://maps.example.jp/find/')
    expect(link.searchParams.get('query')).toBe('プリスポット 渋谷店 東京都渋谷区宇田川町1-2')
    expect(link.hash).toBe('')
  })
})

describe('positions and distances', () => {
  it('rounds to three decimals and knows Japan from elsewhere', () => {
    expect(roundPosition(35.65849)).toBe(35.658)
    expect(isInJapan(35.66, 139.7)).toBe(true)
    expect(isInJapan(26.21, 127.68)).toBe(true)
    expect(isInJapan(48.85, 2.35)).toBe(false)
    expect(isInJapan(Number.NaN, 139.7)).toBe(false)
  })

  it('says metres under a kilometre and kilometres above', () => {
    expect(distanceLabel(3)).toEqual({ value: '10', unit: 'm' })
    expect(distanceLabel(347)).toEqual({ value: '350', unit: 'm' })
    expect(distanceLabel(996)).toEqual({ value: '1.0', unit: 'km' })
    expect(distanceLabel(12_345)).toEqual({ value: '12.3', unit: 'km' })
  })
})

describe('the search page address', () => {
  it('keeps what is set, rounds the position, leaves page 1 out', () => {
    expect(machineSearchHref({})).toBe('/sp/2/machines/search')
    expect(machineSearchHref({ prefecture: 13, city: '渋谷区', keyword: '', page: 1 })).toBe(
      `/sp/2/machines/search?prefecture=13&city=${encodeURIComponent('渋谷区')}`,
    )
    expect(machineSearchHref({ lat: 35.658412, lng: 139.70161, page: 2 })).toBe(
      '/sp/2/machines/search?lat=35.658&lng=139.702&page=2',
    )
  })
})
