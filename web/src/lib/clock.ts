import { parseJst } from '@puribox/contract/time'
import type { Clock } from '@puribox/contract/wrapper'
import { useSyncExternalStore } from 'react'

/**
 * The time-travel clock of the latest API answer. Every answer carries it while time travel is on
 * (`null` otherwise), so the last one seen is the session's current state.
 */
let current: Clock = null
const listeners = new Set<() => void>()

export function recordClock(clock: Clock): void {
  if ((clock?.date ?? null) === (current?.date ?? null)) return
  current = clock
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function snapshot(): Clock {
  return current
}

export function useClock(): Clock {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/** "Now" for the rules: the time-travel date when set, else the real time. */
export function nowFor(clock: Clock, realNow: Date = new Date()): Date {
  return (clock && parseJst(clock.date)) ?? realNow
}
