/**
 * Reads a QR code from a picture's pixels, as a phone's camera would (jsQR): how the tests check
 * that what the booth prints leads to the play (decision 0043). For tests only (jsqr is a dev
 * dependency).
 */
import jsQR from 'jsqr'
import sharp from 'sharp'

/** The text of the QR code in a picture (PNG, JPEG…), or null when none can be read. */
export async function readQrCode(picture: Buffer): Promise<string | null> {
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}
