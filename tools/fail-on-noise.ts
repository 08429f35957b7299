import { format } from 'node:util'
import { afterEach, beforeEach } from 'vitest'

/**
 * Loaded before every test file of every Vitest project (vitest.config.ts): a `console.error`
 * (React's act warnings and failed prop types come this way too) or an unhandled promise rejection
 * while a test runs fails that test, with what was said. Noise is how a broken render, a request
 * nobody awaited or a state update after the test ended shows itself; passing over it lets a test
 * go green while the screen it checks is not the one a person sees.
 *
 * A test that provokes an error on purpose says so: `vi.spyOn(console, 'error').mockImplementation(…)`
 * replaces this guard for that test (and checks the call itself).
 */
// Installed once per worker: with `isolate: false` this file runs again for every test file.
const installed = Symbol.for('puribox.failOnNoise')
const globals = globalThis as typeof globalThis & { [installed]?: string[] }
globals[installed] ??= install()
const heard = globals[installed]

function install(): string[] {
  const said: string[] = []
  const originalError = console.error.bind(console)
  console.error = (...args: unknown[]) => {
    said.push(`console.error: ${format(...args)}`)
    originalError(...args)
  }
  process.on('unhandledRejection', (reason) => {
    said.push(
      `unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : format(reason)}`,
    )
  })
  return said
}

beforeEach(() => {
  heard.length = 0
})

/** What the running test has said so far, taken away (the guard's own test reads it this way). */
export function takeNoise(): string[] {
  return heard.splice(0)
}

afterEach(() => {
  const said = takeNoise()
  if (said.length > 0) {
    throw new Error(`The test was noisy; fix the cause (or expect it with a spy):\n${said.join('\n')}`)
  }
})
