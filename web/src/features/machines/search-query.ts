import {
  MACHINE_SEARCH_LIMITS,
  type MachineSearchQuery,
  roundPosition,
} from '@puribox/contract/machine-search'

function integer(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,4}$/.test(value)) return undefined
  const n = Number(value)
  return n >= min && n <= max ? n : undefined
}

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, max) : undefined
}

function degrees(value: string | null): number | undefined {
  if (value === null || value.length > 16) return undefined
  const n = Number(value)
  return Number.isFinite(n) ? roundPosition(n) : undefined
}

/**
 * The search as the page's address holds it (`?prefecture=&city=&keyword=&modelId=&lat=&lng=&page=`):
 * what cannot be read is left out, so an odd address shows the search without it, never an error.
 */
export function readSearchQuery(search: string): MachineSearchQuery {
  const params = new URLSearchParams(search)
  const prefecture = integer(params.get('prefecture'), 1, 47)
  const lat = degrees(params.get('lat'))
  const lng = degrees(params.get('lng'))
  const position = lat !== undefined && lng !== undefined ? { lat, lng } : {}
  const query: MachineSearchQuery = {
    ...(prefecture !== undefined ? { prefecture } : {}),
    ...position,
    page: integer(params.get('page'), 1, MACHINE_SEARCH_LIMITS.pageMax) ?? 1,
  }
  const city = prefecture !== undefined ? text(params.get('city'), MACHINE_SEARCH_LIMITS.cityMax) : undefined
  const keyword = text(params.get('keyword'), MACHINE_SEARCH_LIMITS.keywordMax)
  const modelId = text(params.get('modelId'), MACHINE_SEARCH_LIMITS.modelIdMax)
  if (city) query.city = city
  if (keyword) query.keyword = keyword
  if (modelId) query.modelId = modelId
  return query
}

/** Whether the query asks for anything (a page without conditions shows no shops, only the form). */
export function hasConditions(query: MachineSearchQuery): boolean {
  return (
    query.prefecture !== undefined ||
    query.keyword !== undefined ||
    query.modelId !== undefined ||
    query.lat !== undefined
  )
}
