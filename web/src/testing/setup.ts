import { afterEach, beforeEach, vi } from 'vitest'
import { pinClock } from './clock'

/** Loaded before every web test file (vitest.config.ts): each test starts at TEST_NOW. */
beforeEach(() => {
  pinClock()
})

afterEach(() => {
  vi.useRealTimers()
})
