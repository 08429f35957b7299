/**
 * A small deterministic pseudo-random generator (mulberry32): the same numbers in [0, 1) for the
 * same seed, in every run. For demo data, generated benchmark data and drawn sample pictures, so
 * they are the same at every start and in every test; never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
