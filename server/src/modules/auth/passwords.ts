import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Passwords are stored as scrypt hashes (node:crypto, no native add-on to build):
 * `scrypt$<N>$<r>$<p>$<salt>$<hash>`, base64url. The parameters travel with the hash, so they can be
 * raised later and old hashes still verify.
 */
export interface ScryptParams {
  N: number
  r: number
  p: number
}

/** What passwords are hashed with: about 50 ms of one core each, 32 MiB. */
export const PRODUCTION_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 }

/**
 * Under Vitest, the same scheme and code at a 32nd of the cost (N = 2^10), as Rails tests bcrypt at
 * its least cost: the suite signs people in some thousands of times, which at the production cost
 * was over a minute of its two cores. A hash records its parameters, so nothing else differs; the
 * running server and the browser tests use the production cost.
 */
const PARAMS: ScryptParams = process.env.VITEST ? { N: 2 ** 10, r: 8, p: 1 } : PRODUCTION_PARAMS
const KEY_LENGTH = 32
// N=2^15, r=8 needs 32 MiB; Node's default cap is exactly that, so leave room.
const MAX_MEM = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash of nothing anyone knows: checked against when the address is unknown, so both cases take as long. */
let decoy: Promise<string> | undefined
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'))
  return decoy
}
