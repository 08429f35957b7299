/**
 * Build time only: vite.config.ts imports this module in Node to put the first screen of the busiest
 * pages into index.html as static HTML, so that they paint before the app's JavaScript has arrived
 * (boot.ts picks the screen of the page; main.tsx hydrates it).
 *
 * A shell is the app's own first render of the page: guest header and footer, and the screen's
 * loading state where it waits for data. Pages that look the same share one shell.
 */
import { apiPaths } from '@puribox/contract/api-paths'
import { EARLY_ANSWERS_ID } from '@puribox/contract/first-screen'
import { links } from '@puribox/contract/pages'
import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { prerender } from 'react-dom/static'
import { createQueryClient } from '../app/query-client'
import { AppRoot } from '../app/root'
import {
  LIST_HASH,
  savedPlaysUrl,
  THUMBNAIL_PLACEHOLDER,
  THUMBNAILS_PER_ROW,
} from '../features/mypage/public'
import { previewPath } from '../features/seal/public'
import type { BootConfig } from './boot'
import { APP_TEMPLATE_ID, PRERENDERED } from './early'

/** Any well-formed seal ID: the preview's shell is its loading state, the same for every seal. */
const ANY_SEAL_ID = '0000000000'
/** My page without its hash (`#/puri/new`), which only the browser sees. */
const mypagePath = new URL(links.mypage, 'http://localhost').pathname

interface ShellPage {
  url: string
  /** The screen's own chunk (router.tsx), fetched along with the app's JavaScript, not after it. */
  screenModule?: string
}

const shellPages: ShellPage[] = [
  { url: links.top },
  { url: links.siteTop },
  { url: previewPath(ANY_SEAL_ID), screenModule: 'src/features/seal/components/seal-pages.tsx' },
  { url: mypagePath, screenModule: 'src/features/mypage/components/mypage-screen.tsx' },
]

export interface Shell {
  /** The page paths it is the first screen of. */
  paths: string[]
  /** The page's document title, escaped for HTML. */
  title: string
  html: string
  screenModule?: string
}

export const bootConfig: BootConfig = {
  prerenderedMark: PRERENDERED,
  previewPath: links.preview,
  sealApiPath: apiPaths.seal.path,
  puriGetPath: links.puriGet,
  scanSource: 'qr' satisfies SealLookupSource,
  mypagePath,
  mypageListHash: LIST_HASH,
  firstPlaysUrl: savedPlaysUrl(1),
  accountApiPath: apiPaths.accountSelf.path,
  preloadThumbnails: THUMBNAILS_PER_ROW,
  thumbnailPlaceholder: THUMBNAIL_PLACEHOLDER,
  earlyAnswersId: EARLY_ANSWERS_ID,
  appTemplateId: APP_TEMPLATE_ID,
  // Over a line so weak that three thumbnails take longer, the app goes ahead.
  appWaitMs: 3000,
}

async function renderPage(url: string): Promise<{ title: string; html: string }> {
  const { prelude } = await prerender(
    <AppRoot queryClient={createQueryClient()} nativeApp={false} ssrPath={url} />,
  )
  const html = await new Response(prelude).text()
  // React puts the page's <title> first; boot.ts sets the document's title instead.
  const title = /^<title>([^<]*)<\/title>/.exec(html)
  return { title: title?.[1] ?? '', html: title ? html.slice(title[0].length) : html }
}

async function renderShells(): Promise<Shell[]> {
  const shells = new Map<string, Shell>()
  for (const { url, screenModule } of shellPages) {
    const { title, html } = await renderPage(url)
    const path = new URL(url, 'http://localhost').pathname
    const shell = shells.get(html)
    if (shell) shell.paths.push(path)
    else shells.set(html, { paths: [path], title, html, screenModule })
  }
  return [...shells.values()]
}

export const shells = await renderShells()
