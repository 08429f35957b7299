import { type ApiErrorDetails, type ErrorCode, errorStatus } from '@puribox/contract/errors'

/**
 * A failure the client is told about: a stable code (mapped to Japanese by clients) and a dev message,
 * with the headers the answer needs (Retry-After) and what else the error answer says (`details`:
 * the optional fields of the contract's ApiError, such as the puri-getting penalty's tries left).
 */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly headers: Record<string, string> = {},
    readonly details: ApiErrorDetails = {},
  ) {
    super(message)
    this.status = errorStatus[code]
  }
}
