import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import text from '../locales/ja/pages.json' with { type: 'json' }
import { simplePage } from './pages'
import type { SecurityHeaders } from './security-headers'

/** Where the operators' console lives: its screens, its assets and its JSON API, all under it. */
export const ADMIN_ROOT = '/admin'

/**
 * The console's shell as the web build writes it (web/vite.admin.config.ts), relative to the web
 * build's folder. It is a build of its own, apart from the members' app: nothing of the console is
 * in a member's first load, and none of the members' prerendered screens is in the console's page.
 */
export const ADMIN_SHELL_FILE = path.join('admin', 'admin.html')

/**
 * The first segment of a console screen's path: anything but `api` (the console's JSON API, whose
 * unknown paths answer the wrapper's NOT_FOUND) and `assets` (its built files, whose missing ones
 * answer a plain 404), so that neither ever gets a page of HTML, nor a 405 naming this route's GET.
 */
const SCREEN_SEGMENT = ':screen(^(?!(?:api|assets)$)[^/]+$)'

/**
 * The routes that answer the console's shell: the console's root and every path below it but its API
 * and its assets. The console's router answers them all, its own "not found" included.
 */
export const ADMIN_SHELL_ROUTES = [
  ADMIN_ROOT,
  `${ADMIN_ROOT}/${SCREEN_SEGMENT}`,
  `${ADMIN_ROOT}/${SCREEN_SEGMENT}/*`,
] as const

/**
 * Serves the operators' console (decision 0069): its shell for `/admin` and every console path,
 * with the site's security headers and a Content-Security-Policy admitting its inline code (if any)
 * by hash, kept by no cache (the console shows who is signed in) and by no search engine.
 */
export function registerAdminPages(
  app: FastifyInstance,
  options: {
    webDistDir: string
    production: boolean
    securityHeaders: SecurityHeaders
  },
): void {
  const shellFile = path.join(options.webDistDir, ADMIN_SHELL_FILE)
  const readShell = () =>
    existsSync(shellFile)
      ? readFileSync(shellFile, 'utf8')
      : simplePage(text.notBuilt.title, text.notBuilt.heading, text.notBuilt.body)
  if (!existsSync(shellFile)) app.log.warn({ shellFile }, 'console not built: /admin answers a notice')
  // Production reads the shell once; development re-reads it so a rebuild needs no restart.
  const startupShell = readShell()

  const serveShell = async (_request: unknown, reply: FastifyReply) => {
    const html = options.production ? startupShell : readShell()
    options.securityHeaders.allowInline(reply, html)
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(html)
  }

  for (const url of ADMIN_SHELL_ROUTES) app.get(url, { schema: { hide: true } }, serveShell)
}
