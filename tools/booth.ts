/**
 * npm run booth [-- --count 6 --raw 2 --size 1200x1800 --proof --url http://localhost:3000 --key dev-booth-key]
 *
 * Simulates one play at a photo-sticker booth: draws the pictures, pushes them to PuriBox like a
 * booth machine does (POST /booth/v1/seals) and prints what the booth prints on the sheet: the seal
 * ID and, as a QR code, the play's get address (in the terminal, and as a picture of the sheet's
 * corner in ./data/booth/<sealId>.png; decision 0043).
 */
import { parseArgs } from 'node:util'
import { BoothError, DEFAULT_KEY, DEFAULT_SIZE, DEFAULT_URL, planPlay, pushPlay } from './booth-client'
import { describeBoothFailure } from './booth-messages'
import { STICKER_DIR, terminalQr, writeStickerCorner } from './booth-sticker'

const usage = `Usage: npm run booth -- [options]

  --count <n>     pictures in the play, raw ones included (default 6)
  --raw <n>       how many are raw, pre-doodle pictures (default 2; each belongs to a doodled one)
  --size <WxH>    picture size in pixels (default ${DEFAULT_SIZE.width}x${DEFAULT_SIZE.height})
  --proof         mark every picture as a proof sample (a test print of the machine)
  --seed <n>      draw the same pictures again
  --url <url>     PuriBox (default env PURIBOX_URL or ${DEFAULT_URL})
  --key <key>     machine key (default env BOOTH_KEY or ${DEFAULT_KEY})
  --out <dir>     where the picture of the sheet's corner goes (default ${STICKER_DIR})

PuriBox on another port: npm start prints the booth command for it (--url http://localhost:<port>).

The QR code holds the server's PUBLIC_URL: to scan it with a phone, start PuriBox open to the
network with a PUBLIC_URL the phone can reach
(e.g. HOST=0.0.0.0 PUBLIC_URL=http://192.168.1.20:3000 npm start).
`

function fail(message: string, code = 2): never {
  console.error(`${message}\n\n${usage}`)
  process.exit(code)
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number (got "${value}")`)
  return n
}

let values: ReturnType<typeof parse>['values']
function parse() {
  return parseArgs({
    options: {
      count: { type: 'string' },
      raw: { type: 'string' },
      size: { type: 'string' },
      proof: { type: 'boolean', default: false },
      seed: { type: 'string' },
      url: { type: 'string' },
      key: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
}
try {
  values = parse().values
} catch (error) {
  fail((error as Error).message)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}

const count = wholeNumber('count', values.count) ?? 6
const raw = wholeNumber('raw', values.raw)
const seed = wholeNumber('seed', values.seed)
const sizeMatch = /^(\d+)[x×*](\d+)$/i.exec(values.size ?? `${DEFAULT_SIZE.width}x${DEFAULT_SIZE.height}`)
if (!sizeMatch) fail(`--size must look like 1200x1800 (got "${values.size}")`)
const width = Number(sizeMatch[1])
const height = Number(sizeMatch[2])
if (width < 16 || height < 16 || width * height > 60_000_000)
  fail(`--size ${width}x${height} is out of range`)
let plan: ReturnType<typeof planPlay>
try {
  plan = planPlay({ count, raw, proof: values.proof })
} catch (error) {
  fail(`--count ${count}${raw === undefined ? '' : ` --raw ${raw}`}: ${(error as Error).message}`)
}
const url = values.url ?? process.env.PURIBOX_URL ?? DEFAULT_URL
const doodled = plan.filter((p) => !p.isRawPuri).length

console.log(
  `Booth play: ${doodled} doodled + ${plan.length - doodled} raw picture(s), ${width}×${height}` +
    `${values.proof ? ', proof samples' : ''} → ${url}`,
)
try {
  const result = await pushPlay({
    url,
    key: values.key,
    count,
    raw,
    width,
    height,
    seed,
    proof: values.proof,
  })
  const line = '━'.repeat(31)
  const qr = await terminalQr(result.puriGetUrl)
  const sticker = await writeStickerCorner(result.sealId, result.puriGetUrl, values.out)
  console.log(`
  ${line}
    シールID   ${result.formattedSealId}
  ${line}

${qr.replace(/^/gm, '  ')}
  scan:      ${result.puriGetUrl}
  sticker:   ${sticker}  (the sheet's corner: the seal ID and this QR code)

  pictures:  ${result.puris
    .map(
      (p) =>
        `${p.number}${p.isRawPuri ? ` (raw of ${p.rawPuriImageNumber})` : ''}${p.isProofSample ? ' [proof]' : ''}`,
    )
    .join(', ')}
  expires:   ${result.sealExpireDate} (日本時間 / Japan time)
  preview:   ${result.previewUrl}
  upload:    ${result.elapsedMs} ms
`)
} catch (error) {
  if (!(error instanceof BoothError)) throw error
  console.error(`\n${describeBoothFailure(error)}\n`)
  process.exit(1)
}
