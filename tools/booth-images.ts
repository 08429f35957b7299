/**
 * Purikura-looking test pictures for the booth simulator, the benchmarks and tests: the server's
 * drawing (server/src/modules/booth/puri-drawing.ts, which the demo draws with too) encoded to JPEG
 * by sharp, with a fine photo-like grain. Output is deterministic for a given set of options.
 */
import { seededRandom } from '@puribox/contract/seeded-random'
import sharp from 'sharp'
import { type PuriDrawingOptions, puriSvg } from '../server/src/modules/booth/puri-drawing'

export { escapeXml, japaneseFontFamily, puriSvg } from '../server/src/modules/booth/puri-drawing'

export interface PuriImageOptions extends PuriDrawingOptions {
  /** JPEG quality, default 85. */
  quality?: number
  /** Add a fine photo-like grain so files have realistic sizes and decode cost. Default true. */
  grain?: boolean
}

/** Renders one purikura-looking picture as a JPEG. */
export async function generatePuriImage(options: PuriImageOptions): Promise<Buffer> {
  const { width, height } = options
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 16) {
    throw new RangeError(`invalid picture size ${width}x${height}`)
  }
  const image = sharp(Buffer.from(puriSvg(options)), { limitInputPixels: false }).flatten({
    background: '#fff',
  })
  if (!(options.grain ?? true)) return image.jpeg({ quality: options.quality ?? 85 }).toBuffer()
  // fine photo-like grain (in 2×2 blocks, like a sensor's noise after demosaicing)
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
  const rand = seededRandom((options.seed ?? options.number) * 31 + options.number)
  const channels = info.channels
  const rowBytes = info.width * channels
  const offsets = new Int8Array(Math.ceil(info.width / 2))
  for (let y = 0; y < info.height; y++) {
    if (y % 2 === 0)
      for (let i = 0; i < offsets.length; i++) offsets[i] = Math.round((rand() + rand() - 1) * 9)
    const row = y * rowBytes
    for (let x = 0; x < info.width; x++) {
      const delta = offsets[x >> 1] as number
      const at = row + x * channels
      for (let c = 0; c < 3; c++) data[at + c] = Math.min(255, Math.max(0, (data[at + c] as number) + delta))
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels } })
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer()
}
