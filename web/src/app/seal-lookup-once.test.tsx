// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountStatus, wrapperResponse } from '../testing/render'
import { createQueryClient } from './query-client'
import { AppRoot } from './root'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

/**
 * Every request the page sends, and the ones it gave up on: a lookup the page aborts has reached the
 * server all the same, where an unknown seal ID counts towards the puri-getting penalty, so a second request could count it twice.
 */
function stubServer() {
  const sent: string[] = []
  const aborted: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      sent.push(url)
      init?.signal?.addEventListener('abort', () => aborted.push(url))
      if (url === '/sp/2/account/self') return wrapperResponse({ entity: accountStatus('GUEST') })
      // A little later than at once, as over a network: time for the page to give up on it.
      await new Promise((resolve) => setTimeout(resolve, 30))
      return wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'x' } }, 404)
    }),
  )
  return { lookups: () => sent.filter((url) => url.startsWith('/sp/2/seals/')), aborted }
}

describe('the seal-ID form asks the server once per submission', () => {
  // The whole app as main.tsx renders it, StrictMode included: StrictMode mounts every screen twice
  // in development, as React may do to any screen, and a lookup must survive that.
  it.each([
    ['the form page', '/web/puri/form_seal_id'],
    ['the top page', '/sp/top/menu'],
  ])('from %s', async (_, path) => {
    const server = stubServer()
    window.history.replaceState(null, '', path)
    render(<AppRoot queryClient={createQueryClient()} nativeApp={false} />)

    const field = await screen.findByLabelText<HTMLInputElement>('シールID', {}, { timeout: 5000 })
    fireEvent.change(field, { target: { value: 'zzzzz-00001' } })
    fireEvent.click(screen.getByRole('button', { name: 'プリを見る' }))

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert.textContent).toContain('このシールIDのプリは見つかりませんでした')
    expect(server.lookups()).toEqual(['/sp/2/seals/ZZZZZ00001?from=inputSealId'])
    expect(server.aborted).toEqual([])
  })
})
