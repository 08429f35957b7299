import { MACHINE_SEARCH_LIMITS, roundPosition, SHOP_PAGE_SIZE } from '@puribox/contract/machine-search'
import type { Shop } from '@puribox/contract/machines'
import { normalizeForSearch, wordsOf } from '@puribox/contract/search-text'

/**
 * The shop directory (decision 0042): every shop and model, read once per process with three
 * queries and rebuilt when shops change. The search reads only memory: each shop's prefecture, city,
 * normalised name, position and models sit in typed arrays, and each shop's answer is built once
 * (a search answers the same objects, with a distance added for near me). A near-me search uses
 * the shops sorted by grid cell (0.005° a side, about 500 m): it visits the cells around the position
 * ring by ring and stops as soon as no farther cell can hold a nearer shop, keeping the nearest in
 * a bounded heap in buffers reused by every search; answers are cached per rounded position and
 * filters in a small LRU. Nothing per request grows with the number of shops.
 */

export interface DirectoryShop {
  id: string
  name: string
  prefectureCode: number
  prefectureName: string
  city: string
  address: string
  openingHours: string
  latitude: number | null
  longitude: number | null
}

export interface DirectoryModel {
  id: string
  name: string
  nameKana: string
}

export interface DirectorySource<M extends DirectoryModel = DirectoryModel> {
  shops: DirectoryShop[]
  /** Which model each shop has (one row per machine; repeats are fine). */
  machines: Array<{ shopId: string; modelId: string }>
  /** In the order the machine list shows them. */
  models: M[]
}

export interface ShopFilter {
  prefecture?: number | undefined
  city?: string | undefined
  keyword?: string | undefined
  modelId?: string | undefined
}

export interface DirectoryPage {
  /** The page's shops (the directory's indexes), in the search's order. */
  indexes: number[]
  /** For near me, each one's distance in metres; else null. */
  distances: number[] | null
  total: number
}

const CELL_DEGREES = 0.005
const GRID_ROWS_OFFSET = 0 // latitude 0 is row 0: Japan's rows are positive
const GRID_COLUMNS = Math.ceil(360 / CELL_DEGREES)
const EARTH_METRES_PER_DEGREE = 111_320
const NEAR_CACHE_SIZE = 512

function cellRow(lat: number): number {
  return Math.floor(lat / CELL_DEGREES) + GRID_ROWS_OFFSET
}
function cellColumn(lng: number): number {
  return Math.floor((lng + 180) / CELL_DEGREES)
}

/** Reused by every near-me search (a search runs to its end without awaiting, so one set is enough). */
const heapIndexes = new Int32Array(MACHINE_SEARCH_LIMITS.nearMax)
/** Rings enough to reach the radius where a cell is narrowest (46° north, Japan's top). */
const MAX_RINGS = Math.ceil(
  (MACHINE_SEARCH_LIMITS.nearRadiusKm * 1000) /
    (CELL_DEGREES * EARTH_METRES_PER_DEGREE * Math.cos((46 * Math.PI) / 180)),
)
/** Per row of the square being visited, the range of the sorted keys visited so far. */
const rowLeft = new Int32Array(2 * MAX_RINGS + 1)
const rowRight = new Int32Array(2 * MAX_RINGS + 1)
/** Squared distances (metres²) of the heap's shops. */
const heapDistances = new Float64Array(MACHINE_SEARCH_LIMITS.nearMax)
const pageIndexes = new Int32Array(SHOP_PAGE_SIZE)

interface NearAnswer {
  indexes: Int32Array
  distances: Float64Array
}

export function buildShopDirectory<M extends DirectoryModel>(source: DirectorySource<M>) {
  const modelIndex = new Map(source.models.map((model, i) => [model.id, i]))
  const maskWords = Math.max(1, Math.ceil(source.models.length / 32))
  const modelTexts = source.models.map((model) => normalizeForSearch(`${model.name}\n${model.nameKana}`))

  // Shops in the order a search without position lists them: prefecture, city, name.
  const shops = [...source.shops].sort(
    (a, b) =>
      a.prefectureCode - b.prefectureCode ||
      (a.city < b.city ? -1 : a.city > b.city ? 1 : 0) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  )
  const count = shops.length
  const byId = new Map(shops.map((shop, i) => [shop.id, i]))
  const texts = shops.map((shop) => normalizeForSearch(shop.name))
  const prefectures = new Uint8Array(count)
  const cityNames: string[] = []
  const cityIndexOf = new Map<string, number>()
  const cities = new Uint16Array(count)
  const lats = new Float64Array(count)
  const lngs = new Float64Array(count)
  const masks = new Uint32Array(count * maskWords)
  // Where each prefecture's shops start in the order (they are contiguous).
  const prefectureStart = new Int32Array(49).fill(-1)
  const prefectureEnd = new Int32Array(49)
  shops.forEach((shop, i) => {
    prefectures[i] = shop.prefectureCode
    if (prefectureStart[shop.prefectureCode] === -1) prefectureStart[shop.prefectureCode] = i
    prefectureEnd[shop.prefectureCode] = i + 1
    const cityKey = `${shop.prefectureCode}\n${shop.city}`
    let city = cityIndexOf.get(cityKey)
    if (city === undefined) {
      city = cityNames.length
      cityNames.push(shop.city)
      cityIndexOf.set(cityKey, city)
    }
    cities[i] = city
    lats[i] = shop.latitude ?? Number.NaN
    lngs[i] = shop.longitude ?? Number.NaN
  })
  for (const machine of source.machines) {
    const shop = byId.get(machine.shopId)
    const model = modelIndex.get(machine.modelId)
    if (shop === undefined || model === undefined) continue
    masks[shop * maskWords + (model >>> 5)]! |= 1 << (model & 31)
  }

  // The grid: the shops that have a position, sorted by cell key.
  const placed = shops.map((_, i) => i).filter((i) => !Number.isNaN(lats[i]!))
  const cellKeys = new Float64Array(placed.length)
  const cellShops = new Int32Array(placed.length)
  placed
    .map((i) => ({ i, key: cellRow(lats[i]!) * GRID_COLUMNS + cellColumn(lngs[i]!) }))
    .sort((a, b) => a.key - b.key)
    .forEach(({ i, key }, at) => {
      cellKeys[at] = key
      cellShops[at] = i
    })

  function lowerBound(key: number): number {
    let low = 0
    let high = cellKeys.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (cellKeys[mid]! < key) low = mid + 1
      else high = mid
    }
    return low
  }

  /** The filter as the arrays read it, or null when it can find nothing (an unknown city or model). */
  function compile(filter: ShopFilter) {
    const prefecture = filter.prefecture ?? 0
    let city = -1
    if (filter.city) {
      const found = prefecture ? cityIndexOf.get(`${prefecture}\n${filter.city}`) : undefined
      if (found === undefined) return null
      city = found
    }
    let model = -1
    if (filter.modelId) {
      const found = modelIndex.get(filter.modelId)
      if (found === undefined) return null
      model = found
    }
    const words = filter.keyword ? wordsOf(filter.keyword) : []
    // For each word, the models whose name holds it: a shop with one of them matches the word.
    const wordMasks = words.map((word) => {
      const mask = new Uint32Array(maskWords)
      modelTexts.forEach((text, i) => {
        if (text.includes(word)) mask[i >>> 5]! |= 1 << (i & 31)
      })
      return mask
    })
    // No filter at all: the near-me search need not test each shop.
    const everyShop = prefecture === 0 && city === -1 && model === -1 && words.length === 0
    return { prefecture, city, model, words, wordMasks, everyShop }
  }

  type Compiled = NonNullable<ReturnType<typeof compile>>

  function hasModels(i: number, mask: Uint32Array): boolean {
    for (let w = 0; w < maskWords; w++) if ((masks[i * maskWords + w]! & mask[w]!) !== 0) return true
    return false
  }

  function matches(i: number, f: Compiled): boolean {
    if (f.prefecture && prefectures[i] !== f.prefecture) return false
    if (f.city !== -1 && cities[i] !== f.city) return false
    if (f.model !== -1 && (masks[i * maskWords + (f.model >>> 5)]! & (1 << (f.model & 31))) === 0)
      return false
    for (let w = 0; w < f.words.length; w++) {
      if (!texts[i]!.includes(f.words[w]!) && !hasModels(i, f.wordMasks[w]!)) return false
    }
    return true
  }

  /** Shops of the filter in the directory's order: the page's and how many in all. */
  function list(filter: ShopFilter, page: number): DirectoryPage {
    const f = compile(filter)
    if (!f) return { indexes: [], distances: null, total: 0 }
    const from = f.prefecture ? Math.max(0, prefectureStart[f.prefecture]!) : 0
    const to = f.prefecture
      ? prefectureStart[f.prefecture] === -1
        ? 0
        : prefectureEnd[f.prefecture]!
      : count
    const skip = (page - 1) * SHOP_PAGE_SIZE
    let total = 0
    let taken = 0
    for (let i = from; i < to; i++) {
      if (!matches(i, f)) continue
      if (total >= skip && taken < SHOP_PAGE_SIZE) pageIndexes[taken++] = i
      total++
    }
    const indexes: number[] = []
    for (let k = 0; k < taken; k++) indexes.push(pageIndexes[k]!)
    return { indexes, distances: null, total }
  }

  const nearCache = new Map<string, NearAnswer>()

  /** The nearest shops of the filter within the radius, nearest first (at most nearMax). */
  function nearest(lat: number, lng: number, f: Compiled): NearAnswer {
    const max = MACHINE_SEARCH_LIMITS.nearMax
    const radius = MACHINE_SEARCH_LIMITS.nearRadiusKm * 1000
    const metresPerLng = EARTH_METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)
    const row0 = cellRow(lat)
    const column0 = cellColumn(lng)
    let size = 0

    // A bounded max-heap on the squared distance: the farthest of the nearest found so far on top.
    function offer(i: number, distance: number) {
      if (size < max) {
        let at = size++
        while (at > 0) {
          const parent = (at - 1) >> 1
          if (heapDistances[parent]! >= distance) break
          heapDistances[at] = heapDistances[parent]!
          heapIndexes[at] = heapIndexes[parent]!
          at = parent
        }
        heapDistances[at] = distance
        heapIndexes[at] = i
        return
      }
      if (distance >= heapDistances[0]!) return
      let at = 0
      for (;;) {
        const left = 2 * at + 1
        if (left >= size) break
        const right = left + 1
        const child = right < size && heapDistances[right]! > heapDistances[left]! ? right : left
        if (heapDistances[child]! <= distance) break
        heapDistances[at] = heapDistances[child]!
        heapIndexes[at] = heapIndexes[child]!
        at = child
      }
      heapDistances[at] = distance
      heapIndexes[at] = i
    }

    // Squared distances until the end: a square root only for the shops answered.
    const radiusSquared = radius * radius
    function consider(at: number) {
      const i = cellShops[at]!
      if (!f.everyShop && !matches(i, f)) return
      const dy = (lats[i]! - lat) * EARTH_METRES_PER_DEGREE
      const dx = (lngs[i]! - lng) * metresPerLng
      const squared = dx * dx + dy * dy
      if (squared <= radiusSquared) offer(i, squared)
    }

    // Ring by ring: the square of cells around the position grows by one cell each side. A row's
    // cells are contiguous in the sorted keys, so each row keeps the range it has visited and grows
    // it at both ends (a new row is found by binary search once): a ring costs its rows, not a
    // search per cell.
    for (let ring = 0; ring <= MAX_RINGS; ring++) {
      // The top and bottom rows are new (ring 0: the position's own row, once).
      for (let side = ring === 0 ? 1 : -1; side <= 1; side += 2) {
        const row = row0 + side * ring
        const base = row * GRID_COLUMNS
        const left = lowerBound(base + column0 - ring)
        const right = lowerBound(base + column0 + ring + 1)
        for (let at = left; at < right; at++) consider(at)
        rowLeft[row - row0 + MAX_RINGS] = left
        rowRight[row - row0 + MAX_RINGS] = right
      }
      for (let row = row0 - ring + 1; row < row0 + ring; row++) {
        const slot = row - row0 + MAX_RINGS
        const base = row * GRID_COLUMNS
        let left = rowLeft[slot]!
        while (left > 0 && cellKeys[left - 1]! >= base + column0 - ring) consider(--left)
        let right = rowRight[slot]!
        while (right < cellKeys.length && cellKeys[right]! <= base + column0 + ring) consider(right++)
        rowLeft[slot] = left
        rowRight[slot] = right
      }
      // Every shop outside the square visited is at least this far away: the nearest of its edges.
      const reach = Math.min(
        (lat - (row0 - ring) * CELL_DEGREES) * EARTH_METRES_PER_DEGREE,
        ((row0 + ring + 1) * CELL_DEGREES - lat) * EARTH_METRES_PER_DEGREE,
        (lng + 180 - (column0 - ring) * CELL_DEGREES) * metresPerLng,
        ((column0 + ring + 1) * CELL_DEGREES - lng - 180) * metresPerLng,
      )
      if (reach > radius || (size === max && heapDistances[0]! <= reach * reach)) break
    }

    // The heap's contents, nearest first (at most nearMax: sorting them is cheap).
    const order = Array.from({ length: size }, (_, k) => k).sort(
      (a, b) => heapDistances[a]! - heapDistances[b]!,
    )
    const answer = { indexes: new Int32Array(size), distances: new Float64Array(size) }
    order.forEach((k, at) => {
      answer.indexes[at] = heapIndexes[k]!
      answer.distances[at] = Math.sqrt(heapDistances[k]!)
    })
    return answer
  }

  function near(position: { lat: number; lng: number }, filter: ShopFilter, page: number): DirectoryPage {
    const lat = roundPosition(position.lat)
    const lng = roundPosition(position.lng)
    const key = `${lat},${lng}\n${filter.prefecture ?? ''}\n${filter.city ?? ''}\n${filter.modelId ?? ''}\n${filter.keyword ?? ''}`
    let answer = nearCache.get(key)
    if (answer) {
      // Most recently used last: the first entry is the one to drop.
      nearCache.delete(key)
    } else {
      const f = compile(filter)
      answer = f ? nearest(lat, lng, f) : { indexes: new Int32Array(0), distances: new Float64Array(0) }
      if (nearCache.size >= NEAR_CACHE_SIZE) nearCache.delete(nearCache.keys().next().value!)
    }
    nearCache.set(key, answer)
    const from = (page - 1) * SHOP_PAGE_SIZE
    const to = Math.min(answer.indexes.length, from + SHOP_PAGE_SIZE)
    const indexes: number[] = []
    const distances: number[] = []
    for (let at = from; at < to; at++) {
      indexes.push(answer.indexes[at]!)
      distances.push(Math.round(answer.distances[at]!))
    }
    return { indexes, distances, total: answer.indexes.length }
  }

  // Each shop's answer, built once; and how many shops have each model.
  const shopCounts = new Int32Array(source.models.length)
  const answers: Shop[] = shops.map((shop, i) => {
    const models: Shop['models'] = []
    source.models.forEach((model, m) => {
      if ((masks[i * maskWords + (m >>> 5)]! & (1 << (m & 31))) === 0) return
      models.push({ id: model.id, name: model.name })
      shopCounts[m]!++
    })
    return {
      id: shop.id,
      name: shop.name,
      prefectureCode: shop.prefectureCode,
      prefectureName: shop.prefectureName,
      city: shop.city,
      address: shop.address,
      openingHours: shop.openingHours,
      position:
        shop.latitude === null || shop.longitude === null
          ? null
          : { lat: shop.latitude, lng: shop.longitude },
      distanceMeters: null,
      models,
    }
  })

  return {
    size: count,
    list,
    near,
    /** The answer of the shop at `index` (distance null). */
    shop(index: number): Shop {
      return answers[index]!
    },
    /** Every model, in the source's order, with how many shops have one. */
    models(): Array<{ model: M; shopCount: number }> {
      return source.models.map((model, m) => ({ model, shopCount: shopCounts[m]! }))
    },
    model(id: string): { model: M; shopCount: number } | null {
      const m = modelIndex.get(id)
      return m === undefined ? null : { model: source.models[m]!, shopCount: shopCounts[m]! }
    },
    /** The cities of a prefecture that have shops, with how many, the most first (then by name). */
    cities(prefecture: number): Array<{ name: string; shopCount: number }> {
      const counts = new Map<number, number>()
      if (prefectureStart[prefecture] !== -1) {
        for (let i = prefectureStart[prefecture]!; i < prefectureEnd[prefecture]!; i++) {
          counts.set(cities[i]!, (counts.get(cities[i]!) ?? 0) + 1)
        }
      }
      return [...counts]
        .map(([city, shopCount]) => ({ name: cityNames[city]!, shopCount }))
        .sort((a, b) => b.shopCount - a.shopCount || (a.name < b.name ? -1 : 1))
    },
  }
}

export type ShopDirectory<M extends DirectoryModel = DirectoryModel> = ReturnType<
  typeof buildShopDirectory<M>
>
