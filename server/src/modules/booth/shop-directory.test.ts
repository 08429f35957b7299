import { describe, expect, it } from 'vitest'
import { demoModels, demoShops } from './booth.demo'
import { buildShopDirectory, type DirectoryPage, type DirectorySource } from './shop-directory'

/** The demo shops (or `scale` times as many), as the directory is built from them. */
function demoSource(scale = 1): DirectorySource {
  const { shops, machines } = demoShops(scale)
  return {
    shops: shops.map((shop, i) => ({
      id: `shop-${i}`,
      name: shop.name,
      prefectureCode: shop.prefectureCode,
      prefectureName: shop.prefectureName,
      city: shop.city,
      address: shop.address,
      openingHours: shop.openingHours,
      latitude: shop.latitude ?? null,
      longitude: shop.longitude ?? null,
    })),
    machines: machines.map((machine) => ({ shopId: `shop-${machine.shop}`, modelId: machine.modelId! })),
    models: demoModels().map(({ id, name, nameKana }) => ({ id, name, nameKana })),
  }
}

// Positions here have three decimals: the directory rounds to that before it measures.

/** Great-circle distance in metres (haversine on a 6,371 km sphere, as the directory measures). */
function metresBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a))
}

/** The same distances by brute force: every shop, sorted. */
function bruteNearest(source: DirectorySource, lat: number, lng: number, keep: (i: number) => boolean) {
  return source.shops
    .map((shop, i) => ({ id: shop.id, i, d: metresBetween(lat, lng, shop.latitude!, shop.longitude!) }))
    .filter((x) => x.d <= 50_000 && keep(x.i))
    .sort((a, b) => a.d - b.d)
}

describe('the shop directory', () => {
  const source = demoSource()
  const directory = buildShopDirectory(source)
  const idsOf = (page: DirectoryPage) => page.indexes.map((i) => directory.shop(i).id)
  const distancesOf = (page: DirectoryPage) => page.distances

  it('near me: the nearest shops first, as a scan of every shop finds them, paged by 10', () => {
    const shibuya = { lat: 35.658, lng: 139.702 }
    const expected = bruteNearest(source, shibuya.lat, shibuya.lng, () => true).slice(0, 100)
    const first = directory.near(shibuya, {}, 1)
    // The search looks no further than the page: the total is the shops so far, and more follow.
    expect(first).toMatchObject({ total: 10, hasMore: true })
    expect(idsOf(first)).toEqual(expected.slice(0, 10).map((x) => x.id))
    expect(distancesOf(first)).toEqual(expected.slice(0, 10).map((x) => Math.round(x.d)))
    // A later page finds further, and a page back finds the same shops again.
    const third = directory.near(shibuya, {}, 3)
    expect(third).toMatchObject({ total: 30, hasMore: true })
    expect(idsOf(third)).toEqual(expected.slice(20, 30).map((x) => x.id))
    expect(distancesOf(third)).toEqual(expected.slice(20, 30).map((x) => Math.round(x.d)))
    expect(idsOf(directory.near(shibuya, {}, 2))).toEqual(expected.slice(10, 20).map((x) => x.id))
    // The tenth page is the last one: at most 100 nearest.
    const tenth = directory.near(shibuya, {}, 10)
    expect(tenth).toMatchObject({ total: 100, hasMore: false })
    expect(idsOf(tenth)).toEqual(expected.slice(90, 100).map((x) => x.id))
    expect(directory.near(shibuya, {}, 11)).toMatchObject({ indexes: [], hasMore: false })
  })

  it('near me where fewer shops are near than a page: all of them, and no next page', () => {
    const kochi = { lat: 33.56, lng: 133.531 }
    const all = bruteNearest(source, kochi.lat, kochi.lng, () => true)
    expect(all.length).toBeGreaterThan(0)
    expect(all.length).toBeLessThanOrEqual(10)
    const page = directory.near(kochi, {}, 1)
    expect(page).toMatchObject({ total: all.length, hasMore: false })
    expect(idsOf(page)).toEqual(all.map((x) => x.id))
  })

  it('near me with exactly a page and one more: the next page holds the one', () => {
    // Eleven shops in a row east of a point, 1 km apart.
    const row: DirectorySource = {
      shops: Array.from({ length: 11 }, (_, i) => ({
        id: `row-${i}`,
        name: `列${i}`,
        prefectureCode: 13,
        prefectureName: '東京都',
        city: '新宿区',
        address: '',
        openingHours: '',
        latitude: 35.7,
        longitude: 139.7 + i * 0.011,
      })),
      machines: [],
      models: [],
    }
    const line = buildShopDirectory(row)
    expect(line.near({ lat: 35.7, lng: 139.7 }, {}, 1)).toMatchObject({ total: 10, hasMore: true })
    const second = line.near({ lat: 35.7, lng: 139.7 }, {}, 2)
    expect(second).toMatchObject({ total: 11, hasMore: false })
    expect(second.indexes.map((i) => line.shop(i).id)).toEqual(['row-10'])
    expect(
      buildShopDirectory({ ...row, shops: row.shops.slice(0, 10) }).near({ lat: 35.7, lng: 139.7 }, {}, 1),
    ).toMatchObject({
      total: 10,
      hasMore: false,
    })
  })

  it('near me far from every shop: nothing beyond 50 km', () => {
    // Wakkanai: the nearest demo shop is in Asahikawa, over 200 km away.
    expect(directory.near({ lat: 45.4156, lng: 141.673 }, {}, 1)).toEqual({
      indexes: [],
      distances: [],
      total: 0,
      hasMore: false,
    })
  })

  it('near me at the edge of its reach: a shop 49.9 km away is found, one at 50.1 km is not', () => {
    // Due north of a point (a degree of latitude is 111.19 km on the directory's sphere), with no
    // shop nearer: the box grows from the first one (nothing in it) to the whole radius.
    const km = (d: number) => d / 111.195
    const edge = buildShopDirectory({
      shops: [49.9, 50.1].map((d, i) => ({
        id: `edge-${i}`,
        name: `端${i}`,
        prefectureCode: 1,
        prefectureName: '北海道',
        city: '旭川市',
        address: '',
        openingHours: '',
        latitude: 43 + km(d),
        longitude: 142.4,
      })),
      machines: [],
      models: [],
    })
    const page = edge.near({ lat: 43, lng: 142.4 }, {}, 1)
    expect(page.indexes.map((i) => edge.shop(i).id)).toEqual(['edge-0'])
    expect(page.distances).toEqual([49_900])
  })

  it('near me anywhere: the nearest a scan finds, in cities, between them and at sea', () => {
    // Positions on a grid over Japan: dense cities, sparse country where the box must grow, and sea
    // with nothing in reach; every page, and with a model.
    const modelShops = new Set(
      source.machines.filter((m) => m.modelId === 'hanayome').map((m) => Number(m.shopId.slice(5))),
    )
    for (let lat = 26.2; lat < 45; lat += 1.7) {
      for (let lng = 127.6; lng < 145; lng += 1.9) {
        const everyShop = bruteNearest(source, lat, lng, () => true)
        const withModel = bruteNearest(source, lat, lng, (i) => modelShops.has(i))
        for (const page of [1, 2, 10]) {
          const at = { lat, lng }
          const slice = (all: typeof everyShop) =>
            all.slice((page - 1) * 10, Math.min(page * 10, 100)).map((x) => x.id)
          expect(idsOf(directory.near(at, {}, page))).toEqual(slice(everyShop))
          expect(idsOf(directory.near(at, { modelId: 'hanayome' }, page))).toEqual(slice(withModel))
        }
      }
    }
  })

  it('near me with a model: only shops that have one, still the nearest', () => {
    const modelShops = new Set(
      source.machines.filter((m) => m.modelId === 'hanayome').map((m) => Number(m.shopId.slice(5))),
    )
    const expected = bruteNearest(source, 34.703, 135.496, (i) => modelShops.has(i)).slice(0, 10)
    expect(idsOf(directory.near({ lat: 34.703, lng: 135.496 }, { modelId: 'hanayome' }, 1))).toEqual(
      expected.map((x) => x.id),
    )
  })

  it('by prefecture and city, in order, with the total', () => {
    const tokyo = directory.list({ prefecture: 13 }, 1)
    const allTokyo = source.shops.filter((s) => s.prefectureCode === 13)
    expect(tokyo.total).toBe(allTokyo.length)
    expect(tokyo.indexes).toHaveLength(20)
    expect(tokyo.hasMore).toBe(true)
    const lastPage = Math.ceil(allTokyo.length / 20)
    expect(directory.list({ prefecture: 13 }, lastPage).hasMore).toBe(false)
    const shinjuku = directory.list({ prefecture: 13, city: '新宿区' }, 1)
    expect(shinjuku.total).toBe(allTokyo.filter((s) => s.city === '新宿区').length)
    for (const i of shinjuku.indexes) expect(directory.shop(i).city).toBe('新宿区')
    // A city of another prefecture, or none at all, finds nothing.
    expect(directory.list({ prefecture: 27, city: '新宿区' }, 1).total).toBe(0)
    expect(directory.list({ city: '新宿区' }, 1).total).toBe(0)
  })

  it('every prefecture has shops, and its cities come with the most shops first', () => {
    for (let code = 1; code <= 47; code++)
      expect(directory.list({ prefecture: code }, 1).total).toBeGreaterThan(0)
    const cities = directory.cities(13)
    expect(cities[0]!.shopCount).toBeGreaterThanOrEqual(cities.at(-1)!.shopCount)
    expect(cities.reduce((sum, c) => sum + c.shopCount, 0)).toBe(directory.list({ prefecture: 13 }, 1).total)
  })

  it('a keyword finds shop and model names the way people type them', () => {
    const katakana = directory.list({ keyword: 'プリスポット' }, 1)
    expect(katakana.total).toBeGreaterThan(0)
    expect(directory.list({ keyword: 'ぷりすぽっと' }, 1)).toEqual(katakana)
    expect(directory.list({ keyword: 'ﾌﾟﾘｽﾎﾟｯﾄ' }, 1)).toEqual(katakana)
    // A model's reading finds the shops that have it, though its name is in kanji (花よめフォト).
    const byReading = directory.list({ keyword: 'はなよめ' }, 1)
    const hanayome = directory.list({ modelId: 'hanayome' }, 1)
    expect(byReading.total).toBe(hanayome.total)
    // Two words: both must be found (a shop name and a model name).
    const both = directory.list({ keyword: 'プリスポット　はなよめ' }, 1)
    expect(both.total).toBeGreaterThan(0)
    expect(both.total).toBeLessThan(Math.min(katakana.total, byReading.total))
  })

  it('a keyword puts the shops named with it first, then those it finds in their addresses', () => {
    const all = (filter: { keyword: string }, order = {}) => {
      const first = directory.list(filter, 1, order)
      const pages = Math.ceil(first.total / 20)
      return Array.from({ length: pages }, (_, p) => directory.list(filter, p + 1, order).indexes).flat()
    }
    const yokohama = all({ keyword: '横浜' }).map((i) => directory.shop(i))
    const named = yokohama.filter((shop) => shop.name.includes('横浜'))
    expect(named.length).toBeGreaterThan(0)
    expect(yokohama.length).toBeGreaterThan(named.length)
    expect(yokohama.slice(0, named.length)).toEqual(named)
    for (const shop of yokohama.slice(named.length)) expect(shop.city).toContain('横浜')
    // A home prefecture only reorders: the same shops, its own first.
    const spot = all({ keyword: 'プリスポット' })
    const fromOsaka = all({ keyword: 'プリスポット' }, { homePrefecture: 27 })
    expect([...fromOsaka].sort((a, b) => a - b)).toEqual([...spot].sort((a, b) => a - b))
    const osaka = fromOsaka.findIndex((i) => directory.shop(i).prefectureCode !== 27)
    expect(osaka).toBeGreaterThan(0)
    expect(fromOsaka.slice(osaka).every((i) => directory.shop(i).prefectureCode !== 27)).toBe(true)
    // Without either, the directory's order as before: Hokkaido first.
    expect(directory.shop(directory.list({ modelId: 'hanayome' }, 1).indexes[0]!).prefectureCode).toBe(1)
  })

  it('odd filters find nothing rather than fail', () => {
    expect(directory.list({ modelId: 'no-such-model' }, 1).total).toBe(0)
    expect(directory.list({ keyword: 'ぴよぴよぴよ' }, 1).total).toBe(0)
    expect(directory.list({ prefecture: 13 }, 500).indexes).toEqual([])
    expect(() => directory.list({ keyword: '%_\\\u0000😀' }, 1)).not.toThrow()
  })

  it('near me over 20,000 shops: the same nearest shops a scan of every shop finds', () => {
    const bigSource = demoSource(20_000 / 592)
    const big = buildShopDirectory(bigSource)
    expect(big.size).toBeGreaterThan(19_000)
    for (const at of [
      { lat: 35.658, lng: 139.702 },
      { lat: 34.703, lng: 135.496 },
      { lat: 43.064, lng: 141.347 },
      { lat: 35.17, lng: 136.882 },
      { lat: 33.59, lng: 130.42 },
    ]) {
      // A crowded box: the search ranks only the candidates within a smaller circle (nearestOf).
      const expected = bruteNearest(bigSource, at.lat, at.lng, () => true).slice(0, 100)
      for (const page of [1, 2, 10]) {
        const found = big.near(at, {}, page)
        const ids = expected.slice((page - 1) * 10, page * 10).map((x) => x.id)
        expect(found.indexes.map((i) => big.shop(i).id)).toEqual(ids)
        expect(found).toMatchObject({ total: page * 10, hasMore: page < 10 })
      }
    }
  })
})
