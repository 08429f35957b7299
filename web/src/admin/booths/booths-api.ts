import {
  type AdminMachine,
  type AdminMachineDetail,
  type AdminMachineModel,
  type AdminMachineModels,
  type AdminMachinePage,
  type AdminShop,
  type AdminShopPage,
  adminBoothsApi,
  type IssuedMachineKey,
  type MachineChange,
  type MachineCreate,
  type MachineKey,
  type MachineKeyRevoke,
  type MachineModelChange,
  type MachineModelCreate,
  type ShopChange,
  type ShopCreate,
  type ShopImportProblem,
  type ShopImportResult,
  shopImportProblemSchema,
} from '@puribox/contract/admin-booths'
import { z } from 'zod'
import { ApiError, readAnswer, type WithClock } from '../../lib/api-client'
import { type ConsoleRoute, callConsoleApi } from '../api'
import type { ShopFilters } from './booth-paths'

const api = adminBoothsApi

/** Every answer of the area: one prefix, so a change asks every screen of it again. */
export const BOOTHS_QUERY_KEY = ['admin', 'booths'] as const
export const modelsQueryKey = [...BOOTHS_QUERY_KEY, 'models'] as const
export const shopsQueryKey = (filters: ShopFilters) => [...BOOTHS_QUERY_KEY, 'shops', filters] as const
export const shopQueryKey = (shopId: string) => [...BOOTHS_QUERY_KEY, 'shop', shopId] as const
export const shopMachinesQueryKey = (shopId: string) =>
  [...BOOTHS_QUERY_KEY, 'shop', shopId, 'machines'] as const
export const machineQueryKey = (machineId: string) => [...BOOTHS_QUERY_KEY, 'machine', machineId] as const

/** The route with its path's `:name` parts filled in (each encoded). */
function at<R extends ConsoleRoute>(route: R, params: Readonly<Record<string, string>>): R {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`)
    return encodeURIComponent(value)
  })
  return { ...route, path }
}

export function readModels(signal?: AbortSignal): Promise<AdminMachineModels> {
  return callConsoleApi(api.adminMachineModels, { signal })
}

export function createModel(body: MachineModelCreate): Promise<AdminMachineModel> {
  return callConsoleApi(api.adminMachineModelCreate, { body })
}

export function changeModel(modelId: string, body: MachineModelChange): Promise<AdminMachineModel> {
  return callConsoleApi(at(api.adminMachineModelChange, { modelId }), { body })
}

/** A page of shops found by the search, from `after` (the previous page's `next`). */
export function readShops(
  filters: ShopFilters,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminShopPage> {
  return callConsoleApi(api.adminShops, { query: { ...filters, after }, signal })
}

export function readShop(shopId: string, signal?: AbortSignal): Promise<AdminShop> {
  return callConsoleApi(at(api.adminShop, { shopId }), { signal })
}

export function createShop(body: ShopCreate): Promise<AdminShop> {
  return callConsoleApi(api.adminShopCreate, { body })
}

export function changeShop(shopId: string, body: ShopChange): Promise<AdminShop> {
  return callConsoleApi(at(api.adminShopChange, { shopId }), { body })
}

export function readShopMachines(
  shopId: string,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminMachinePage> {
  return callConsoleApi(at(api.adminShopMachines, { shopId }), { query: { after }, signal })
}

export function createMachine(shopId: string, body: MachineCreate): Promise<AdminMachine> {
  return callConsoleApi(at(api.adminMachineCreate, { shopId }), { body })
}

export function readMachine(machineId: string, signal?: AbortSignal): Promise<AdminMachineDetail> {
  return callConsoleApi(at(api.adminMachine, { machineId }), { signal })
}

export function changeMachine(machineId: string, body: MachineChange): Promise<AdminMachine> {
  return callConsoleApi(at(api.adminMachineChange, { machineId }), { body })
}

/** A new key for the machine: the answer is the only time anyone sees it. */
export function issueMachineKey(machineId: string): Promise<IssuedMachineKey> {
  return callConsoleApi(at(api.adminMachineKeyIssue, { machineId }))
}

export function revokeMachineKey(
  machineId: string,
  keyId: string,
  body: MachineKeyRevoke,
): Promise<MachineKey> {
  return callConsoleApi(at(api.adminMachineKeyRevoke, { machineId, keyId }), { body })
}

/** What importing a shops file came to: the shops counted, or every problem of a file refused whole. */
export type ShopImportOutcome =
  | { kind: 'imported'; result: ShopImportResult }
  | { kind: 'refused'; problems: ShopImportProblem[] }

const importProblemsSchema = z.object({
  error: z.object({ importProblems: z.array(shopImportProblemSchema) }),
})

/** As api.ts reads a console answer: the wrapper, its error codes and its clock. */
const readImportAnswer = readAnswer as unknown as (
  request: Promise<Response>,
) => Promise<WithClock<ShopImportResult>>

/**
 * Sends a shops file as it is on disk (`text/csv`: the server tells UTF-8 from Shift_JIS by its
 * bytes, so the browser must not decode it). A file refused for its problems is an outcome, not an
 * error: the screen lists them. Any other failure throws ApiError as callConsoleApi does.
 */
export async function importShopsFile(file: Blob): Promise<ShopImportOutcome> {
  let answer: Response | undefined
  const request = fetch(api.adminShopsImport.path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'text/csv', 'X-Requested-With': 'XMLHttpRequest' },
    body: file,
    credentials: 'include',
  }).then((response) => {
    answer = response.clone()
    return response
  })
  try {
    return { kind: 'imported', result: await readImportAnswer(request) }
  } catch (error) {
    if (error instanceof ApiError && error.code === 'SHOP_IMPORT_INVALID' && answer) {
      const refusal = importProblemsSchema.safeParse(await answer.json().catch(() => null))
      if (refusal.success) return { kind: 'refused', problems: refusal.data.error.importProblems }
    }
    throw error
  }
}
