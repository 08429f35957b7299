/**
 * The requests the boot script of index.html (src/shell/boot.ts) sends before the app's JavaScript
 * has arrived, for the queries that would send them: on the preview page the seal request, on my page
 * those of the first page of plays and of the account (sent already, or answered by the server in the
 * page itself). Each is taken once; whoever asks later sends its own.
 */

import type { EarlyAnswerName } from '@puribox/contract/first-screen'

/** The seal request boot.ts sent, for the seal ID in the URL as it read it. */
export interface EarlySealRequest {
  sealId: string
  response: Promise<Response>
}

declare global {
  interface Window {
    /** Left by boot.ts on the preview page; taken (once) by the seal query. */
    puriboxEarlySeal?: EarlySealRequest
    /** Left by boot.ts on my page; each taken (once) by its query. */
    puriboxEarly?: Partial<Record<EarlyRequestName, Promise<Response>>>
  }
}

/** The request boot.ts already sent for this seal, if any; the next caller asks for itself. */
export function takeEarlySealRequest(sealId: string): Promise<Response> | undefined {
  const early = window.puriboxEarlySeal
  if (early?.sealId !== sealId) return undefined
  window.puriboxEarlySeal = undefined
  return early.response
}

/**
 * The requests boot.ts sends on my page before the app has loaded: `plays` is
 * `GET /sp/2/mypage/plays?page=1`, `account` is `GET /sp/2/account/self`.
 */
export type EarlyRequestName = EarlyAnswerName

/** Whether boot.ts has sent that request and nobody has taken it yet. */
export function hasEarlyRequest(name: EarlyRequestName): boolean {
  // Also called while prerendering, where there is no window.
  return typeof window !== 'undefined' && window.puriboxEarly?.[name] !== undefined
}

/** The request boot.ts already sent, if any; the next caller asks for itself. */
export function takeEarlyRequest(name: EarlyRequestName): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined
  const early = window.puriboxEarly?.[name]
  if (early) window.puriboxEarly = { ...window.puriboxEarly, [name]: undefined }
  return early
}
