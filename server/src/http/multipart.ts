import { AppError } from './errors'

/**
 * Runs `read` over the request's multipart body. A body the parser cannot read (no boundary, cut
 * short, a broken part header) is the client's mistake: VALIDATION_FAILED, not a 500. Errors that
 * already carry a status (limits, our own AppErrors) pass through unchanged.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') {
      throw error
    }
    throw new AppError('VALIDATION_FAILED', `unreadable multipart body: ${(error as Error).message}`)
  }
}
