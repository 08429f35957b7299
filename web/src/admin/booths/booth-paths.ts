import { BOOTH_ADMIN_LIMITS, shopListQuerySchema } from '@puribox/contract/admin-booths'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { BOOTHS_PATH, withQuery } from '../paths'
import { t } from './i18n'

/** The shops: the area's first screen; its search is the address's query (`q`, `prefecture`, `city`). */
export const SHOPS_PATH = BOOTHS_PATH
export const NEW_SHOP_PATH = `${BOOTHS_PATH}/shops/new`
export const SHOP_IMPORT_PATH = `${BOOTHS_PATH}/shops/import`
/** The machine models, newest first. */
export const MODELS_PATH = `${BOOTHS_PATH}/models`
export const NEW_MODEL_PATH = `${MODELS_PATH}/new`

/** A shop's id and a machine's are in paths: each part is encoded (a model's id is plain already). */
const part = encodeURIComponent

export const shopPath = (shopId: string) => `${BOOTHS_PATH}/shops/${part(shopId)}`
export const shopEditPath = (shopId: string) => `${shopPath(shopId)}/edit`
export const newMachinePath = (shopId: string) => `${shopPath(shopId)}/machines/new`
export const machinePath = (machineId: string) => `${BOOTHS_PATH}/machines/${part(machineId)}`
export const machineEditPath = (machineId: string) => `${machinePath(machineId)}/edit`
export const modelEditPath = (modelId: string) => `${MODELS_PATH}/${part(modelId)}/edit`

/** The patterns of the area's screens, as wouter matches them (the fixed ones before the `:id` ones). */
export const BOOTH_ROUTES = {
  shops: SHOPS_PATH,
  newShop: NEW_SHOP_PATH,
  shopImport: SHOP_IMPORT_PATH,
  shop: `${BOOTHS_PATH}/shops/:shopId`,
  shopEdit: `${BOOTHS_PATH}/shops/:shopId/edit`,
  newMachine: `${BOOTHS_PATH}/shops/:shopId/machines/new`,
  machine: `${BOOTHS_PATH}/machines/:machineId`,
  machineEdit: `${BOOTHS_PATH}/machines/:machineId/edit`,
  models: MODELS_PATH,
  newModel: NEW_MODEL_PATH,
  modelEdit: `${MODELS_PATH}/:modelId/edit`,
} as const

/** The shop search, in the order the form shows it and the address names it. */
export const SHOP_FILTERS = ['q', 'prefecture', 'city'] as const
export type ShopFilter = (typeof SHOP_FILTERS)[number]

/** The search in force: only what has a value (trimmed), as the address and the request carry it. */
export type ShopFilters = Partial<Record<ShopFilter, string>>

/** The search of a form's values or an address's query: each trimmed, the empty ones left out. */
export function shopFiltersOf(read: (name: ShopFilter) => string | null): ShopFilters {
  const filters: ShopFilters = {}
  for (const name of SHOP_FILTERS) {
    const value = read(name)?.trim()
    if (value) filters[name] = value
  }
  return filters
}

/** The search an address's query (`useSearch()`) holds. */
export function shopFiltersOfSearch(search: string): ShopFilters {
  const params = new URLSearchParams(search)
  return shopFiltersOf((name) => params.get(name))
}

/** The shop list's address showing this search: a link to it shows the same shops. */
export function shopListPath(filters: ShopFilters): string {
  return withQuery(SHOPS_PATH, Object.fromEntries(SHOP_FILTERS.map((name) => [name, filters[name]])))
}

/**
 * What is wrong with a search, field by field, in Japanese: the server's own rules (the contract's
 * query schema), checked before asking, so a mistyped address is told beside its field.
 */
export function shopFilterErrors(filters: ShopFilters): FieldErrors<ShopFilter> {
  const errors: FieldErrors<ShopFilter> = {}
  const checked = shopListQuerySchema.safeParse(filters)
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field === 'string' && (SHOP_FILTERS as readonly string[]).includes(field)) {
      const max = field === 'city' ? BOOTH_ADMIN_LIMITS.cityMax : BOOTH_ADMIN_LIMITS.searchMax
      errors[field as ShopFilter] ??= t(`adminBooths.shops.search.errors.${field as ShopFilter}`, { max })
    }
  }
  return errors
}
