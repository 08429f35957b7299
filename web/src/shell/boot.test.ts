// @vitest-environment jsdom
import { normalizeSealId } from '@puribox/contract/seal-id'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hasEarlyRequest, takeEarlyRequest, takeEarlySealRequest } from '../lib/early-requests'
import { type BootConfig, boot, bootSealId } from './boot'
import { hasPrerenderedShell } from './early'

const config: BootConfig = {
  prerenderedMark: 'prerendered',
  previewPath: '/web/preview',
  puriGetPath: '/sp/puri/get',
  scanSource: 'qr',
  sealApiPath: '/sp/2/seals/:id',
  mypagePath: '/sp/2/mypage/',
  mypageListHash: '#/puri/new',
  firstPlaysUrl: '/sp/2/mypage/plays?page=1',
  accountApiPath: '/sp/2/account/self',
  preloadThumbnails: 3,
  thumbnailPlaceholder: '.tile',
  earlyAnswersId: 'early-answers',
  appTemplateId: 'app',
  appWaitMs: 3000,
}

function page(url: string) {
  window.history.replaceState(null, '', url)
  document.head.innerHTML = '<title>PuriBox</title>'
  document.body.innerHTML =
    '<div id="root"></div>' +
    '<template data-paths="/sp/top/menu /sp/top/information" data-title="Top | PuriBox"><p>top</p></template>' +
    '<template data-paths="/web/preview" data-title="Preview | PuriBox" data-modules="/assets/a.js /assets/b.js"><p>preview</p></template>' +
    `<template data-paths="/sp/2/mypage/" data-title="My page | PuriBox">${'<span class="tile"></span>'.repeat(6)}</template>` +
    '<template id="app"><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js"></template>'
  return document.getElementById('root') as HTMLElement
}

/** The answers the server would embed in the page. */
function embed(answers: unknown) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = 'early-answers'
  element.textContent = JSON.stringify(answers)
  document.head.append(element)
}

/** The app's module scripts boot.ts has started. */
function appScripts(): string[] {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map(
    (script) => script.getAttribute('src') ?? '',
  )
}

function links(rel: string): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) =>
    link.getAttribute('href'),
  ) as string[]
}

function answer(puris: { number: number; raw?: boolean; sample?: boolean }[]) {
  return new Response(
    JSON.stringify({
      entity: {
        puris: puris.map(({ number, raw = false, sample = false }) => ({
          number,
          thumbnailUrl: `/thumb/${number}`,
          isProofSample: sample,
          rakugaki: { isRawPuri: raw },
        })),
      },
      error: null,
      clock: null,
    }),
    { headers: { 'Content-Type': 'application/json' } },
  )
}

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  window.puriboxEarlySeal = undefined
  window.puriboxEarly = undefined
  delete document.documentElement.dataset.client
})

describe('bootSealId', () => {
  it('normalises seal IDs exactly as the contract does', () => {
    const inputs = [
      'ABCDE12345',
      'abcde-12345',
      ' abcde 12345 ',
      'ＡＢＣＤＥ－１２３４５',
      'ABCDE\u30fc12345',
      'ABCDE\u221212345',
      'ABCDE\u201312345',
      'OOOOO-IIIIL',
      'UUUUUUUUUU',
      'ABCDE1234',
      'ABCDE123456',
      '',
    ]
    for (const input of inputs) expect(bootSealId(input), input).toBe(normalizeSealId(input))
  })
})

describe('boot', () => {
  it('puts the page’s prerendered screen in #root for the app to hydrate', () => {
    const root = page('/sp/top/information')
    boot(config)
    expect(root.innerHTML).toBe('<p>top</p>')
    expect(hasPrerenderedShell(root)).toBe(true)
    expect(document.title).toBe('Top | PuriBox')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('leaves #root empty for a page without a prerendered screen, and inside the native app', () => {
    const other = page('/web/puri/form_seal_id')
    boot(config)
    expect(other.childNodes).toHaveLength(0)
    expect(hasPrerenderedShell(other)).toBe(false)

    const native = page('/sp/top/menu?app=1')
    boot(config)
    expect(native.childNodes).toHaveLength(0)

    document.documentElement.dataset.client = 'APPLI'
    const marked = page('/sp/top/menu')
    boot(config)
    expect(marked.childNodes).toHaveLength(0)
  })

  it('on the preview, fetches the screen’s chunks, asks for the seal and preloads its first picture', async () => {
    fetchMock.mockResolvedValue(
      answer([{ number: 5, raw: true }, { number: 3, sample: true }, { number: 2 }]),
    )
    const root = page('/web/preview?sealId=abcde-1234o')
    boot(config)
    expect(root.innerHTML).toBe('<p>preview</p>')
    expect(links('modulepreload')).toEqual(['/assets/a.js', '/assets/b.js', '/assets/vendor.js'])
    expect(fetchMock).toHaveBeenCalledOnce()
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/sp/2/seals/ABCDE12340')
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' })

    await vi.waitFor(() => expect(links('preload')).toEqual(['/thumb/2']))
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')
    expect(preload?.getAttribute('as')).toBe('image')
    expect(preload?.getAttribute('fetchpriority')).toBe('high')

    // The app takes the request once, for that seal only, and can still read the answer.
    expect(takeEarlySealRequest('ZZZZZ99999')).toBeUndefined()
    const response = takeEarlySealRequest('ABCDE12340')
    expect(response).toBeDefined()
    expect((await response)?.ok).toBe(true)
    expect(await (await response)?.json()).toMatchObject({ error: null })
    expect(takeEarlySealRequest('ABCDE12340')).toBeUndefined()
  })

  it('turns the scanned sheet’s address into the preview before the first paint, and asks for the seal saying it was scanned', () => {
    fetchMock.mockResolvedValue(answer([{ number: 1 }]))
    const root = page('/sp/puri/get?sealId=ABCDE12345&from=qr')
    boot(config)
    expect(`${location.pathname}${location.search}`).toBe('/web/preview?sealId=ABCDE12345&from=qr')
    expect(root.innerHTML).toBe('<p>preview</p>')
    expect(document.title).toBe('Preview | PuriBox')
    expect(links('modulepreload')).toEqual(['/assets/a.js', '/assets/b.js', '/assets/vendor.js'])
    // The one lookup of the scan, counted by where it came from; the preview takes it over.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/sp/2/seals/ABCDE12345?from=qr'])
    expect(takeEarlySealRequest('ABCDE12345')).toBeDefined()
  })

  it('leaves the get page as it is for a typed ID, a malformed scanned one, and the preview reloaded after a scan', () => {
    for (const url of [
      '/sp/puri/get?sealId=ABCDE12345&from=inputSealId',
      '/sp/puri/get?sealId=abc&from=qr',
    ]) {
      const root = page(url)
      boot(config)
      expect(`${location.pathname}${location.search}`).toBe(url)
      expect(root.childNodes).toHaveLength(0)
    }
    expect(fetchMock).not.toHaveBeenCalled()

    // Reloaded, the preview reads the seal without counting the scan again.
    fetchMock.mockResolvedValue(answer([{ number: 1 }]))
    page('/web/preview?sealId=ABCDE12345&from=qr')
    boot(config)
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/sp/2/seals/ABCDE12345'])
  })

  it('on the preview with a malformed seal ID, neither the loading screen nor a request', () => {
    const root = page('/web/preview?sealId=abc')
    boot(config)
    expect(root.childNodes).toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(window.puriboxEarlySeal).toBeUndefined()
  })

  it('lets the app report a failed request (nothing unhandled here)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    page('/web/preview?sealId=ABCDE12345')
    boot(config)
    await expect(takeEarlySealRequest('ABCDE12345')).rejects.toThrow('Failed to fetch')
    expect(links('preload')).toEqual([])
  })

  it('on my page, asks for the first page of plays and the account, and preloads the first row', async () => {
    const thumbs = (ids: number[]) => ids.map((id) => ({ thumbnailUrl: `/thumb/${id}` }))
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          entity: { items: [{ images: thumbs([1, 2, 3, 4, 5]) }, { images: thumbs([9]) }] },
          error: null,
          clock: null,
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
    )
    page('/sp/2/mypage/#/puri/new')
    boot(config)
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/sp/2/mypage/plays?page=1',
      '/sp/2/account/self',
    ])
    for (const [, init] of fetchMock.mock.calls) expect(init).toMatchObject({ credentials: 'include' })
    await vi.waitFor(() => expect(links('preload')).toEqual(['/thumb/1', '/thumb/2', '/thumb/3']))
    for (const preload of document.head.querySelectorAll('link[rel="preload"]')) {
      expect(preload.getAttribute('as')).toBe('image')
      expect(preload.getAttribute('fetchpriority')).toBe('high')
    }
    // The first row is shown in the prerendered screen's tiles; the rest wait for the app.
    const tiles = [...document.querySelectorAll<HTMLElement>('#root .tile')]
    expect(tiles.map((tile) => tile.style.backgroundImage)).toEqual([
      'url("/thumb/1")',
      'url("/thumb/2")',
      'url("/thumb/3")',
      '',
      '',
      '',
    ])
    expect(tiles[0]?.style.backgroundSize).toBe('cover')

    // The app takes each once and can still read the answer.
    expect(hasEarlyRequest('plays')).toBe(true)
    const response = takeEarlyRequest('plays')
    expect(await (await response)?.json()).toMatchObject({ error: null })
    expect(hasEarlyRequest('plays')).toBe(false)
    expect(takeEarlyRequest('plays')).toBeUndefined()
    expect(takeEarlyRequest('account')).toBeDefined()
    expect(takeEarlyRequest('account')).toBeUndefined()
  })

  it('on my page with the answers embedded by the server, sends no request and shows the first row before the first paint', async () => {
    const plays = {
      entity: { items: [{ images: [1, 2, 3, 4].map((id) => ({ thumbnailUrl: `/thumb/${id}` })) }] },
      error: null,
      clock: null,
    }
    const account = { entity: { membershipStatus: 'PREMIUM' }, error: null, clock: null }
    page('/sp/2/mypage/#/puri/new')
    const embedded = document.createElement('script')
    embedded.type = 'application/json'
    embedded.id = 'early-answers'
    embedded.textContent = JSON.stringify({ plays, account })
    document.head.append(embedded)
    boot(config)
    expect(fetchMock).not.toHaveBeenCalled()
    // At once, not after a turn: the page has not painted yet.
    expect(
      [...document.querySelectorAll<HTMLElement>('#root .tile')].map((tile) => tile.style.backgroundImage),
    ).toEqual(['url("/thumb/1")', 'url("/thumb/2")', 'url("/thumb/3")', '', '', ''])
    // The server announced the pictures itself.
    expect(links('preload')).toEqual([])
    expect(await (await takeEarlyRequest('plays'))?.json()).toEqual(plays)
    expect(await (await takeEarlyRequest('account'))?.json()).toEqual(account)
  })

  it('on my page with the first row shown, starts the app once its pictures have loaded', () => {
    const pictures: FakePicture[] = []
    class FakePicture {
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      src = ''
      constructor() {
        pictures.push(this)
      }
    }
    vi.stubGlobal('Image', FakePicture)
    page('/sp/2/mypage/')
    embed({
      plays: { entity: { items: [{ images: [1, 2, 3].map((id) => ({ thumbnailUrl: `/thumb/${id}` })) }] } },
      account: { entity: null },
    })
    boot(config)
    expect(pictures.map((picture) => picture.src)).toEqual(['/thumb/1', '/thumb/2', '/thumb/3'])
    expect(appScripts()).toEqual([])
    pictures[0]?.onload?.()
    pictures[1]?.onerror?.()
    expect(appScripts()).toEqual([])
    pictures[2]?.onload?.()
    expect(appScripts()).toEqual(['/assets/index.js'])
    // Once only, and the template is spent.
    pictures[2]?.onload?.()
    expect(appScripts()).toEqual(['/assets/index.js'])
    expect(document.getElementById('app')).toBeNull()
  })

  it('on my page, starts the app after appWaitMs when the pictures take longer', () => {
    vi.useFakeTimers()
    try {
      vi.stubGlobal(
        'Image',
        class {
          src = ''
        },
      )
      page('/sp/2/mypage/')
      embed({
        plays: { entity: { items: [{ images: [{ thumbnailUrl: '/thumb/1' }] }] } },
        account: { entity: null },
      })
      boot(config)
      vi.advanceTimersByTime(2999)
      expect(appScripts()).toEqual([])
      vi.advanceTimersByTime(1)
      expect(appScripts()).toEqual(['/assets/index.js'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('starts the app at once anywhere else: the screen’s chunks and the preloads, then the script', () => {
    page('/sp/top/menu')
    boot(config)
    const tags = [...document.head.querySelectorAll('script, link')].map(
      (tag) => `${tag.localName} ${tag.getAttribute('src') ?? tag.getAttribute('href')}`,
    )
    expect(tags).toEqual(['link /assets/vendor.js', 'script /assets/index.js'])
    const script = document.head.querySelector('script')
    expect(script?.type).toBe('module')
    expect(script?.getAttribute('crossorigin')).toBe('')
  })

  it('on my page with embedded answers cut short, asks as if there were none', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ entity: { items: [] } })))
    page('/sp/2/mypage/')
    const embedded = document.createElement('script')
    embedded.type = 'application/json'
    embedded.id = 'early-answers'
    embedded.textContent = '{"plays": {"entity'
    document.head.append(embedded)
    boot(config)
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/sp/2/mypage/plays?page=1',
      '/sp/2/account/self',
    ])
  })

  it('on my page under an opened picture, asks for the plays but preloads no thumbnails', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ entity: { items: [{ images: [{ thumbnailUrl: '/thumb/1' }] }] } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    page('/sp/2/mypage/#/puri/ABCDE12345/00000000-0000-4000-8000-000000000001')
    boot(config)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await takeEarlyRequest('plays')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(links('preload')).toEqual([])
    expect(
      [...document.querySelectorAll<HTMLElement>('#root .tile')].map((tile) => tile.style.backgroundImage),
    ).toEqual(Array(6).fill(''))
  })

  it('on my page for a guest (401), preloads nothing and leaves the answer to the app', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ entity: null, error: { code: 'UNAUTHENTICATED', message: 'x' }, clock: null }),
        {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    )
    page('/sp/2/mypage/')
    boot(config)
    expect((await takeEarlyRequest('plays'))?.status).toBe(401)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(links('preload')).toEqual([])
  })
})
