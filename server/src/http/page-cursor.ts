import { AppError } from './errors'

/**
 * A list's `next`: where the page after it starts, as opaque text (JSON in base64url) that the
 * client sends back as `after` without reading it.
 */
export function encodePageCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/**
 * The value a `next` of `encodePageCursor` holds, when `isCursor` accepts it; VALIDATION_FAILED for
 * anything else (not base64url JSON, or not a cursor of this list).
 */
export function decodePageCursor<T>(text: string, isCursor: (value: unknown) => value is T): T {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    value = null
  }
  if (isCursor(value)) return value
  throw new AppError('VALIDATION_FAILED', 'after is not a page of this list')
}
