import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest'
import { browserPage } from '../lib/page-navigation'

/**
 * For a test file whose screens leave the app by a full page load (jsdom cannot): each test's
 * `browserPage.load` is a spy, answered by the function this returns; after each test the screen
 * and the stubbed globals are gone.
 */
export function watchPageLoads(): () => MockInstance<typeof browserPage.load> {
  let loads: MockInstance<typeof browserPage.load> | undefined
  beforeEach(() => {
    loads = vi.spyOn(browserPage, 'load').mockImplementation(() => {})
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
  return () => {
    if (!loads) throw new Error('watchPageLoads: asked outside a test')
    return loads
  }
}
