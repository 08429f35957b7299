/**
 * What `npm run booth` prints when a play is not accepted: what went wrong, in Japanese first (as the
 * booth's staff would read it), the error code, then in plain English what to do about it.
 */
import { BOOTH_LIMITS } from '@puribox/contract/booth'
import { DEFAULT_KEY } from './booth-client'

/** A failed push, as `pushPlay` reports it (a BoothError). */
export interface BoothFailure {
  code: string
  /** The HTTP status, 0 when no answer came. */
  status: number
  message: string
  /** The PuriBox address the play was pushed to. */
  url: string
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i

/** How to point the booth at a PuriBox elsewhere, with an address other than the one just tried. */
function otherServerHint(url: string): string[] {
  let tried: URL | null = null
  try {
    tried = new URL(url)
  } catch {
    tried = null
  }
  const port = tried?.port === '3001' ? '3002' : '3001'
  const example = `http://localhost:${port}`
  const lines = [
    'Is PuriBox running? Start it in another terminal with: npm start',
    `If it runs on another port or computer, say where (npm start prints the address):`,
    `  npm run booth -- --url ${example}`,
    `  or: PURIBOX_URL=${example} npm run booth`,
  ]
  if (tried && !LOOPBACK.test(tried.hostname)) {
    lines.push(
      `A PuriBox on another computer answers only itself unless started with HOST=0.0.0.0 (on ${tried.hostname}).`,
    )
  }
  return lines
}

const explanations: Record<string, (failure: BoothFailure) => [string, string[]]> = {
  SERVER_UNREACHABLE: (f) => ['サーバーに接続できません', otherServerHint(f.url)],
  TIMEOUT: () => [
    'サーバーから応答がありません',
    ['PuriBox did not answer in time; is it overloaded or stuck?'],
  ],
  MACHINE_KEY_INVALID: () => [
    '機械キーが認証されませんでした',
    [
      `The machine key was refused. Outside production the demo key is ${DEFAULT_KEY}; pass another with --key or BOOTH_KEY.`,
    ],
  ],
  MACHINE_MISMATCH: () => [
    '機械IDが機械キーと一致しません',
    ['The machineId in meta belongs to another machine.'],
  ],
  BOOTH_META_INVALID: () => ['プレイ情報（meta）が不正です', ['The server rejected the play description.']],
  IMAGE_INVALID: () => [
    '画像を読み込めませんでした',
    ['A picture is not a valid JPEG/PNG or is too large in pixels.'],
  ],
  IMAGE_MISSING: () => ['画像が足りません', ['A puri listed in meta has no picture part.']],
  PAYLOAD_TOO_LARGE: () => [
    '送信データが大きすぎます',
    [
      `Too many pictures or too large files (at most ${BOOTH_LIMITS.maxPuris} pictures of ${BOOTH_LIMITS.maxImageBytes / 1024 / 1024} MB each).`,
    ],
  ],
  UNSUPPORTED_MEDIA_TYPE: () => [
    '送信形式が受け付けられませんでした',
    ['The server expected multipart/form-data.'],
  ],
  RATE_LIMITED: () => ['送信が多すぎます', ['Wait a little and try again.']],
  SERVICE_UNAVAILABLE: () => ['サーバーが一時的に利用できません', ['Try again in a moment.']],
  INTERNAL_ERROR: () => ['サーバーでエラーが発生しました', ['See the PuriBox server log.']],
  BAD_RESPONSE: (f) => [
    'サーバーの応答を理解できませんでした',
    [
      `Is ${f.url} really PuriBox? Something else may be using that port.`,
      'Point the booth at PuriBox with --url <the address npm start printed>, or PURIBOX_URL.',
    ],
  ],
}

/** The block printed for a failed push: no stack trace, only what a person can act on. */
export function describeBoothFailure(failure: BoothFailure): string {
  const [ja, hints] = explanations[failure.code]?.(failure) ?? [
    'プレイを送信できませんでした',
    ['The server refused the play.'],
  ]
  return [
    `  ✗ ${ja}`,
    `    ${failure.code}${failure.status ? ` (HTTP ${failure.status})` : ''}: ${failure.message}`,
    ...hints.map((hint) => `    ${hint}`),
  ].join('\n')
}
