// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { adTokenFromCookie } from '../api/ads'
import { staticDataUrl } from '../api/static-data'
import { AdSlot } from './ad-slot'

interface Call {
  method: string
  url: string
  authorization: string | null
  body: unknown
  keepalive: boolean
}

const AD = {
  id: 7,
  conversionId: 'cv-lip',
  name: 'lip',
  linkUrl: 'https://www.example.com/lip',
  linkType: 'EXTERNAL',
  title: '冬の新色リップ',
  text: 'ドラッグストアで発売中です。',
  mediaUrl: 'data:image/png;base64,iVBORw0KGgo=',
  mediaType: 'IMAGE',
}
const HOUSE_AD = {
  ...AD,
  id: 8,
  conversionId: 'cv-premium',
  linkUrl: '/web/payment',
  linkType: 'INTERNAL',
  title: 'プレミアム会員なら全部保存',
  mediaUrl: null,
  mediaType: 'TEXT',
}

/** The server as the slot sees it; `handlers` answer by path, the rest as a happy server would. */
function stubServer(handlers: Partial<Record<string, (call: Call) => Response>> = {}) {
  const calls: Call[] = []
  const defaults: Record<string, (call: Call) => Response> = {
    '/static/data.json': () => wrapperResponse({ entity: { advertisement: { topPage: 'sp-top' } } }),
    '/sp/advertisements/token': () => wrapperResponse({ entity: { token: 'g1.viewer.mac' } }),
    '/sp/advertisements/self': () => wrapperResponse({ entity: { advertisements: [AD, HOUSE_AD] } }),
    '/sp/advertisements/7/reactions': () => wrapperResponse({ entity: { counted: true } }),
    '/sp/advertisements/8/reactions': () => wrapperResponse({ entity: { counted: true } }),
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const headers = new Headers(init?.headers)
      const call = {
        method: init?.method ?? 'GET',
        url,
        authorization: headers.get('authorization'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        keepalive: init?.keepalive === true,
      }
      calls.push(call)
      const path = url.split('?')[0]!
      const handler = handlers[path] ?? defaults[path]
      if (!handler) throw new Error(`unexpected ${call.method} ${url}`)
      return handler(call)
    }),
  )
  return calls
}

let seen: IntersectionObserverCallback[] = []
let observed: Element[] = []

beforeEach(() => {
  seen = []
  observed = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        seen.push(callback)
      }
      observe(element: Element) {
        observed.push(element)
      }
      disconnect() {}
    },
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Tells the observer of the ad with this id that it is (or is not) on the screen. */
function scrollTo(adId: number, isIntersecting = true) {
  const index = observed.findIndex((element) => element.getAttribute('data-ad-id') === String(adId))
  seen[index]!([{ isIntersecting, target: observed[index] } as unknown as IntersectionObserverEntry], {
    disconnect() {},
  } as IntersectionObserver)
}

describe('AdSlot', () => {
  it("reads the top page's space from the static data, then the viewer's ads with the ad token", async () => {
    const calls = stubServer()
    renderWithProviders(<AdSlot />)
    expect(await screen.findByRole('region', { name: '広告' })).toBeTruthy()
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${staticDataUrl()}`,
      'GET /sp/advertisements/token',
      'GET /sp/advertisements/self?spaceId=sp-top',
    ])
    expect(calls[2]!.authorization).toBe('Bearer g1.viewer.mac')
    // The timestamp is rounded to ten minutes, so caches keep the data that long.
    expect(staticDataUrl(1_763_600_123_456)).toBe('/static/data.json?t=1763599800000')
    expect(staticDataUrl(1_763_600_399_999)).toBe('/static/data.json?t=1763599800000')
    expect(staticDataUrl(1_763_600_400_000)).toBe('/static/data.json?t=1763600400000')
  })

  it('marks every ad 「PR」 and opens another site as sponsored, in a new tab', async () => {
    stubServer()
    renderWithProviders(<AdSlot />)
    const external = await screen.findByRole('link', { name: /冬の新色リップ/ })
    expect(external.getAttribute('href')).toBe('https://www.example.com/lip')
    expect(external.getAttribute('rel')).toBe('sponsored noopener')
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.textContent).toContain('別のサイトが開きます')
    expect(external.querySelector('img')?.getAttribute('src')).toBe(AD.mediaUrl)
    const house = screen.getByRole('link', { name: /プレミアム会員なら全部保存/ })
    expect(house.getAttribute('href')).toBe('/web/payment')
    expect(house.getAttribute('target')).toBeNull()
    expect(house.querySelector('img')).toBeNull()
    expect(screen.getAllByText('PR')).toHaveLength(2)
  })

  it('reports an ad seen once, when it comes on the screen, and a tap', async () => {
    const calls = stubServer()
    renderWithProviders(<AdSlot />)
    await screen.findByRole('region', { name: '広告' })
    const reactions = () => calls.filter((c) => c.method === 'POST')
    scrollTo(7, false)
    expect(reactions()).toEqual([])
    scrollTo(7)
    scrollTo(7)
    await waitFor(() => expect(reactions()).toHaveLength(1))
    expect(reactions()[0]).toMatchObject({
      url: '/sp/advertisements/7/reactions',
      authorization: 'Bearer g1.viewer.mac',
      body: { kind: 'IMPRESSION' },
      keepalive: true,
    })
    fireEvent.click(screen.getByRole('link', { name: /冬の新色リップ/ }))
    await waitFor(() => expect(reactions()).toHaveLength(2))
    expect(reactions()[1]).toMatchObject({ url: '/sp/advertisements/7/reactions', body: { kind: 'CLICK' } })
  })

  it("gets a new token when the server says the one it had is not the viewer's (after signing in)", async () => {
    let tokens = 0
    const calls = stubServer({
      '/sp/advertisements/token': () => wrapperResponse({ entity: { token: `token-${++tokens}` } }),
      '/sp/advertisements/self': (call) =>
        call.authorization === 'Bearer token-2'
          ? wrapperResponse({ entity: { advertisements: [AD] } })
          : wrapperResponse({ error: { code: 'AD_TOKEN_INVALID', message: 'x' } }, 401),
    })
    renderWithProviders(<AdSlot />)
    expect(await screen.findByRole('link', { name: /冬の新色リップ/ })).toBeTruthy()
    expect(calls.filter((c) => c.url.startsWith('/sp/advertisements/self'))).toHaveLength(2)
  })

  it('shows nothing without a space, without ads, or when anything fails', async () => {
    for (const handlers of [
      { '/static/data.json': () => wrapperResponse({ entity: { advertisement: { topPage: null } } }) },
      { '/sp/advertisements/self': () => wrapperResponse({ entity: { advertisements: [] } }) },
      {
        '/sp/advertisements/self': () =>
          wrapperResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500),
      },
      { '/static/data.json': () => new Response('not json', { status: 502 }) },
    ]) {
      const calls = stubServer(handlers)
      const { container } = renderWithProviders(<AdSlot />)
      await waitFor(() => expect(calls.length).toBeGreaterThan(0))
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(container.innerHTML).toBe('')
      cleanup()
    }
  })

  it('never makes a link of an address the server would not send', async () => {
    stubServer({
      '/sp/advertisements/self': () =>
        wrapperResponse({
          entity: {
            advertisements: [
              { ...AD, id: 1, linkUrl: 'javascript:alert(1)' },
              { ...HOUSE_AD, id: 2, linkUrl: '//evil.example/x', title: 'protocol-relative' },
            ],
          },
        }),
    })
    renderWithProviders(<AdSlot />)
    expect(await screen.findByText('protocol-relative')).toBeTruthy()
    expect(screen.queryAllByRole('link')).toEqual([])
  })

  it('reads the token from its cookie', () => {
    expect(adTokenFromCookie('a=1; pbx_ads=g1.abc.def; b=2')).toBe('g1.abc.def')
    expect(adTokenFromCookie('pbx_adsx=1')).toBeNull()
    expect(adTokenFromCookie('')).toBeNull()
  })
})
