/**
 * Debian's Chromium and the flags it needs here: headless as root, and no background networking
 * (this machine's network is closed, and Chromium would otherwise retry Google's hosts at start).
 * Used by the browser tests and the Lighthouse benchmark.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
