import {
  MACHINE_SEARCH_LIMITS,
  NEAR_PAGE_SIZE,
  roundPosition,
  SHOP_PAGE_SIZE,
} from '@puribox/contract/machine-search'
import type { Shop } from '@puribox/contract/machines'
import { normalizeForSearch, wordsOf } from '@puribox/contract/search-text'
import KDBush from 'kdbush'

/**
 * The shop directory (decision 0042): every shop and model, read once per process with three
 * queries and rebuilt when shops change. The search reads only memory: each shop's prefecture, city,
 * normalised name and address, position and models sit in arrays, and each shop's answer is built once
 * (a search answers the same objects, with a distance added for near me). A near-me search asks a
 * static k-d tree of the shops' positions (kdbush) for the shops in a box around the position and
 * ranks those within reach by great-circle distance (decision 0051): what it reads grows with the
 * shops near the position, not with the shops in Japan.
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

/** How a search without position orders what it finds (what it finds stays the same). */
export interface ShopOrder {
  /** The person's own prefecture (JIS code): its shops come first. */
  homePrefecture?: number | undefined
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

const pageIndexes = new Int32Array(SHOP_PAGE_SIZE)

/**
 * How well a word matches a shop, the best first: in its name, in its address (prefecture, city and
 * the rest), or only in the name of one of its models. A shop's relevance to a keyword is the sum
 * over its words, so the shops that hold every word in their names come first.
 */
const IN_NAME = 0
const IN_ADDRESS = 1
const IN_MODEL = 2
/** A near-me search's nearest shops, in order (at most nearMax of them). */
const nearIndexes = new Int32Array(MACHINE_SEARCH_LIMITS.nearMax)

const RAD = Math.PI / 180
/** The sphere distances are measured on, as the shop pages have always shown them. */
const EARTH_RADIUS_KM = 6371
const KM_PER_DEGREE = EARTH_RADIUS_KM * RAD
/** The first box a near-me search looks in (its half-width): a station's surroundings. */
const FIRST_BOX_KM = 1

/** The squared chord between two points on the unit sphere `km` apart along it. */
function chordSquared(km: number): number {
  return (2 * Math.sin(km / EARTH_RADIUS_KM / 2)) ** 2
}

/** The distance along the sphere, in metres, of a squared chord on the unit sphere. */
function metresOfChord(chordSquared: number): number {
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.sqrt(chordSquared) / 2)
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
  // A line break between the parts, so that a word never spans two of them.
  const addressTexts = shops.map((shop) =>
    normalizeForSearch(`${shop.prefectureName}\n${shop.city}\n${shop.address}`),
  )
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
  // Each placed shop as a point on the unit sphere (x, y, z), and its squared chord to the position
  // a near-me search is at (written by the search, read back for its distances).
  const units = new Float64Array(count * 3)
  for (const i of placed) {
    units[3 * i] = Math.cos(lats[i]! * RAD) * Math.cos(lngs[i]! * RAD)
    units[3 * i + 1] = Math.cos(lats[i]! * RAD) * Math.sin(lngs[i]! * RAD)
    units[3 * i + 2] = Math.sin(lats[i]! * RAD)
  }
  const chords = new Float64Array(count)
  // An ordered search's shops found and their ranks, then the same shops in rank order.
  const found = new Int32Array(count)
  const ranks = new Uint16Array(count)
  const sorted = new Int32Array(count)

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

  /** How well shop `i` matches the filter (0 best, see IN_NAME), or -1 when it does not. */
  function relevance(i: number, f: Compiled): number {
    if (f.prefecture && prefectures[i] !== f.prefecture) return -1
    if (f.city !== -1 && cities[i] !== f.city) return -1
    if (f.model !== -1 && (masks[i * maskWords + (f.model >>> 5)]! & (1 << (f.model & 31))) === 0) return -1
    let sum = 0
    for (let w = 0; w < f.words.length; w++) {
      const word = f.words[w]!
      if (texts[i]!.includes(word)) sum += IN_NAME
      else if (addressTexts[i]!.includes(word)) sum += IN_ADDRESS
      else if (hasModels(i, f.wordMasks[w]!)) sum += IN_MODEL
      else return -1
    }
    return sum
  }

  function matches(i: number, f: Compiled): boolean {
    return relevance(i, f) !== -1
  }

  /**
   * Shops of the filter, a page of them and how many in all. Without a keyword or a home prefecture,
   * in the directory's order (prefecture, city, name). Otherwise the home prefecture's shops first,
   * then, among each of the two, the best matches of the keyword first; the directory's order among
   * equals. The ranks are few small numbers, so a counting sort orders them in one more pass.
   */
  function list(filter: ShopFilter, page: number, order: ShopOrder = {}): DirectoryPage {
    const f = compile(filter)
    if (!f) return { indexes: [], distances: null, total: 0, hasMore: false }
    const from = f.prefecture ? Math.max(0, prefectureStart[f.prefecture]!) : 0
    const to = f.prefecture
      ? prefectureStart[f.prefecture] === -1
        ? 0
        : prefectureEnd[f.prefecture]!
      : count
    // A search within one prefecture has no other to put after the home one.
    const home = f.prefecture ? 0 : (order.homePrefecture ?? 0)
    const skip = (page - 1) * SHOP_PAGE_SIZE
    let total = 0
    let taken = 0
    if (home === 0 && f.words.length === 0) {
      for (let i = from; i < to; i++) {
        if (!matches(i, f)) continue
        if (total >= skip && taken < SHOP_PAGE_SIZE) pageIndexes[taken++] = i
        total++
      }
    } else {
      const relevanceSteps = IN_MODEL * f.words.length + 1
      const starts = new Int32Array(2 * relevanceSteps + 1)
      for (let i = from; i < to; i++) {
        const r = relevance(i, f)
        if (r === -1) continue
        const rank = (home !== 0 && prefectures[i] === home ? 0 : relevanceSteps) + r
        found[total] = i
        ranks[total] = rank
        starts[rank + 1]!++
        total++
      }
      for (let rank = 1; rank < starts.length; rank++) starts[rank]! += starts[rank - 1]!
      for (let k = 0; k < total; k++) sorted[starts[ranks[k]!]!++] = found[k]!
      for (let k = skip; k < total && taken < SHOP_PAGE_SIZE; k++) pageIndexes[taken++] = sorted[k]!
    }
    const indexes: number[] = []
    for (let k = 0; k < taken; k++) indexes.push(pageIndexes[k]!)
    return { indexes, distances: null, total, hasMore: page * SHOP_PAGE_SIZE < total }
  }

  /**
   * Of many candidates within `km` (a crowded city's box), those within a smaller circle that the
   * density says holds `need` twice over, so that few are sorted; all of them if it holds fewer.
   */
  function nearestOf(candidates: number[], need: number, km: number): number[] {
    const within = chordSquared(km * Math.sqrt((2 * need) / candidates.length))
    const nearer = candidates.filter((i) => chords[i]! <= within)
    return nearer.length >= need ? nearer : candidates
  }

  /**
   * The `need` nearest shops of the filter within the radius, nearest first, into `nearIndexes`
   * (decision 0051); how many were found. The tree answers which shops lie in a box of latitude and
   * longitude around the position; of those, the ones within the box's radius by great-circle
   * distance are ranked. The box starts small and grows until it holds `need` such shops or reaches
   * the search's radius: a city's first box holds enough, the countryside's grows a few times.
   * Ranking compares chords between points on the unit sphere, which order exactly as great-circle
   * distances do and need no trigonometry per shop.
   */
  function nearest(lat: number, lng: number, f: Compiled, need: number): number {
    const qx = Math.cos(lat * RAD) * Math.cos(lng * RAD)
    const qy = Math.cos(lat * RAD) * Math.sin(lng * RAD)
    const qz = Math.sin(lat * RAD)
    const maxKm = MACHINE_SEARCH_LIMITS.nearRadiusKm
    let km = Math.min(FIRST_BOX_KM, maxKm)
    for (;;) {
      // A shop within `km` differs from the position by at most this much latitude, and by at most
      // this much longitude at the box's edge nearer the pole (where a degree of longitude is shortest).
      const dLat = km / KM_PER_DEGREE
      const dLng = dLat / Math.cos(Math.min(89, Math.abs(lat) + dLat) * RAD)
      const ids = tree.range(lng - dLng, lat - dLat, lng + dLng, lat + dLat)
      const within = chordSquared(km)
      const candidates: number[] = []
      for (const id of ids) {
        const i = placed[id]!
        if (!f.everyShop && !matches(i, f)) continue
        const dx = units[3 * i]! - qx
        const dy = units[3 * i + 1]! - qy
        const dz = units[3 * i + 2]! - qz
        const chord = dx * dx + dy * dy + dz * dz
        if (chord > within) continue
        chords[i] = chord
        candidates.push(i)
      }
      if (candidates.length >= need || km >= maxKm) {
        const ranked = candidates.length > 4 * need ? nearestOf(candidates, need, km) : candidates
        // Equal distances keep the directory's order.
        ranked.sort((a, b) => chords[a]! - chords[b]! || a - b)
        const found = Math.min(need, ranked.length)
        for (let at = 0; at < found; at++) nearIndexes[at] = ranked[at]!
        return found
      }
      // The next box: as large as the shops found so far say `need` would take (their density
      // around the position), with some to spare; at least half again as large, at most four times.
      const grow = candidates.length === 0 ? 4 : 1.25 * Math.sqrt(need / candidates.length)
      km = Math.min(km * Math.min(4, Math.max(1.5, grow)), maxKm)
    }
  }

  /**
   * A page of the nearest shops (decision 0045): the search finds the nearest up to the end of the
   * page and one more (to know whether a next page has any), never more than nearMax. Nothing is
   * cached: finding them costs less than keeping them would (decision 0051).
   */
  function near(position: { lat: number; lng: number }, filter: ShopFilter, page: number): DirectoryPage {
    const lat = roundPosition(position.lat)
    const lng = roundPosition(position.lng)
    const need = Math.min(page * NEAR_PAGE_SIZE + 1, MACHINE_SEARCH_LIMITS.nearMax)
    const f = compile(filter)
    const found = f && placed.length > 0 ? nearest(lat, lng, f, need) : 0
    const from = (page - 1) * NEAR_PAGE_SIZE
    const to = Math.min(found, from + NEAR_PAGE_SIZE)
    const indexes: number[] = []
    const distances: number[] = []
    for (let at = from; at < to; at++) {
      const i = nearIndexes[at]!
      indexes.push(i)
      distances.push(Math.round(metresOfChord(chords[i]!)))
    }
    const end = page * NEAR_PAGE_SIZE
    return {
      indexes,
      distances,
      total: Math.min(found, end),
      hasMore: end < MACHINE_SEARCH_LIMITS.nearMax && found > end,
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
