import { describe, expect, it } from 'vitest'
import { type BoardSnapshot, createPenaltyBoard } from './penalty-board'

const snapshot = (yellow: Array<[string, Date]> = [], red: string[] = []): BoardSnapshot => ({
  yellowUntil: new Map(yellow),
  red: new Set(red),
})

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('createPenaltyBoard', () => {
  const until = new Date('2026-11-20T04:00:00Z')

  it('reads the database once per refresh time, and concurrent callers share the read', async () => {
    let now = 0
    let loads = 0
    const board = createPenaltyBoard({
      load: async () => {
        loads++
        return snapshot([['ip:a', until]])
      },
      refreshMs: 1000,
      monotonicMs: () => now,
    })
    const [first, second] = await Promise.all([board.current(), board.current()])
    expect(loads).toBe(1)
    expect(first).toBe(second)
    now = 999
    await board.current()
    expect(loads).toBe(1)
    now = 1000
    await board.current()
    expect(loads).toBe(2)
  })

  it("applies this process's notes at once, and keeps them over a read that started before them", async () => {
    const reads = [deferred<BoardSnapshot>(), deferred<BoardSnapshot>()]
    let now = 0
    let call = 0
    const board = createPenaltyBoard({
      load: () => reads[call++]!.promise,
      refreshMs: 1000,
      monotonicMs: () => now,
    })
    const initial = board.current()
    reads[0]!.resolve(snapshot([], ['acc-1']))
    expect((await initial).red.has('acc-1')).toBe(true)

    board.note({ kind: 'red', accountId: 'acc-1', red: false })
    board.note({ kind: 'yellow', subject: 'ip:b', until })
    expect((await board.current()).red.has('acc-1')).toBe(false)
    expect((await board.current()).yellowUntil.get('ip:b')).toEqual(until)

    // A read starts; before it answers, this process writes YELLOW for ip:c. The read did not see it.
    now = 2000
    const reading = board.current()
    board.note({ kind: 'yellow', subject: 'ip:c', until })
    reads[1]!.resolve(snapshot())
    const fresh = await reading
    expect(fresh.yellowUntil.get('ip:c')).toEqual(until)
    // What the database no longer holds is gone (ip:b was cleared elsewhere).
    expect(fresh.yellowUntil.has('ip:b')).toBe(false)
  })

  it('with refreshMs 0 reads every time, and a failed read is tried again by the next caller', async () => {
    let fail = true
    let loads = 0
    const board = createPenaltyBoard({
      load: async () => {
        loads++
        if (fail) throw new Error('database down')
        return snapshot()
      },
      refreshMs: 0,
    })
    await expect(board.current()).rejects.toThrow('database down')
    fail = false
    await board.current()
    await board.current()
    expect(loads).toBe(3)
  })
})
