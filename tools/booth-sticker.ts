/**
 * What a booth prints in the corner of the sticker sheet (decision 0043): the seal ID as
 * `XXXXX-XXXXX`, and beside it the play's own get address as a QR code, so that a person at the
 * booth scans instead of typing. Used by `npm run booth`, which also prints the QR code in the
 * terminal.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { formatSealId } from '@puribox/contract/seal-id'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { escapeXml, japaneseFontFamily } from './booth-images'

/** The corner's size in pixels (about 54 × 27 mm at 300 dpi, the corner of a sheet). */
export const STICKER_CORNER = { width: 640, height: 320 } as const
/** The QR code's side, quiet zone included; its modules are whole pixels (no blur to misread). */
const QR_SIDE = 272
const MARGIN = (STICKER_CORNER.height - QR_SIDE) / 2

/**
 * The QR code of `url` as text for a terminal (two modules a character, light on dark or dark on
 * light as the terminal shows it). M level: a sheet gets scratched and still reads.
 */
export function terminalQr(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'terminal', small: true, errorCorrectionLevel: 'M' })
}

/** The QR code as a PNG of about `side` pixels, each module a whole number of pixels, 4 modules of quiet zone. */
async function qrPng(url: string, side: number): Promise<Buffer> {
  const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size + 8
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: Math.max(1, Math.floor(side / modules)),
    color: { dark: '#000000ff', light: '#ffffffff' },
  })
}

/** The sticker sheet's corner (PNG): the seal ID printed beside the QR code of its get address. */
export async function stickerCornerPng(sealId: string, url: string): Promise<Buffer> {
  const { width, height } = STICKER_CORNER
  const qr = await qrPng(url, QR_SIDE)
  const qrSize = (await sharp(qr).metadata()).width ?? QR_SIDE
  const qrTop = Math.round((height - qrSize) / 2)
  const textX = MARGIN + QR_SIDE + 28
  const japanese = japaneseFontFamily()
  const sans = `${japanese ? `${japanese}, ` : ''}DejaVu Sans, Liberation Sans, Arial, sans-serif`
  const mono = 'DejaVu Sans Mono, Liberation Mono, Menlo, monospace'
  // The Japanese words only where a Japanese font is installed; the ID and the mark always.
  const label = japanese ? 'シールID' : 'SEAL ID'
  const note = japanese ? ['QRコードを読み取ると', 'スマホでプリが見られます'] : ['Scan to see', 'your puri']
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" rx="28" fill="#fff0f6"/>
  <rect x="6" y="6" width="${width - 12}" height="${height - 12}" rx="24" fill="none" stroke="#f472b6" stroke-width="4" stroke-dasharray="14 8"/>
  <rect x="${MARGIN - 6}" y="${qrTop - 6}" width="${qrSize + 12}" height="${qrSize + 12}" rx="12" fill="#ffffff"/>
  <text x="${textX}" y="96" font-family="${escapeXml(sans)}" font-size="30" font-weight="bold" fill="#db2777">${escapeXml(label)}</text>
  <text x="${textX}" y="158" font-family="${escapeXml(mono)}" font-size="40" font-weight="bold" fill="#1f2937">${escapeXml(formatSealId(sealId))}</text>
  <text x="${textX}" y="214" font-family="${escapeXml(sans)}" font-size="20" fill="#6b7280">${escapeXml(note[0] ?? '')}</text>
  <text x="${textX}" y="242" font-family="${escapeXml(sans)}" font-size="20" fill="#6b7280">${escapeXml(note[1] ?? '')}</text>
  <text x="${width - 28}" y="${height - 22}" font-family="${escapeXml(sans)}" font-size="16" font-weight="bold" text-anchor="end" fill="#f472b6">PuriBox</text>
</svg>`
  return sharp(Buffer.from(svg))
    .composite([{ input: qr, left: MARGIN, top: qrTop }])
    .png()
    .toBuffer()
}

/** `./data/booth` of the repository (beside the server's default data), wherever npm runs the tool from. */
export const STICKER_DIR = path.resolve(import.meta.dirname, '..', 'data', 'booth')

/** Writes the corner to `<dir>/<sealId>.png` and answers the file's path. */
export async function writeStickerCorner(sealId: string, url: string, dir = STICKER_DIR): Promise<string> {
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${sealId}.png`)
  await writeFile(file, await stickerCornerPng(sealId, url))
  return file
}
