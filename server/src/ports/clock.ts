/** Real time. Per-request "now" (time travel) is derived from it in the request context. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock a test can set and move. */
export function fixedClock(start: Date): Clock & { set(date: Date): void; advance(ms: number): void } {
  let current = start
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms)
    },
  }
}
