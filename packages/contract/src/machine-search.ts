/**
 * The shop search's rules and links that the web app reads without zod (decision 0042): the page
 * size, the bounds of Japan, the search page's query, the sample pictures' and the shop map's links.
 */

/** Shops on one page of results… */
export const SHOP_PAGE_SIZE = 20
/**
 * …except near me, where the nearest come first and a page is what is within a walk: half the
 * answer to send, compress and draw on a cheap phone over a weak signal (decision 0051).
 */
export const NEAR_PAGE_SIZE = 10

export const MACHINE_SEARCH_LIMITS = {
  keywordMax: 50,
  cityMax: 40,
  modelIdMax: 64,
  /** Pages beyond the last answer no shops; beyond this one the request is refused. */
  pageMax: 500,
  /** A near-me search finds the nearest shops within this distance… */
  nearRadiusKm: 50,
  /** …and at most this many of them (ten pages). */
  nearMax: 100,
} as const

/** A box around Japan's land (Okinotori to Etorofu, Yonaguni to Minamitori): positions outside it are refused. */
export const JAPAN_BOUNDS = { latMin: 20, latMax: 46, lngMin: 122, lngMax: 154 } as const

export function isInJapan(lat: number, lng: number): boolean {
  return (
    lat >= JAPAN_BOUNDS.latMin &&
    lat <= JAPAN_BOUNDS.latMax &&
    lng >= JAPAN_BOUNDS.lngMin &&
    lng <= JAPAN_BOUNDS.lngMax
  )
}

/**
 * A position as the search keeps it (in the address and as the server's cache key): three decimals,
 * about 100 m, enough to say which shops are near and no more precise about where the person is.
 */
export function roundPosition(degrees: number): number {
  return Math.round(degrees * 1000) / 1000
}

/** The search page's query (`/sp/2/machines/search?…`): the state of the search lives in the address. */
export interface MachineSearchQuery {
  prefecture?: number
  city?: string
  keyword?: string
  modelId?: string
  lat?: number
  lng?: number
  page?: number
}

export const MACHINE_SEARCH_PATH = '/sp/2/machines/search'

/** The search page's address for a search (empty values left out; page 1 is the default). */
export function machineSearchHref(query: MachineSearchQuery): string {
  const params = new URLSearchParams()
  if (query.prefecture !== undefined) params.set('prefecture', String(query.prefecture))
  if (query.city) params.set('city', query.city)
  if (query.keyword) params.set('keyword', query.keyword)
  if (query.modelId) params.set('modelId', query.modelId)
  if (query.lat !== undefined && query.lng !== undefined) {
    params.set('lat', String(roundPosition(query.lat)))
    params.set('lng', String(roundPosition(query.lng)))
  }
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return search ? `${MACHINE_SEARCH_PATH}?${search}` : MACHINE_SEARCH_PATH
}

/** The machine page of a model. */
export function machinePath(modelId: string): string {
  return `/sp/machine/${encodeURIComponent(modelId)}`
}

/** A sample picture of a model (`n` from 1), served with long cache headers. */
export function machineSamplePath(modelId: string, n: number): string {
  return `/sp/2/machines/samples/${modelId}-${n}.jpg`
}

/**
 * Where a shop's map link ("see on the map") goes (decision 0042): the configured shop map (`shopMapUrl` of the
 * dynamic links) as the base — its scheme, host and path up to its last `/`, so Google Maps'
 * `…/maps/search/<booths>` becomes `…/maps/search/` — with the query replaced by the shop: Google Maps'
 * documented search URL (`api=1&query=`), the position when known (a pin exactly there; the shops'
 * names are not on the map), else the name and address.
 */
export function shopMapLink(
  shopMapUrl: string,
  shop: {
    name: string
    prefectureName: string
    city: string
    address: string
    position: { lat: number; lng: number } | null
  },
): string {
  const url = new URL(shopMapUrl)
  url.pathname = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)
  url.hash = ''
  const query = shop.position
    ? `${shop.position.lat},${shop.position.lng}`
    : `${shop.name} ${shop.prefectureName}${shop.city}${shop.address}`
  url.search = new URLSearchParams({ api: '1', query }).toString()
  return url.toString()
}

/** A distance as people read it: metres under a kilometre (by tens), else kilometres to one decimal. */
export function distanceLabel(meters: number): { value: string; unit: 'm' | 'km' } {
  const tens = Math.max(10, Math.round(meters / 10) * 10)
  if (tens < 1000) return { value: String(tens), unit: 'm' }
  return { value: (Math.round(meters / 100) / 10).toFixed(1), unit: 'km' }
}
