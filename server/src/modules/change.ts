import type { Actor } from './actor'

/**
 * What a change's events carry besides the change itself: who asked for it, when, and why (the
 * operator's own words, or null). A service builds one per change and hands it to its repository,
 * which emits the events in the change's transaction.
 */
export interface ChangeContext {
  actor: Actor
  at: Date
  reason: string | null
}

/** A value as an event holds it: a date as ISO 8601 text, anything else as it is. */
function eventValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value
}

/** The fields of a thing as an event's `after` (or `before`): the ones named, dates as text. */
export function eventFields<T extends object>(row: T, keys: ReadonlyArray<keyof T>): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, eventValue(row[key])]))
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    return JSON.stringify(a) === JSON.stringify(b)
  }
  return a === b
}

/**
 * The fields of `after` whose values differ from `before`'s, as they were and as they are (dates as
 * text, lists and objects compared by their JSON); null when nothing differs. Fields `after` leaves
 * undefined are not compared.
 */
export function changedFields<T extends object>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {}
  const is: Record<string, unknown> = {}
  for (const key of Object.keys(after) as Array<keyof T & string>) {
    const value = after[key]
    if (value === undefined || same(before[key], value)) continue
    was[key] = eventValue(before[key])
    is[key] = eventValue(value)
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is }
}
