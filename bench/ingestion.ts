/** Ingestion benchmark pieces: the sharp-alone baseline and timing helpers. */
import { availableParallelism } from 'node:os'
import sharp from 'sharp'

// The server runs with MALLOC_ARENA_MAX set (as `npm start` does), so sharp gives each image every
// core; the baseline gets the same, or it would be measured slower than it can be.
sharp.concurrency(availableParallelism())

/**
 * What sharp alone takes to make the derivatives the server keeps, for every picture of a play in
 * parallel: decode + thumbnail 320 px wide, QVGA inside 240×320, medium 800 px wide, all JPEG.
 */
export async function sharpAloneDerivatives(images: readonly Buffer[]): Promise<void> {
  await Promise.all(
    images.map((image) =>
      Promise.all([
        sharp(image).resize({ width: 320 }).jpeg().toBuffer(),
        sharp(image).resize({ width: 240, height: 320, fit: 'inside' }).jpeg().toBuffer(),
        sharp(image).resize({ width: 800 }).jpeg().toBuffer(),
      ]),
    ),
  )
}

export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
