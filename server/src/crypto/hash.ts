import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * SHA-256 of a string's UTF-8 bytes, for secrets kept only as their hash (session ids, verification
 * codes and link tokens, OIDC states, machine keys). The encoding is part of what is stored: a
 * hash written as base64url is only ever found again as base64url, so each caller keeps its own.
 */
export function sha256(value: string, encoding: 'base64url' | 'hex'): string {
  return createHash('sha256').update(value, 'utf8').digest(encoding)
}

/** Whether two hashes are the same, in a time that does not tell how much of them matched. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
