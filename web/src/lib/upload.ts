import { apiPaths } from '@puribox/contract/api-paths'
import { ApiError, type EntityOf, type JsonRouteKey, readAnswer, type WithClock } from './api-client'

/** One part of a multipart body: a text field, or a file (sent with its name). */
export type MultipartPart = readonly [name: string, value: string | Blob]

/**
 * Sends a multipart body to a route of the contract with upload progress, which fetch cannot
 * report: `onProgress` gets 0–1 while the bytes go out. Answers like callApi, errors included.
 */
export function sendMultipart<K extends JsonRouteKey>(
  route: K,
  parts: readonly MultipartPart[],
  onProgress: (sent: number) => void,
): Promise<WithClock<EntityOf<K>>> {
  const { method, path } = apiPaths[route]
  const form = new FormData()
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, value, value instanceof File ? value.name : name)
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, path)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const answer = new Response(request.responseText, {
        status: request.status,
        headers: { 'Content-Type': 'application/json' },
      })
      readAnswer<K>(Promise.resolve(answer)).then(resolve, reject)
    }
    request.onerror = () => reject(new ApiError('NETWORK', 0, 'upload failed'))
    request.onabort = () => reject(new ApiError('NETWORK', 0, 'upload aborted'))
    request.send(form)
  })
}
