import { apiPaths } from '@puribox/contract/api-paths'
import type { CertificateSlot, CertificateUpload } from '@puribox/contract/jhs-free'
import { ApiError, isTransient, readAnswer } from '../../../lib/api-client'
import { callApi } from '../../../lib/call-api'

/**
 * A certificate picture sent in chunks that resume (decision 0048): the server keeps how many bytes
 * it has (the upload's offset), so after a dropped connection the browser asks it and goes on from
 * there instead of starting again. Chunks are small (256 KB) so a weak signal loses little.
 */
export const CHUNK_BYTES = 256 * 1024
/** Waits between tries of a chunk that failed on the way (network, or the server's 5xx). */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000]

const RESUME_KEY = 'puribox:jhs-uploads'

/** The same file chosen again (same name, size and date) in the same slot. */
function fingerprint(slot: CertificateSlot, file: File): string {
  return `${slot}:${file.name}:${file.size}:${file.lastModified}`
}

function resumeMap(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RESUME_KEY) ?? '{}')
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

function remember(key: string, id: string | null): void {
  try {
    const map = resumeMap()
    if (id) map[key] = id
    else delete map[key]
    localStorage.setItem(RESUME_KEY, JSON.stringify(map))
  } catch {
    // Storage refused: the upload then starts again from 0 after a reload, which still works.
  }
}

/** Sends one chunk with the bytes' progress (fetch cannot report it). */
function sendChunk(
  id: string,
  offset: number,
  chunk: Blob,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<CertificateUpload> {
  const path = `${apiPaths.jhsUploadChunk.path.replace(':id', encodeURIComponent(id))}?offset=${offset}`
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('PUT', path)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('Content-Type', 'application/octet-stream')
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    request.upload.onprogress = (event) => onProgress(event.loaded)
    request.onload = () => {
      const answer = new Response(request.responseText, {
        status: request.status,
        headers: { 'Content-Type': 'application/json' },
      })
      readAnswer<'jhsUploadChunk'>(Promise.resolve(answer)).then(resolve, reject)
    }
    request.onerror = () => reject(new ApiError('NETWORK', 0, 'chunk failed'))
    request.ontimeout = request.onerror
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    // A chunk that does not finish in a minute is a dropped connection, retried from the server's offset.
    request.timeout = 60_000
    request.send(chunk)
  })
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new DOMException('aborted', 'AbortError'))
    })
  })

export interface UploadCallbacks {
  /** Bytes the server has, or has on the way, of the file. */
  onProgress(sent: number, total: number): void
  /** True while chunks are retried after a failure on the way; false once one goes through. */
  onRetrying(retrying: boolean): void
  /** The upload exists on the server (its id), before any byte is sent. */
  onStarted?(upload: CertificateUpload): void
}

/**
 * Sends `file` for `slot`, going on with an upload of the same file started before (this tab, or
 * before a reload) when the server still has it. Throws ApiError: the server's refusal
 * (CERTIFICATE_NOT_AN_IMAGE, CERTIFICATE_TOO_LARGE, UNAUTHENTICATED…) or NETWORK when the retries
 * ran out; calling it again with the same file goes on from the server's offset.
 */
export async function uploadCertificate(
  slot: CertificateSlot,
  file: File,
  callbacks: UploadCallbacks,
  signal?: AbortSignal,
): Promise<CertificateUpload> {
  const key = fingerprint(slot, file)
  let upload: CertificateUpload | null = null
  const earlier = resumeMap()[key]
  if (earlier) {
    upload = await callApi('jhsUpload', { params: { id: earlier }, signal }).catch((error: unknown) => {
      if (isTransient(error)) throw error
      return null
    })
    if (upload && upload.byteSize !== file.size) upload = null
  }
  if (!upload) {
    upload = await callApi('jhsUploadStart', {
      body: { slot, byteSize: file.size, fileName: file.name },
      signal,
    })
    remember(key, upload.id)
  }
  callbacks.onStarted?.(upload)
  let failures = 0
  while (upload.state !== 'COMPLETE') {
    const offset: number = upload.offset
    callbacks.onProgress(offset, file.size)
    try {
      upload = await sendChunk(
        upload.id,
        offset,
        file.slice(offset, offset + CHUNK_BYTES),
        (sent) => callbacks.onProgress(offset + sent, file.size),
        signal,
      )
      if (failures > 0) callbacks.onRetrying(false)
      failures = 0
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UPLOAD_OFFSET_MISMATCH') {
        // Our answer was lost, or another tab sent it: the server says where it is.
        upload = await callApi('jhsUpload', { params: { id: upload.id }, signal })
        continue
      }
      if (error instanceof ApiError && !isTransient(error)) {
        if (error.code !== 'UNAUTHENTICATED') remember(key, null)
        throw error
      }
      if (!(error instanceof ApiError)) throw error
      const delay = RETRY_DELAYS_MS[failures]
      if (delay === undefined) throw error
      failures++
      callbacks.onRetrying(true)
      await wait(delay, signal)
      upload = await callApi('jhsUpload', { params: { id: upload.id }, signal }).catch((lookup: unknown) => {
        if (isTransient(lookup)) return upload as CertificateUpload
        throw lookup
      })
    }
  }
  remember(key, null)
  callbacks.onProgress(file.size, file.size)
  return upload
}
