/**
 * Loads a page from the server, leaving the web app (a path that is not one of its pages). Its own
 * module, so component tests can replace it: jsdom cannot navigate.
 */
export function replacePage(url: string): void {
  window.location.replace(url)
}
