/**
 * What the boot script of index.html (boot.ts) and the app agree on about the page itself: where the
 * app's tags wait, and the mark of a prerendered first screen in #root. The requests it sends early
 * are in src/lib/early-requests.ts, where the queries take them.
 */

/** The template of index.html holding the app's script and module preloads, which boot.ts starts. */
export const APP_TEMPLATE_ID = 'puribox-app'

/** The `data-shell` value boot.ts gives #root once it holds a prerendered screen. */
export const PRERENDERED = 'prerendered'

/** True when #root holds a prerendered screen to hydrate rather than render. */
export function hasPrerenderedShell(root: HTMLElement): boolean {
  return root.dataset.shell === PRERENDERED
}
