import { ApiError } from '../../../lib/api-client'

export interface ZipProgress {
  received: number
  /** From Content-Length; null when the server did not say. */
  total: number | null
}

/** The error code of a failed file answer: the wrapper's when the server sent one, else by status. */
async function failureOf(response: Response): Promise<ApiError> {
  try {
    const payload = (await response.json()) as { error?: { code?: unknown } | null }
    const code = payload.error?.code
    if (typeof code === 'string') return new ApiError(code as ApiError['code'], response.status)
  } catch {
    // Not the wrapper: fall through to the status.
  }
  return new ApiError(response.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_RESPONSE', response.status)
}

/**
 * Downloads a play's ZIP chunk by chunk, telling the progress as bytes arrive (the whole file can be
 * tens of MB over a phone line). Throws ApiError (NETWORK, the server's code) or the AbortError of
 * `signal`.
 */
export async function downloadPlayZip(
  url: string,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ZipProgress) => void },
): Promise<Blob> {
  let response: Response
  try {
    response = await fetch(url, { credentials: 'include', signal })
  } catch (cause) {
    if (signal.aborted) throw cause
    throw new ApiError('NETWORK', 0, String(cause))
  }
  if (!response.ok) throw await failureOf(response)

  const length = Number(response.headers.get('Content-Length'))
  const total = Number.isFinite(length) && length > 0 ? length : null
  const chunks: Uint8Array[] = []
  let received = 0
  onProgress({ received, total })
  if (!response.body) return response.blob()
  const reader = response.body.getReader()
  // A cancel must end a read that is waiting for the network, whatever fetch does with the signal.
  const stop = () => void reader.cancel().catch(() => {})
  signal.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      received += value.byteLength
      onProgress({ received, total })
    }
  } catch (cause) {
    if (signal.aborted) throw cause
    throw new ApiError('NETWORK', 0, String(cause))
  } finally {
    signal.removeEventListener('abort', stop)
  }
  signal.throwIfAborted()
  return new Blob(chunks as BlobPart[], { type: 'application/zip' })
}

/** Hands a downloaded file to the browser as a download; one object so tests can watch it. */
export const fileSaver = {
  save(blob: Blob, fileName: string): void {
    const href = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = href
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
    // Some browsers read the blob after click() returns.
    setTimeout(() => URL.revokeObjectURL(href), 60_000)
  },
}
