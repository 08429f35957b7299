/**
 * Seal IDs are 10 characters of Crockford base32 printed at the booth as `XXXXX-XXXXX`.
 * People type them on phones, often with a Japanese keyboard: input is normalised before lookup.
 */
export const SEAL_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const SEAL_ID_LENGTH = 10

const CANONICAL = /^[0-9A-HJKMNP-TV-Z]{10}$/

/**
 * What a seal ID may be written as, for the API's documentation: the characters `normalizeSealId`
 * reads (letters and digits; the full-width forms of ASCII, which it reads as their ASCII; and the
 * hyphens, spaces and underscores people type between the two halves). Anything else is
 * SEAL_ID_MALFORMED, as is a value that is not 10 characters of the alphabet once read. Kept short:
 * it is in the top page's first load.
 */
export const SEAL_ID_INPUT_PATTERN = '^[0-9A-Za-z\\uFF01-\\uFF5E\\s\\-\\u2010-\\u2015\\u30FC\\u2212_]{10,64}$'

/** NFKC (full-width → half-width), upper-case, drop hyphens/spaces, O→0, I/L→1. Null if malformed. */
export function normalizeSealId(input: string): string | null {
  const cleaned = input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—―ー−_]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  return CANONICAL.test(cleaned) ? cleaned : null
}

/** `ABCDE12345` → `ABCDE-12345`, as printed on the sticker sheet. */
export function formatSealId(sealId: string): string {
  return `${sealId.slice(0, 5)}-${sealId.slice(5)}`
}
