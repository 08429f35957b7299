// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { labelInNameMisfits } from '../../../testing/label-in-name'
import { mockApi } from '../../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { APP_OPEN_BAR_DISMISSED_KEY, AppOpenBar, appLinkFor } from './app-open-bar'

const LINKS = {
  appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id6451234567',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.app',
  appDeepLinkUrl: 'puribox://top',
  universalLinkUrl: 'https://app.puribox.jp/sp/top/menu',
  shopMapUrl: 'https://maps.example.jp/puri',
}

function serveLinks() {
  return mockApi({ 'GET /sp/2/dynamic_links': () => wrapperResponse({ entity: LINKS }) })
}

beforeEach(() => {
  window.localStorage.clear()
  window.history.replaceState(null, '', '/sp/2/mypage/#/puri/new')
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.localStorage.clear()
  delete document.documentElement.dataset.client
  window.history.replaceState(null, '', '/')
})

describe('AppOpenBar', () => {
  it('outside the app, offers this page at the universal link’s host, as the address is when tapped', async () => {
    serveLinks()
    renderWithProviders(<AppOpenBar />, { path: '/sp/2/mypage/' })
    const link = await screen.findByRole('link', { name: 'アプリで開く' })
    expect(link.getAttribute('href')).toBe('https://app.puribox.jp/sp/2/mypage/#/puri/new')
    expect(screen.getByText('このページを')).toBeTruthy()
    // Named by the words shown; the close cross, a symbol, by its label.
    expect(labelInNameMisfits(document.body)).toEqual([])

    window.history.replaceState(null, '', '/sp/2/mypage/#/puri/unsaved')
    link.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(link)
    expect(link.getAttribute('href')).toBe('https://app.puribox.jp/sp/2/mypage/#/puri/unsaved')
  })

  it.each([
    ['the server marked the page as the app’s', () => (document.documentElement.dataset.client = 'APPLI')],
    [
      'the page flag ?app=1',
      () => window.history.replaceState(null, '', '/web/preview?sealId=AAAAA11111&app=1'),
    ],
  ])('inside the app (%s), shows nothing and asks for nothing', async (_name, enter) => {
    enter()
    const calls = serveLinks()
    const { container } = renderWithProviders(<AppOpenBar />, { path: '/web/preview' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.innerHTML).toBe('')
    expect(calls).toHaveLength(0)
  })

  it('once closed, stays closed in this browser', async () => {
    serveLinks()
    renderWithProviders(<AppOpenBar />, { path: '/sp/2/mypage/' })
    fireEvent.click(await screen.findByRole('button', { name: 'アプリの案内を閉じる' }))
    expect(screen.queryByRole('link', { name: 'アプリで開く' })).toBeNull()
    expect(window.localStorage.getItem(APP_OPEN_BAR_DISMISSED_KEY)).toBe('1')
    cleanup()

    const calls = serveLinks()
    const { container } = renderWithProviders(<AppOpenBar />, { path: '/web/preview' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.innerHTML).toBe('')
    expect(calls).toHaveLength(0)
  })

  it('shows nothing while the links load or when they cannot be read', async () => {
    const calls = mockApi({
      'GET /sp/2/dynamic_links': () =>
        wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500),
    })
    const { container } = renderWithProviders(<AppOpenBar />, { path: '/sp/2/mypage/' })
    expect(container.innerHTML).toBe('')
    await waitFor(() => expect(calls).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.innerHTML).toBe('')
  })
})

describe('appLinkFor', () => {
  const page = { pathname: '/web/preview', search: '?sealId=AAAAA11111', hash: '' }

  it('keeps the path, query and hash, at the link’s host', () => {
    expect(appLinkFor('https://app.puribox.jp/sp/top/menu', page)).toBe(
      'https://app.puribox.jp/web/preview?sealId=AAAAA11111',
    )
  })

  it.each(['puribox://top', 'javascript:alert(1)', 'not a url', ''])('refuses %j', (link) => {
    expect(appLinkFor(link, page)).toBeNull()
  })
})
