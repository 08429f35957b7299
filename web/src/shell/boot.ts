/**
 * The boot script, inlined at the end of index.html's body by vite.config.ts, so it runs while the page
 * is parsed and before the first paint, long before the app's JavaScript arrives. It must stand alone:
 * no imports of values, only what `config` carries (src/lib/early-requests.ts reads what it leaves
 * for the app).
 *
 * Each prerendered screen is a `<template data-paths="…">` (the pages it is the first screen of),
 * with `data-title` (the page's title) and `data-modules` (chunks of its screen, to fetch with the
 * app). The app itself (Vite's module script and module preloads) waits in `<template id="…">` for
 * boot.ts to start it: at once, or on my page once the first row of pictures it shows has loaded.
 */

export interface BootConfig {
  /** The `data-shell` mark of #root once it holds a prerendered screen. */
  prerenderedMark: string
  /** The preview page, and the API path of a seal (with `:id`). */
  previewPath: string
  sealApiPath: string
  /**
   * The get page, and the `from` of its address printed as a QR code on the sticker sheet: opened
   * by a scan, that page shows the preview at once.
   */
  puriGetPath: string
  scanSource: string
  /**
   * My page, its list's hash, the addresses of its first page of plays and of the account status,
   * and how many thumbnails of the first play to preload.
   */
  mypagePath: string
  mypageListHash: string
  firstPlaysUrl: string
  accountApiPath: string
  preloadThumbnails: number
  /** The thumbnail placeholders of my page's prerendered screen, in order. */
  thumbnailPlaceholder: string
  /** The id of the JSON element with the answers the server embedded in the page, if any. */
  earlyAnswersId: string
  /** The id of the template holding the app's script and module preloads (see `startApp`). */
  appTemplateId: string
  /** How long the app waits for my page's first row of pictures at most, ms. */
  appWaitMs: number
}

/** What boot.ts reads of the seal's answer: enough to know its first picture. */
interface SealAnswer {
  entity?: {
    puris?: {
      number: number
      thumbnailUrl: string
      isProofSample: boolean
      rakugaki: { isRawPuri: boolean }
    }[]
  } | null
}

/** What boot.ts reads of the first page of plays: the first play's thumbnails. */
interface PlaysAnswer {
  entity?: { items?: { images?: { thumbnailUrl: string }[] }[] } | null
}

/** normalizeSealId of @puribox/contract/seal-id, which boot.ts cannot import (boot.test.ts compares). */
export function bootSealId(input: string): string | null {
  const cleaned = input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015\u30fc\u2212_]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(cleaned) ? cleaned : null
}

export function boot(config: BootConfig): void {
  const search = new URLSearchParams(location.search)
  // 0. A scanned sheet: its pictures at once. The address becomes the preview's before anything is
  // painted (the app's get page would look the seal up and move on to it, a page later), and the
  // seal's request below says it was scanned, so that the server counts it; a reload does not.
  const scanned =
    location.pathname === config.puriGetPath &&
    search.get('from') === config.scanSource &&
    bootSealId(search.get('sealId') ?? '') !== null
  if (scanned) history.replaceState(history.state, '', config.previewPath + location.search + location.hash)
  const onPreview = location.pathname === config.previewPath
  const sealId = onPreview ? bootSealId(search.get('sealId') ?? '') : null
  const link = (attributes: Record<string, string>) => {
    const element = document.createElement('link')
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
    document.head.append(element)
  }

  // The chunks of this page's screen, fetched with the app.
  const screenModules: string[] = []

  // 1. This page's first screen, painted right away; the app hydrates it. Not in the native app,
  // whose screens have no header and footer, nor for a malformed seal ID, which the preview answers
  // with a message instead of its loading state.
  const root = document.getElementById('root')
  const nativeApp = document.documentElement.dataset.client === 'APPLI' || search.get('app') === '1'
  if (root && !nativeApp && (!onPreview || sealId)) {
    for (const template of document.querySelectorAll('template')) {
      if (!template.dataset.paths?.split(' ').includes(location.pathname)) continue
      root.replaceChildren(template.content)
      root.dataset.shell = config.prerenderedMark
      if (template.dataset.title) document.title = template.dataset.title
      for (const href of template.dataset.modules?.split(' ') ?? []) if (href) screenModules.push(href)
      break
    }
  }

  // 2. The preview page needs its seal first of all, then the first picture: ask now rather than
  // after the app has loaded.
  if (sealId) {
    const from = scanned ? `?from=${config.scanSource}` : ''
    const response = fetch(config.sealApiPath.replace(':id', sealId) + from, {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    })
    window.puriboxEarlySeal = { sealId, response }
    response
      .then((answer) => (answer.ok ? (answer.clone().json() as Promise<SealAnswer>) : null))
      .then((answer) => {
        // The first picture of the preview: regular ones first, then proof samples, never raw.
        const [first] = (answer?.entity?.puris ?? [])
          .filter((puri) => !puri.rakugaki.isRawPuri)
          .sort((a, b) => Number(a.isProofSample) - Number(b.isProofSample) || a.number - b.number)
        if (first) link({ rel: 'preload', as: 'image', href: first.thumbnailUrl, fetchpriority: 'high' })
      })
      // The app reads the answer itself, and says what went wrong.
      .catch(() => undefined)
  }

  // 3. My page needs its first page of plays, then the first row of pictures (its LCP), and the
  // account (members only). The server embeds both answers in a member's page (decision 0018); else
  // ask now rather than after the app and the screen's chunk have loaded. A guest's plays are
  // answered 401, and the app sends them to sign in.
  let firstRow: string[] = []
  if (location.pathname === config.mypagePath) {
    const embedded = embeddedAnswers(config.earlyAnswersId)
    const get = (url: string, name: 'plays' | 'account') => {
      if (embedded[name] !== undefined) {
        const answer = new Response(JSON.stringify(embedded[name]), {
          headers: { 'Content-Type': 'application/json' },
        })
        return Promise.resolve(answer)
      }
      const request = fetch(url, { headers: { Accept: 'application/json' }, credentials: 'include' })
      // The app reads the answer and says what went wrong; nothing is left unhandled here.
      request.catch(() => undefined)
      return request
    }
    const response = get(config.firstPlaysUrl, 'plays')
    window.puriboxEarly = { plays: response, account: get(config.accountApiPath, 'account') }
    // The first row of the newest play: preloaded, and shown at once in the prerendered screen's
    // tiles, where the app will put the pictures, rather than once the app's JavaScript has arrived
    // (a second and more over a weak line). Only as the tiles' backgrounds: the app hydrates these
    // elements and then replaces them with its own pictures (the same files, by then in the cache).
    // The server announces the pictures of a page it embedded answers in itself. Answers the
    // pictures it has shown.
    const showFirstRow = (answer: PlaysAnswer | null, announce: boolean): string[] => {
      const images = (answer?.entity?.items?.[0]?.images ?? []).slice(0, config.preloadThumbnails)
      if (announce)
        for (const image of images)
          link({ rel: 'preload', as: 'image', href: image.thumbnailUrl, fetchpriority: 'high' })
      if (root?.dataset.shell !== config.prerenderedMark) return []
      const tiles = root.querySelectorAll<HTMLElement>(config.thumbnailPlaceholder)
      return images.flatMap((image, index) => {
        const tile = tiles[index]
        if (!tile) return []
        tile.style.backgroundImage = `url(${JSON.stringify(image.thumbnailUrl)})`
        tile.style.backgroundSize = 'cover'
        tile.style.backgroundPosition = 'center'
        return [image.thumbnailUrl]
      })
    }
    // Not under a picture opened full screen (`#/puri/{sealId}/{imageId}`): the list is behind it.
    if (location.hash === '' || location.hash === config.mypageListHash) {
      // Embedded: before the first paint, and the app waits for them (4).
      if (embedded.plays !== undefined) firstRow = showFirstRow(embedded.plays as PlaysAnswer, false)
      else
        response
          .then((answer) => (answer.ok ? (answer.clone().json() as Promise<PlaysAnswer>) : null))
          .then((answer) => showFirstRow(answer, true))
          .catch(() => undefined)
    }
  }

  // 4. The app. On my page with its first row shown from the page itself, the row's pictures go
  // first and the app's JavaScript after them: over a weak line they would otherwise share it, and
  // the pictures, what the member came for, would arrive last (the app, much the larger, finishes
  // at about the same time either way). Everywhere else at once.
  const startApp = () => {
    const app = document.getElementById(config.appTemplateId)
    if (!(app instanceof HTMLTemplateElement)) return
    app.remove()
    // Made anew, not moved: a script out of a template would not run. As Vite's own tags of the
    // entry, the screen's chunks are crossorigin, so that the module map finds them.
    for (const href of screenModules) link({ rel: 'modulepreload', href, crossorigin: '' })
    // The preloads first, so that the entry's imports are on their way when it asks for them.
    const tags = [...app.content.children].sort(
      (a, b) => Number(a.localName === 'script') - Number(b.localName === 'script'),
    )
    for (const tag of tags) {
      const element = document.createElement(tag.localName)
      for (const attribute of tag.attributes) element.setAttribute(attribute.name, attribute.value)
      document.head.append(element)
    }
  }
  if (firstRow.length === 0) startApp()
  else {
    let waiting = firstRow.length
    let started = false
    const once = () => {
      if (started) return
      started = true
      startApp()
    }
    setTimeout(once, config.appWaitMs)
    for (const href of firstRow) {
      const picture = new Image()
      picture.onload = picture.onerror = () => {
        if (--waiting === 0) once()
      }
      picture.src = href
    }
  }
}

/** The answers the server embedded in the page (a member's my page), or none. */
function embeddedAnswers(id: string): { plays?: unknown; account?: unknown } {
  const element = document.getElementById(id)
  if (!element?.textContent) return {}
  try {
    const answers: unknown = JSON.parse(element.textContent)
    return answers !== null && typeof answers === 'object' ? answers : {}
  } catch {
    // A page cut short: ask as if nothing were embedded.
    return {}
  }
}
