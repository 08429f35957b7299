import { MACHINE_SEARCH_LIMITS, roundPosition, SHOP_PAGE_SIZE } from '@puribox/contract/machine-search'
import type { Shop } from '@puribox/contract/machines'
import { normalizeForSearch, wordsOf } from '@puribox/contract/search-text'
import { around, distance } from 'geokdbush'
import KDBush from 'kdbush'

/**
 * The shop directory (decision 0042): every shop and model, read once per process with three
 * queries and rebuilt when shops change. The search reads only memory: each shop's prefecture, city,
 * normalised name, position and models sit in typed arrays, and each shop's answer is built once
 * (a search answers the same objects, with a distance added for near me). A near-me search asks a
 * static k-d tree of the shops' positions (kdbush) for the nearest within the radius, nearest first
 * by great-circle distance (geokdbush: a branch-and-bound walk that visits only the tree nodes that
 * can still hold a nearer shop, so a sparse region costs no more than a dense one); answers are
 * cached per rounded position and filters in a small LRU. Nothing per request grows with the number
 * of shops.
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
  /**
   * How many shops were found. A near-me search looks no further than the page asked for (decision
   * 0045): its total is the shops up to the end of that page, and `hasMore` says whether more follow.
   */
  total: number
  /** Whether the next page has shops. */
  hasMore: boolean
}

const NEAR_CACHE_SIZE = 512
const pageIndexes = new Int32Array(SHOP_PAGE_SIZE)

interface NearAnswer {
  indexes: Int32Array
  distances: Float64Array
  /** How many nearest were asked for: fewer found means these are all there are. */
  asked: number
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

  // The k-d tree: the shops that have a position (the tree's ids index `placed`).
  const placed = Int32Array.from(shops.map((_, i) => i).filter((i) => !Number.isNaN(lats[i]!)))
  const tree = new KDBush(Math.max(1, placed.length))
  for (const i of placed) tree.add(lngs[i]!, lats[i]!)
  // An empty directory still gets a tree (kdbush wants one point): far outside Japan, never near.
  if (placed.length === 0) tree.add(0, -90)
  tree.finish()

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
    if (!f) return { indexes: [], distances: null, total: 0, hasMore: false }
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
    return { indexes, distances: null, total, hasMore: page * SHOP_PAGE_SIZE < total }
  }

  const nearCache = new Map<string, NearAnswer>()

  /** The `asked` nearest shops of the filter within the radius, nearest first. */
  function nearest(lat: number, lng: number, f: Compiled, asked: number): NearAnswer {
    const ids = around(
      tree,
      lng,
      lat,
      asked,
      MACHINE_SEARCH_LIMITS.nearRadiusKm,
      placed.length === 0 ? () => false : f.everyShop ? undefined : (id) => matches(placed[id]!, f),
    )
    const answer = { indexes: new Int32Array(ids.length), distances: new Float64Array(ids.length), asked }
    ids.forEach((id, at) => {
      const i = placed[id]!
      answer.indexes[at] = i
      answer.distances[at] = distance(lng, lat, lngs[i]!, lats[i]!) * 1000
    })
    return answer
  }

  /**
   * A page of the nearest shops (decision 0045): the search finds the nearest up to the end of the
   * page and one more (to know whether a next page has any), never more than nearMax, so the first
   * page — nearly every near-me search — walks the tree for 21 shops, not 100. A cached answer that
   * asked for fewer than a later page needs is found again, further.
   */
  function near(position: { lat: number; lng: number }, filter: ShopFilter, page: number): DirectoryPage {
    const lat = roundPosition(position.lat)
    const lng = roundPosition(position.lng)
    const need = Math.min(page * SHOP_PAGE_SIZE + 1, MACHINE_SEARCH_LIMITS.nearMax)
    const key = `${lat},${lng}\n${filter.prefecture ?? ''}\n${filter.city ?? ''}\n${filter.modelId ?? ''}\n${filter.keyword ?? ''}`
    let answer = nearCache.get(key)
    if (answer && answer.asked >= need) {
      // Most recently used last: the first entry is the one to drop.
      nearCache.delete(key)
    } else {
      if (answer) nearCache.delete(key)
      const f = compile(filter)
      answer = f
        ? nearest(lat, lng, f, need)
        : { indexes: new Int32Array(0), distances: new Float64Array(0), asked: MACHINE_SEARCH_LIMITS.nearMax }
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
    const end = page * SHOP_PAGE_SIZE
    return {
      indexes,
      distances,
      total: Math.min(answer.indexes.length, end),
      hasMore: end < MACHINE_SEARCH_LIMITS.nearMax && answer.indexes.length > end,
    }
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
