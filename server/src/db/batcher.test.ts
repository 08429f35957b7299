import { describe, expect, it, vi } from 'vitest'
import { createBatcher } from './batcher'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('createBatcher, turns of the event loop', () => {
  it('sends the calls of one turn together, on the next turn', async () => {
    const batches: number[][] = []
    const call = createBatcher<number, number>({
      run: async (batch) => {
        batches.push([...batch])
        return [...batch]
      },
      keyOf: String,
      maxBatch: 10,
      maxInFlight: 1,
    })
    const calls = [1, 2, 3].map(call)
    expect(batches).toEqual([])
    await nextTurn()
    expect(batches).toEqual([[1, 2, 3]])
    expect(await Promise.all(calls)).toEqual([1, 2, 3])
  })
})

describe('createBatcher, batches in the database', () => {
  it('sends a lone call on the next turn, and the calls made meanwhile together as the next batch', async () => {
    const batches: string[][] = []
    const gate = deferred()
    const call = createBatcher<string, string>({
      run: async (batch) => {
        batches.push([...batch])
        if (batches.length === 1) await gate.promise
        return batch.map((input) => input.toUpperCase())
      },
      keyOf: (input) => input,
      maxBatch: 10,
      maxInFlight: 1,
    })
    const first = call('a')
    await nextTurn()
    const rest = ['b', 'c', 'd'].map(call)
    expect(batches).toEqual([['a']])
    gate.resolve()
    expect(await Promise.all([first, ...rest])).toEqual(['A', 'B', 'C', 'D'])
    expect(batches).toEqual([['a'], ['b', 'c', 'd']])
  })

  it('never puts one key twice in a batch, and keeps to maxBatch', async () => {
    const batches: string[][] = []
    const gate = deferred()
    const call = createBatcher<string, number>({
      run: async (batch) => {
        batches.push([...batch])
        if (batches.length === 1) await gate.promise
        return batch.map((input) => input.length)
      },
      keyOf: (input) => input,
      maxBatch: 2,
      maxInFlight: 1,
    })
    const first = call('x')
    await nextTurn()
    const calls = [first, ...['k', 'k', 'k', 'yy'].map(call)]
    gate.resolve()
    expect(await Promise.all(calls)).toEqual([1, 1, 1, 1, 2])
    expect(batches).toEqual([['x'], ['k', 'yy'], ['k'], ['k']])
  })

  it('runs the calls of a failed batch one by one: only the bad one fails', async () => {
    const gate = deferred()
    let runs = 0
    const call = createBatcher<number, number>({
      run: async (batch) => {
        runs++
        if (runs === 1) await gate.promise
        if (batch.includes(13)) throw new Error('unlucky')
        return batch.map((n) => n * 2)
      },
      keyOf: String,
      maxBatch: 10,
      maxInFlight: 1,
    })
    const first = call(1)
    await nextTurn()
    const good = call(2)
    const bad = call(13)
    const alsoGood = call(3)
    gate.resolve()
    expect(await first).toBe(2)
    expect(await good).toBe(4)
    await expect(bad).rejects.toThrow('unlucky')
    expect(await alsoGood).toBe(6)
  })

  it('keeps up to maxInFlight batches in the database at once', async () => {
    let inFlight = 0
    let most = 0
    const call = createBatcher<number, number>({
      run: async (batch) => {
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return [...batch]
      },
      keyOf: String,
      maxBatch: 1,
      maxInFlight: 3,
    })
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => call(i)))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ])
    expect(most).toBe(3)
  })

  it('holds a call back while a batch with its key is in the database, though there is room', async () => {
    const batches: string[][] = []
    const gates: ReturnType<typeof deferred>[] = []
    const call = createBatcher<string, string>({
      run: async (batch) => {
        batches.push([...batch])
        const gate = deferred()
        gates.push(gate)
        await gate.promise
        return [...batch]
      },
      keyOf: (input) => input.split('#')[0]!,
      maxBatch: 10,
      maxInFlight: 2,
    })
    const first = call('member-a#1')
    await nextTurn()
    expect(batches).toEqual([['member-a#1']])
    // The same member again, and another member: only the other one goes beside the first batch.
    const again = call('member-a#2')
    const other = call('member-b#1')
    await nextTurn()
    expect(batches).toEqual([['member-a#1'], ['member-b#1']])
    gates[1]!.resolve()
    expect(await other).toBe('member-b#1')
    await nextTurn()
    expect(batches).toHaveLength(2)
    // Once the first has finished, the second tap goes.
    gates[0]!.resolve()
    expect(await first).toBe('member-a#1')
    await vi.waitFor(() => expect(batches).toEqual([['member-a#1'], ['member-b#1'], ['member-a#2']]))
    gates[2]!.resolve()
    expect(await again).toBe('member-a#2')
  })
})
