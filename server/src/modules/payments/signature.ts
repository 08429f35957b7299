import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The payment gateway signs each notification it sends (decision 0019): HMAC-SHA256 with the shared
 * secret over `<unix seconds>.<raw body>`, sent as `t=<unix seconds>,v1=<hex>`. The time bounds a
 * replay of a captured notification to a few minutes; within them, the event id makes a replay
 * change nothing.
 */
export const SIGNATURE_HEADER = 'puribox-pay-signature'

/** How far a signature's time may be from ours, either way, in seconds. */
export const SIGNATURE_TOLERANCE_S = 300

export type SignatureProblem = 'MISSING' | 'MALFORMED' | 'STALE' | 'MISMATCH'

const digest = (secret: string, seconds: number, body: string) =>
  createHmac('sha256', secret).update(`${seconds}.${body}`).digest()

/** The header value for `body` signed at `at`. */
export function signNotification(secret: string, body: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000)
  return `t=${seconds},v1=${digest(secret, seconds, body).toString('hex')}`
}

/**
 * Checks a notification's signature: null when it is good, else what is wrong with it. Several `v1`
 * values may come while the gateway rotates its secret; one good one is enough.
 */
export function signatureProblem(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date,
): SignatureProblem | null {
  if (!header) return 'MISSING'
  let seconds: number | null = null
  const signatures: Buffer[] = []
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2)
    if (key === 't' && /^\d{1,12}$/.test(value)) seconds = Number(value)
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'))
  }
  if (seconds === null || signatures.length === 0) return 'MALFORMED'
  if (Math.abs(now.getTime() / 1000 - seconds) > SIGNATURE_TOLERANCE_S) return 'STALE'
  const expected = digest(secret, seconds, body)
  return signatures.some((signature) => timingSafeEqual(signature, expected)) ? null : 'MISMATCH'
}
