/**
 * What the boot script of index.html (boot.ts) leaves for the app before the app's JavaScript has
 * arrived: the prerendered first screen of the page in #root, and on the preview page the seal request
 * it has already sent.
 */

/** The seal request boot.ts sent, for the seal ID in the URL as it read it. */
export interface EarlySealRequest {
  sealId: string
  response: Promise<Response>
}

declare global {
  interface Window {
    /** Left by boot.ts on the preview page; taken (once) by the seal query. */
    puriboxEarlySeal?: EarlySealRequest
  }
}

/** The `data-shell` value boot.ts gives #root once it holds a prerendered screen. */
export const PRERENDERED = 'prerendered'

/** True when #root holds a prerendered screen to hydrate rather than render. */
export function hasPrerenderedShell(root: HTMLElement): boolean {
  return root.dataset.shell === PRERENDERED
}

/** The request boot.ts already sent for this seal, if any; the next caller asks for itself. */
export function takeEarlySealRequest(sealId: string): Promise<Response> | undefined {
  const early = window.puriboxEarlySeal
  if (early?.sealId !== sealId) return undefined
  window.puriboxEarlySeal = undefined
  return early.response
}
