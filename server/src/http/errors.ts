import { type ErrorCode, errorStatus } from '@puribox/contract/errors'

/** A failure the client is told about: a stable code (mapped to Japanese by clients) and a dev message. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = errorStatus[code]
  }
}
