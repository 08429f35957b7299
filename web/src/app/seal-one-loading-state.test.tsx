// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountStatus, wrapperResponse } from '../testing/render'
import { createQueryClient } from './query-client'
import { AppRoot } from './root'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

const seal = {
  sealId: 'ABCDE12345',
  sealExpireDate: '2026-11-27T12:00:00',
  machine: { id: 'm1', name: 'Booth', seriesId: 's', version: '1' },
  isProof: false,
  puris: [],
}

/**
 * The loading states the page shows, in order: each time one appears, its words. A loading state
 * that stays (the same element) is one; one replaced by another is two.
 */
function watchLoadingStates(): { shown: string[]; afterLookup: string[]; lookupAnswered: () => void } {
  const shown: string[] = []
  const afterLookup: string[] = []
  let answered = false
  const seen = new WeakSet<Element>()
  const look = () => {
    for (const state of document.querySelectorAll('.loading-state')) {
      if (seen.has(state)) continue
      seen.add(state)
      shown.push(state.textContent ?? '')
      if (answered) afterLookup.push(state.textContent ?? '')
    }
  }
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true })
  return { shown, afterLookup, lookupAnswered: () => (answered = true) }
}

describe('from the seal ID to the pictures, one loading state', () => {
  // The whole app as main.tsx renders it, with its router: the pages' screens download as they
  // would, and a page that moves on to another shows that one's download too.
  it.each([
    ['typed', '/sp/puri/get?sealId=abcde-12345&from=inputSealId'],
    ['scanned', '/sp/puri/get?sealId=ABCDE12345&from=qr'],
  ])('%s: no second one once the seal is known, and the same words throughout', async (_, path) => {
    const states = watchLoadingStates()
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input)
        if (url === '/sp/2/account/self') return wrapperResponse({ entity: accountStatus('GUEST') })
        if (url.startsWith('/sp/2/seals/')) {
          // A little later than at once, as over a network.
          await new Promise((resolve) => setTimeout(resolve, 30))
          states.lookupAnswered()
          return wrapperResponse({ entity: seal })
        }
        return wrapperResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404)
      }),
    )
    window.history.replaceState(null, '', path)
    render(<AppRoot queryClient={createQueryClient()} nativeApp={false} />)

    await screen.findByRole('heading', { level: 1, name: 'プリのプレビュー' }, { timeout: 5000 })
    expect(window.location.pathname).toBe('/web/preview')
    expect(states.afterLookup).toEqual([])
    expect(new Set(states.shown)).toEqual(new Set(['読み込み中…']))
  })
})
