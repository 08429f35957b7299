// The shared sentences come with the screens that report errors, not with the first load.
import errors from '../locales/ja/errors.json'
import { ApiError, type ClientErrorCode } from './api-client'

type Messages = Readonly<Record<string, string>>

/** The code of whatever a call threw: the API's, or BAD_RESPONSE for anything unexpected. */
export function errorCodeOf(error: unknown): ClientErrorCode {
  return error instanceof ApiError ? error.code : 'BAD_RESPONSE'
}

/** Seconds the answer asked to wait before trying again (its `Retry-After`); null when it did not say. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof ApiError ? error.retryAfterSeconds : null
}

/**
 * The Japanese sentence for an error code: the screen's own message for it first (`specific`, a
 * group of a locale file such as `login.errors` of auth.json), then the common one, then a generic one.
 */
export function messageForCode(code: string, specific: Messages = {}): string {
  if (Object.hasOwn(specific, code)) return specific[code] as string
  const shared: Messages = errors
  if (code !== 'generic' && Object.hasOwn(shared, code)) return shared[code] as string
  return errors.generic
}

/** `messageForCode` for a thrown error. */
export function errorMessage(error: unknown, specific: Messages = {}): string {
  return messageForCode(errorCodeOf(error), specific)
}
