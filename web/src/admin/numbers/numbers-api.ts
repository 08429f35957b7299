import { adminNumbersApi, type Numbers } from '@puribox/contract/admin-numbers'
import { callConsoleApi } from '../api'
import type { NumbersRange } from './numbers-range'

/** The query of the numbers of a range of days. */
export const numbersQueryKey = (range: NumbersRange) => ['admin', 'numbers', range.from, range.to] as const

/** The numbers of every day of the range, oldest first. */
export function readNumbers(range: NumbersRange, signal?: AbortSignal): Promise<Numbers> {
  return callConsoleApi(adminNumbersApi.numbers, { query: range, signal })
}
