import { addDays, formatJst } from '@puribox/contract/time'
import { vi } from 'vitest'

/**
 * The one "now" of the web's tests: noon in Japan on Friday 20 November 2026, the same instant as
 * the server tests' clock (server/src/test/harness.ts). `setup.ts` sets the browser's clock to it
 * before every test, and it runs on from there, so a screen that counts days left, checks an age or
 * picks a school year reads the same on any day the suite runs. Fixtures take their dates from it
 * (`jstFromNow`), never from a literal date that ages.
 */
export const TEST_NOW = new Date('2026-11-20T03:00:00Z')

/**
 * Sets the test's clock (`Date` only: timers stay real, so waits and animations behave as in a
 * browser) to `at`, running on from there. A test that needs another moment (a deadline's last
 * minute, the school year's change) calls it with that moment; `setup.ts` calls it with TEST_NOW.
 */
export function pinClock(at: Date = TEST_NOW): void {
  vi.useFakeTimers({ toFake: ['Date'], now: at, shouldAdvanceTime: true })
}

const HOUR_MS = 60 * 60 * 1000

/**
 * A wire date (`YYYY-MM-DDTHH:mm:ss`, Japan time) `days` days and `hours` hours from TEST_NOW, as
 * the server would answer it: what fixtures use for an expiry, a save or a deadline.
 */
export function jstFromNow({ days = 0, hours = 0 }: { days?: number; hours?: number }): string {
  return formatJst(new Date(addDays(TEST_NOW, days).getTime() + hours * HOUR_MS))
}
