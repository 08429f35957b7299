import { afterEach, describe, expect, it, vi } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { createLookupSourceCounter, LOOKUP_COUNT_FLUSH_MS } from './lookup-sources'
import type { LookupCount } from './seals.repository'

// 23:59:30 in Japan on 20 November.
const LATE = new Date('2026-11-20T14:59:30Z')

function counterOver(write: (counts: readonly LookupCount[]) => Promise<void>) {
  const clock = fixedClock(LATE)
  const errors: unknown[] = []
  const counter = createLookupSourceCounter({ write, clock, onError: (error) => errors.push(error) })
  return { counter, clock, errors }
}

describe('createLookupSourceCounter', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('folds lookups into one row per day (Japan time) and source, written once after the wait', async () => {
    vi.useFakeTimers()
    const writes: LookupCount[][] = []
    const { counter, clock } = counterOver(async (counts) => {
      writes.push([...counts])
    })
    counter.count('qr')
    counter.count('qr')
    counter.count('inputSealId')
    clock.advance(60_000) // past midnight in Japan
    counter.count('qr')
    await vi.advanceTimersByTimeAsync(LOOKUP_COUNT_FLUSH_MS - 1)
    expect(writes).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(writes).toEqual([
      [
        { day: '2026-11-20', source: 'qr', lookups: 2 },
        { day: '2026-11-20', source: 'inputSealId', lookups: 1 },
        { day: '2026-11-21', source: 'qr', lookups: 1 },
      ],
    ])
    // Nothing counted since: no empty write.
    await vi.advanceTimersByTimeAsync(10 * LOOKUP_COUNT_FLUSH_MS)
    expect(writes).toHaveLength(1)
  })

  it('keeps the counts of a write that failed for the next one', async () => {
    let fail = true
    const writes: LookupCount[][] = []
    const { counter, errors } = counterOver(async (counts) => {
      if (fail) throw new Error('database is down')
      writes.push([...counts])
    })
    counter.count('qr')
    await counter.flush()
    expect(errors).toHaveLength(1)
    fail = false
    counter.count('qr')
    counter.count('other')
    await counter.flush()
    expect(writes).toEqual([
      [
        { day: '2026-11-20', source: 'qr', lookups: 2 },
        { day: '2026-11-20', source: 'other', lookups: 1 },
      ],
    ])
  })

  it('never writes twice at once: a flush waits for the write under way, then writes what came meanwhile', async () => {
    let running = 0
    let mostAtOnce = 0
    let release = () => {}
    const writes: LookupCount[][] = []
    const { counter } = counterOver(async (counts) => {
      running++
      mostAtOnce = Math.max(mostAtOnce, running)
      await new Promise<void>((resolve) => {
        release = resolve
      })
      writes.push([...counts])
      running--
    })
    counter.count('qr')
    const first = counter.flush()
    // The first write is under way (held) when the next lookups come.
    await vi.waitFor(() => expect(running).toBe(1))
    counter.count('qr')
    counter.count('qr')
    const second = counter.flush()
    release()
    await first
    await vi.waitFor(() => expect(running).toBe(1))
    release()
    await second
    expect(mostAtOnce).toBe(1)
    expect(writes).toEqual([
      [{ day: '2026-11-20', source: 'qr', lookups: 1 }],
      [{ day: '2026-11-20', source: 'qr', lookups: 2 }],
    ])
  })
})
