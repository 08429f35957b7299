import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { japanDay } from '@puribox/contract/time'
import type { Clock } from '../../ports/clock'
import type { LookupCount } from './seals.repository'

/**
 * How long counted lookups wait in memory before they are written: at most one statement a second
 * per process, however busy the booths are (decision 0043).
 */
export const LOOKUP_COUNT_FLUSH_MS = 1000

/**
 * Counts found seal lookups per day and source (decision 0043). A lookup never waits for the count:
 * it adds one to a tally in memory, and the tally is written as one upsert (a row per day and
 * source) a second after the first count, or when the server closes. Saves group their statements
 * too (decisions 0015, 0031), but each save waits for its own answer, so they go on the next turn of
 * the event loop; a count needs no answer, and counts of the same day and source fold into one
 * number, so they can wait longer and write less. A write that fails keeps its counts for the next
 * one; what a process that crashes has not written yet is lost (a second of statistics at most).
 */
export function createLookupSourceCounter(deps: {
  write(counts: readonly LookupCount[]): Promise<void>
  /** Real time (never a session's time travel): the day a lookup happened on. */
  clock: Clock
  onError(error: unknown): void
  flushMs?: number
}) {
  const flushMs = deps.flushMs ?? LOOKUP_COUNT_FLUSH_MS
  /** `day|source` → lookups not yet written. */
  let pending = new Map<string, LookupCount>()
  let timer: NodeJS.Timeout | null = null
  /** The write under way: a flush waits for it, so two writes never race for the same rows. */
  let writing: Promise<void> = Promise.resolve()

  const add = (into: Map<string, LookupCount>, count: LookupCount) => {
    const key = `${count.day}|${count.source}`
    const known = into.get(key)
    if (known) known.lookups += count.lookups
    else into.set(key, { ...count })
  }

  const writePending = async () => {
    if (pending.size === 0) return
    const batch = [...pending.values()]
    pending = new Map()
    try {
      await deps.write(batch)
    } catch (error) {
      for (const count of batch) add(pending, count)
      deps.onError(error)
    }
  }

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer)
    timer = null
    writing = writing.then(writePending)
    return writing
  }

  return {
    /** One found lookup from `source`, counted on today's row (Japan time). */
    count(source: SealLookupSource): void {
      add(pending, { day: japanDay(deps.clock.now()), source, lookups: 1 })
      // The timer never keeps the process alive: closing the server flushes.
      timer ??= setTimeout(() => void flush(), flushMs).unref()
    },

    /** Writes what is counted now (the timer does it by itself; the server's close, and tests, call it). */
    flush,
  }
}

export type LookupSourceCounter = ReturnType<typeof createLookupSourceCounter>
