/**
 * Group commit for a hot write (decision 0015): calls made while a batch is in the database, or in
 * the same turn of the event loop, wait and go together as the next batch, so under load one
 * statement serves many requests, and alone a call goes on the next turn (no timer). A call never
 * runs beside another with the same key (one member's double submit): it waits until the batch
 * holding that key has finished, so it sees what that one wrote. (Two batches running at once on
 * PostgreSQL do not see each other's rows: the second tap would find neither the member's
 * registration nor a free place, and answer "full" to a member who got in.) When a batch of
 * several fails, each of its calls is run alone, so one bad call never fails the others.
 *
 * DataLoader was weighed: it batches per tick, not "while the last batch runs", and with its cache
 * off it puts equal keys in one batch.
 */
export function createBatcher<I, O>(options: {
  /** Runs a batch; answers one output per input, in order. */
  run: (batch: readonly I[]) => Promise<O[]>
  keyOf: (input: I) => string
  maxBatch: number
  /** Batches in the database at once. */
  maxInFlight: number
}): (input: I) => Promise<O> {
  interface Waiting {
    input: I
    resolve: (output: O) => void
    reject: (error: unknown) => void
  }
  let queue: Waiting[] = []
  let inFlight = 0
  /** Keys of the calls in the database now (each at most once: see `pump`). */
  const busy = new Set<string>()

  const settle = async (batch: Waiting[]) => {
    try {
      const outputs = await options.run(batch.map((call) => call.input))
      if (outputs.length !== batch.length)
        throw new Error(`batch of ${batch.length} answered ${outputs.length}`)
      for (const [i, call] of batch.entries()) call.resolve(outputs[i]!)
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error)
        return
      }
      for (const call of batch) {
        await options.run([call.input]).then(([output]) => call.resolve(output!), call.reject)
      }
    }
  }

  const pump = () => {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch: Waiting[] = []
      const keys = new Set<string>()
      const later: Waiting[] = []
      for (const call of queue) {
        const key = options.keyOf(call.input)
        if (batch.length < options.maxBatch && !keys.has(key) && !busy.has(key)) {
          keys.add(key)
          batch.push(call)
        } else later.push(call)
      }
      queue = later
      // Everything left waits for a batch in the database; its end pumps again.
      if (batch.length === 0) return
      for (const key of keys) busy.add(key)
      inFlight++
      void settle(batch).finally(() => {
        for (const key of keys) busy.delete(key)
        inFlight--
        schedule()
      })
    }
  }

  // The next batch starts on the event loop's next turn, not at once: an embedded database (PGlite)
  // runs a statement synchronously, so requests that arrived meanwhile wait unread in their sockets;
  // one turn lets them all in first.
  let scheduled = false
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      pump()
    })
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject })
      schedule()
    })
}
