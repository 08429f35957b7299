// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isNativeApp } from '../../lib/native-app'
import { renderWithProviders, wrapperResponse } from '../../testing/render'
import { Frame } from './frame'

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => wrapperResponse({ entity: { account: null, membershipStatus: 'GUEST' } })),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('Frame', () => {
  it('shows the variants the page declares in the route table', () => {
    renderWithProviders(
      <Frame nativeApp={false}>
        <p>content</p>
      </Frame>,
      { path: '/sp/puri/get?sealId=ABCDE12345' },
    )
    // /sp/puri/get: logo-only-disabled header, copyright-only footer
    expect(screen.getByRole('banner').querySelectorAll('a')).toHaveLength(0)
    expect(screen.getByRole('contentinfo').querySelectorAll('a')).toHaveLength(0)
    expect(screen.getByText('content')).toBeTruthy()
  })

  it('hides header and footer inside the native app, keeping the content', () => {
    renderWithProviders(
      <Frame nativeApp>
        <p>content</p>
      </Frame>,
      { path: '/sp/top/menu' },
    )
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(screen.getByRole('main').textContent).toBe('content')
  })
})

describe('isNativeApp', () => {
  const browser = { href: 'https://puribox.jp/sp/top/menu', userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' }

  function root(client?: string): HTMLElement {
    const html = document.createElement('html')
    if (client) html.dataset.client = client
    return html
  }

  it('is false in a browser', () => {
    expect(isNativeApp({ ...browser, root: root() })).toBe(false)
    expect(isNativeApp({ ...browser, root: root('WEB') })).toBe(false)
  })

  it('follows the mark the server puts on <html>', () => {
    expect(isNativeApp({ ...browser, root: root('APPLI') })).toBe(true)
  })

  it('falls back to the ?app=1 flag and the user-agent marker', () => {
    expect(isNativeApp({ ...browser, root: root(), href: `${browser.href}?app=1` })).toBe(true)
    expect(isNativeApp({ ...browser, root: root(), userAgent: `${browser.userAgent} PuriBoxApp/2.1` })).toBe(
      true,
    )
  })
})
