import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import fastifyStatic from '@fastify/static'
import { EARLY_ANSWERS_ID, type EarlyAnswers } from '@puribox/contract/first-screen'
import { pages, TOP_PATH } from '@puribox/contract/pages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import text from '../locales/ja/pages.json' with { type: 'json' }
import { isNativeApp } from '../modules/access/access.routes'
import { ensureSession, type RequestContextOptions, refreshSession } from './context'
import { MEMBER_CACHE_CONTROL } from './routes'
import type { SecurityHeaders } from './security-headers'

const HTML_TAG = '<html lang="ja">'

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * A small self-contained page (one inline style element, admitted by its hash, and no script) for
 * answers the SPA cannot give.
 */
export function simplePage(
  title: string,
  heading: string,
  body: string,
  link?: { href: string; label: string },
): string {
  const linkHtml = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP",sans-serif;background:#fff5fa;color:#2b1a24;display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center}main{max-width:360px;padding:32px 24px}h1{font-size:1.3rem;color:#b0005f}a{display:inline-block;margin-top:12px;padding:12px 24px;border-radius:999px;background:#c2006b;color:#fff;text-decoration:none;font-weight:700}.mark{font-size:3rem;margin:0}</style></head><body><main><p class="mark">🙈</p><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p>${linkHtml}</main></body></html>`
}

export const notFoundPage = simplePage(text.notFound.title, text.notFound.heading, text.notFound.body, {
  href: TOP_PATH,
  label: text.notFound.toTop,
})

/**
 * The shell (about 37 KB with its prerendered first screens) compressed once per version of it,
 * not per request: brotli at its best for phones on a weak signal, gzip for the rest.
 */
const shellNegotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] })

function createShellEncoder() {
  const negotiator = shellNegotiator
  const encoded = new Map<string, { br: Buffer; gzip: Buffer }>()
  return (html: string, acceptEncoding: string | undefined) => {
    const encoding = acceptEncoding ? negotiator.negotiate(acceptEncoding) : null
    if (!encoding) return { body: html, encoding: null }
    let variants = encoded.get(html)
    if (!variants) {
      const data = Buffer.from(html)
      variants = {
        br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(data, { level: 9 }),
      }
      // A development server re-reads the shell after every build: keep only the latest few.
      if (encoded.size >= 4) encoded.delete(encoded.keys().next().value!)
      encoded.set(html, variants)
    }
    return { body: variants[encoding], encoding }
  }
}

/** A page made for one caller: compressed for this answer only, quickly (brotli 5). */
function encodeOnce(html: string, acceptEncoding: string | undefined) {
  const encoding = acceptEncoding ? shellNegotiator.negotiate(acceptEncoding) : null
  if (encoding === 'br') {
    return { body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding }
  }
  if (encoding === 'gzip') return { body: gzipSync(html, { level: 6 }), encoding }
  return { body: html, encoding: null }
}

/** What the server knows of one caller's first screen of a page. */
export interface FirstScreen {
  /** The pictures it shows first (its LCP), preloaded from the page's head. */
  images: readonly string[]
  /** The answers its boot script and app would ask for first, embedded in the page. */
  answers: EarlyAnswers
}

/** The first screens the server renders, by the page's path; null when it renders none for this caller. */
export type FirstScreens = Record<string, (request: FastifyRequest) => Promise<FirstScreen | null>>

/**
 * JSON inside `<script type="application/json">`: nothing in it may end the element or open a
 * comment, so `<`, `>` and `&` go as escapes (the same characters once parsed), and so do the two
 * line separators that old parsers took for line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

function withFirstScreen(html: string, screen: FirstScreen): string {
  const links = screen.images
    .map((href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`)
    .join('')
  const answers =
    Object.keys(screen.answers).length === 0
      ? ''
      : `<script type="application/json" id="${EARLY_ANSWERS_ID}">${jsonForScript(screen.answers)}</script>`
  return html.replace('</head>', `${links}${answers}</head>`)
}

/** The Japanese 404 page, for a browser. */
export function sendNotFoundPage(reply: FastifyReply, securityHeaders: SecurityHeaders) {
  securityHeaders.allowInline(reply, notFoundPage)
  return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage)
}

/** Paths that only send a browser on to the top page. */
export const ROOT_REDIRECTS = ['/', '/sp'] as const

export function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  )
}

/**
 * Serves the SPA shell for exactly the pages of the contract, its assets, and for any other path a
 * browser asks for the shell again with 404, whose app shows its Japanese not-found screen in the
 * site's frame (API callers get the JSON wrapper instead).
 */
export async function registerPages(
  app: FastifyInstance,
  options: {
    webDistDir: string
    production: boolean
    context: RequestContextOptions
    /** Admits the shell's and the 404 page's own inline script and styles (decision 0022). */
    securityHeaders: SecurityHeaders
    /**
     * Per page path: this caller's first screen, or null. Its pictures are announced in the page's
     * head so that the browser fetches them while it reads the page, and its first answers come in
     * the page, so that no request stands between the page and its pictures (decision 0018).
     */
    firstScreens?: FirstScreens
  },
): Promise<void> {
  const indexFile = path.join(options.webDistDir, 'index.html')
  const readShell = () => {
    if (!existsSync(indexFile))
      return simplePage(text.notBuilt.title, text.notBuilt.heading, text.notBuilt.body)
    const html = readFileSync(indexFile, 'utf8')
    return { web: html, app: html.replace(HTML_TAG, '<html lang="ja" data-client="APPLI">') }
  }
  if (!existsSync(indexFile)) app.log.warn({ indexFile }, 'web app not built: pages answer a notice')
  // Production reads the shell once; development re-reads it so a rebuild needs no restart.
  const startupShell = readShell()
  const shell = () => {
    const current = options.production ? startupShell : readShell()
    return typeof current === 'string' ? { web: current, app: current } : current
  }

  if (existsSync(options.webDistDir)) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // The shells (the members' index.html, the console's admin/admin.html) only through their routes.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        }
      },
    })
  }

  const encodeShell = createShellEncoder()
  const firstScreenOf = async (request: FastifyRequest): Promise<FirstScreen | null> => {
    const find = options.firstScreens?.[request.routeOptions.url ?? '']
    if (!find) return null
    try {
      return await find(request)
    } catch (error) {
      // The page works without it: the app asks for its data itself.
      request.log.warn({ err: error }, 'first screen failed')
      return null
    }
  }
  // A page of the contract (200), or any other path a browser asks for (404): the app then shows its
  // not-found screen inside the site's frame, with its header, menu and footer to go on from.
  const servePage = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    const query = request.query as Record<string, unknown>
    if (query.app === '1' && !request.session?.nativeApp) {
      const session = await ensureSession(request, reply, options.context)
      refreshSession(
        request,
        await options.context.sessions.update(session, { nativeApp: true }),
        options.context,
      )
    }
    const html = isNativeApp(request) ? shell().app : shell().web
    options.securityHeaders.allowInline(reply, html)
    const screen = await firstScreenOf(request)
    const { body, encoding } =
      screen === null
        ? encodeShell(html, request.headers['accept-encoding'])
        : encodeOnce(withFirstScreen(html, screen), request.headers['accept-encoding'])
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      // A page with this member's first screen in it is theirs alone: no cache keeps it, like
      // every answer to a member. The shell alone is the same for everyone, asked again each time.
      .header('cache-control', screen === null ? 'no-cache' : MEMBER_CACHE_CONTROL)
      .header('vary', 'accept-encoding')
    if (encoding) reply.header('content-encoding', encoding)
    return reply.send(body)
  }

  for (const page of pages) {
    if ('onlyWithTimeTravel' in page && page.onlyWithTimeTravel && !options.context.timeTravel) continue
    app.get(page.path, { schema: { hide: true } }, servePage)
  }
  for (const root of ROOT_REDIRECTS) {
    app.get(root, { schema: { hide: true } }, async (_request, reply) => reply.redirect(TOP_PATH))
  }

  app.setNotFoundHandler(async (request, reply) => {
    // The path is there, with other methods: 405, naming them, as HTTP asks.
    // (A route that has this method but found nothing, such as a file not served, is a plain 404.)
    const allowed = app.allowedMethods(request.url)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          entity: null,
          error: {
            code: 'METHOD_NOT_ALLOWED',
            message: `${request.method} is not allowed here; use ${allowed.join(', ')}`,
          },
          clock: request.wireClock ?? null,
        })
    }
    if (wantsHtml(request)) {
      // The app's shell when it is built (its not-found screen in the frame); else the plain page.
      return existsSync(indexFile)
        ? servePage(request, reply, 404)
        : sendNotFoundPage(reply, options.securityHeaders)
    }
    return reply.status(404).send({
      entity: null,
      error: { code: 'NOT_FOUND', message: `no route ${request.method} ${request.url.split('?')[0]}` },
      clock: request.wireClock ?? null,
    })
  })
}
