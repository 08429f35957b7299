/** The penalties in force, as the database held them at one moment (decision 0012, "The board"). */
export interface BoardSnapshot {
  /** YELLOW ends by subject (`account:<id>`, `ip:<address>`); ended ones may still be listed. */
  yellowUntil: Map<string, Date>
  /** Accounts whose stored penalty is RED. */
  red: Set<string>
}

export type BoardNote =
  | { kind: 'yellow'; subject: string; until: Date | null }
  | { kind: 'red'; accountId: string; red: boolean }

/**
 * This process's copy of the penalties in force, so that a seal lookup (the hottest request of a
 * booth-side crowd) asks the database nothing. The copy is read again when it is older than
 * `refreshMs`: what another process (or an operator) wrote is seen within that time, and this
 * process's own writes are noted at once. Concurrent lookups share one read.
 */
export function createPenaltyBoard(deps: {
  load: () => Promise<BoardSnapshot>
  refreshMs: number
  /** A monotonic clock in ms (real time, never a session's time travel). */
  monotonicMs?: () => number
}) {
  const monotonicMs = deps.monotonicMs ?? (() => performance.now())
  let snapshot: BoardSnapshot | null = null
  let loadedAt = 0
  let loading: Promise<BoardSnapshot> | null = null
  /** Notes made while a read was under way: the read may have started before their writes. */
  let notesDuringLoad: BoardNote[] = []

  const apply = (target: BoardSnapshot, note: BoardNote) => {
    if (note.kind === 'yellow') {
      if (note.until) target.yellowUntil.set(note.subject, note.until)
      else target.yellowUntil.delete(note.subject)
    } else if (note.red) target.red.add(note.accountId)
    else target.red.delete(note.accountId)
  }

  const reload = (): Promise<BoardSnapshot> => {
    if (loading) return loading
    const startedAt = monotonicMs()
    notesDuringLoad = []
    loading = deps
      .load()
      .then((fresh) => {
        for (const note of notesDuringLoad) apply(fresh, note)
        snapshot = fresh
        loadedAt = startedAt
        return fresh
      })
      .finally(() => {
        loading = null
        notesDuringLoad = []
      })
    return loading
  }

  return {
    /** The current copy, read again first when it is too old. */
    async current(): Promise<BoardSnapshot> {
      if (snapshot && monotonicMs() - loadedAt < deps.refreshMs) return snapshot
      return reload()
    },

    /** This process just wrote a penalty change: lookups here see it at once. */
    note(change: BoardNote): void {
      if (snapshot) apply(snapshot, change)
      if (loading) notesDuringLoad.push(change)
    },
  }
}

export type PenaltyBoard = ReturnType<typeof createPenaltyBoard>
