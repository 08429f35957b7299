import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createSharpImages } from './images'

const images = createSharpImages()
const LIMITS = { maxPixels: 100_000_000 }

/** An iPhone-style HEIC (HEVC in HEIF), 120 × 80: see the fixtures folder's README for its making. */
function heic(): Promise<Buffer> {
  return readFile(new URL('../modules/school-applications/fixtures/certificate.heic', import.meta.url))
}

describe('decodeWhole', () => {
  it('decodes a HEIC to its last pixel, and refuses one cut short or with damaged boxes', async () => {
    const picture = await heic()
    expect(await images.decodeWhole(picture, 'heif', LIMITS)).toBe('OK')
    expect(await images.decodeWhole(picture.subarray(0, picture.length - 50), 'heif', LIMITS)).toBe(
      'UNREADABLE',
    )
    const html = Buffer.from('<html><body>not a picture</body></html>')
    expect(await images.decodeWhole(Buffer.concat([picture.subarray(0, 12), html]), 'heif', LIMITS)).toBe(
      'UNREADABLE',
    )
  })

  it('reads the size of a HEIC from its header and decodes nothing over the limit', async () => {
    expect(await images.decodeWhole(await heic(), 'heif', { maxPixels: 120 * 80 - 1 })).toBe(
      'TOO_MANY_PIXELS',
    )
  })

  it('decodes several HEIC pictures sent at once, one after the other', async () => {
    const picture = await heic()
    const cut = picture.subarray(0, picture.length - 50)
    const results = await Promise.all(
      [picture, cut, picture, cut].map((data) => images.decodeWhole(data, 'heif', LIMITS)),
    )
    expect(results).toEqual(['OK', 'UNREADABLE', 'OK', 'UNREADABLE'])
  })

  it('decodes an AVIF (AV1 in HEIF) with sharp itself', async () => {
    const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f0a' } })
      .avif()
      .toBuffer()
    expect(await images.decodeWhole(avif, 'heif', LIMITS)).toBe('OK')
    expect(await images.decodeWhole(avif.subarray(0, avif.length - 20), 'heif', LIMITS)).toBe('UNREADABLE')
  })

  it('refuses a picture that is not the format its first bytes claim', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    expect(await images.decodeWhole(png, 'jpeg', LIMITS)).toBe('UNREADABLE')
  })
})
