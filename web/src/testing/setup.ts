import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { pinClock } from './clock'

// `findBy…` and `waitFor` give a screen 5 s rather than testing-library's 1 s: the first test of a
// file also loads the screen's lazy modules, which takes over a second when both cores are busy
// (the whole suite runs two workers at once), and a test must not fail for the machine's load.
configure({ asyncUtilTimeout: 5_000 })

/** Loaded before every web test file (vitest.config.ts): each test starts at TEST_NOW. */
beforeEach(() => {
  pinClock()
})

/**
 * What a test leaves behind goes with it. The project runs its files one after another in the same
 * jsdom (vitest.config.ts, `isolate: false`), so the next file must not find this one's screen,
 * stored drafts or stubbed globals.
 */
afterEach(() => {
  cleanup()
  // A file that runs in node rather than jsdom (`@vitest-environment node`) has no storage.
  if (typeof window !== 'undefined') {
    window.localStorage.clear()
    window.sessionStorage.clear()
  }
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
