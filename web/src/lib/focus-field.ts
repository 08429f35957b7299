/**
 * Focuses a field that needs attention and brings it to the middle of the screen, so its label
 * above and its message below are in view too (a plain focus scrolls it just to the edge).
 */
export function focusField(element: HTMLElement | null): void {
  if (!element) return
  element.focus({ preventScroll: true })
  // jsdom has no scrollIntoView.
  element.scrollIntoView?.({ block: 'center' })
}
