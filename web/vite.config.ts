import { readFile } from 'node:fs/promises'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, minify, type Plugin, runnerImport, transformWithOxc } from 'vite'
import type * as Prerender from './src/shell/prerender'
import { withoutStylesheets } from './src/shell/without-stylesheets'

const server = 'http://localhost:3000'
const src = path.join(import.meta.dirname, 'src')

/**
 * Makes the built index.html paint the page at once, before the app's JavaScript has arrived:
 * - the stylesheets inline, instead of render-blocking requests: the app's (what every page shares,
 *   and the top page's) and those of the prerendered screens' chunks (the preview's and my page's,
 *   which otherwise load with their screens);
 * - the prerendered first screens of the busiest pages (src/shell/prerender.tsx), as templates;
 * - the boot script (src/shell/boot.ts) inline after them: it puts this page's screen in #root, for
 *   main.tsx to hydrate, starts the requests the page needs first, and then the app, whose script
 *   and module preloads wait in a template for it (on my page, behind the first row of pictures).
 */
function instantFirstPaint(): Plugin {
  return {
    name: 'puribox:instant-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) throw new Error('instant-first-paint: no bundle')
        const { module: prerendered } = await runnerImport<typeof Prerender>(
          path.join(src, 'shell', 'prerender.tsx'),
          { root: import.meta.dirname, logLevel: 'warn', plugins: [withoutStylesheets()] },
        )
        const bootTs = await readFile(path.join(src, 'shell', 'boot.ts'), 'utf8')
        const bootJs = (await transformWithOxc(bootTs, 'boot.ts')).code.replace(/^export /gm, '')
        const script = await minify(
          'boot.js',
          `(() => {\n${bootJs}\nboot(${JSON.stringify(prerendered.bootConfig)})\n})()`,
        )
        if (script.errors.length > 0) throw new Error(`boot.ts: ${script.errors[0]?.message}`)

        // A screen's chunk and the chunks it imports, all the way down (each one found late is one
        // more round trip), but not the entry and what it imports.
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const withImports = (files: string[]): Set<string> => {
          const found = new Set<string>()
          const visit = (file: string) => {
            if (found.has(file)) return
            found.add(file)
            for (const imported of byFile.get(file)?.imports ?? []) visit(imported)
          }
          for (const file of files) visit(file)
          return found
        }
        const entry = chunks.find((chunk) => chunk.isEntry)
        const loaded = withImports(entry ? [entry.fileName] : [])
        const screenChunks = (screenModule: string) => {
          const screen = chunks.find(
            (chunk) => chunk.facadeModuleId === path.join(import.meta.dirname, screenModule),
          )
          if (!screen) throw new Error(`instant-first-paint: no chunk for ${screenModule}`)
          return [...withImports([screen.fileName])]
            .filter((file) => !loaded.has(file))
            .map((file) => `/${file}`)
        }
        // The stylesheets of the prerendered screens' chunks, to inline after the app's: those pages
        // paint before any request. They leave the bundle and the chunks' lists of stylesheets, so
        // the app does not fetch them again when it loads those screens (Vite writes those lists into
        // the chunks' dynamic imports after this hook, from `importedCss`).
        const screenCss: string[] = []
        for (const shell of prerendered.shells) {
          if (!shell.screenModule) continue
          for (const file of screenChunks(shell.screenModule)) {
            const chunk = byFile.get(file.slice(1))
            for (const css of chunk?.viteMetadata?.importedCss ?? []) {
              if (!screenCss.includes(css)) screenCss.push(css)
            }
          }
        }
        const inlineCss = (fileName: string): string => {
          const css = bundle[fileName]
          if (css?.type !== 'asset') throw new Error(`instant-first-paint: no stylesheet ${fileName}`)
          delete bundle[fileName] // inline now, and nothing else asks for it
          for (const chunk of chunks) chunk.viteMetadata?.importedCss.delete(fileName)
          return (typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source)).trim()
        }
        const firstScreensStyle =
          screenCss.length > 0 ? `<style>${screenCss.map(inlineCss).join('')}</style>` : ''

        const templates = prerendered.shells.map(
          (shell) =>
            `<template data-paths="${shell.paths.join(' ')}" data-title="${shell.title}"` +
            (shell.screenModule ? ` data-modules="${screenChunks(shell.screenModule).join(' ')}"` : '') +
            `>${shell.html}</template>`,
        )

        const root = '<div id="root"></div>'
        if (!html.includes(root)) throw new Error(`instant-first-paint: index.html has no ${root}`)
        // Vite's tags of the entry, out of the head and into the template boot.ts starts the app from.
        const appTags: string[] = []
        html = html.replace(
          /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g,
          (tag) => {
            appTags.push(tag.trim())
            return ''
          },
        )
        if (!appTags.some((tag) => tag.startsWith('<script')))
          throw new Error('instant-first-paint: no module script in index.html')
        const app = `<template id="${prerendered.bootConfig.appTemplateId}">${appTags.join('')}</template>`
        return html
          .replace(
            /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/,
            (_link, fileName: string) => `<style>${inlineCss(fileName)}</style>${firstScreensStyle}`,
          )
          .replace(root, `${root}${templates.join('')}${app}<script>${script.code.trim()}</script>`)
      },
    },
  }
}

/**
 * Pictures drawn from the mark and the wordmark (src/brand/) at build time, so that they never
 * differ from them: the home-screen icon an iPhone asks for (`/apple-touch-icon.png`: 180 px and
 * opaque, since iOS rounds its corners itself), and the logo at the top of every mail
 * (`mail-logo.png`, which the server attaches to its mails: mail programs show no SVG).
 */
function brandPictures(): Plugin {
  return {
    name: 'puribox:brand-pictures',
    apply: 'build',
    async generateBundle() {
      const { default: sharp } = await import('sharp')
      const mark = await readFile(path.join(src, 'brand', 'mark.svg'), 'utf8')
      const square = mark.replace(/ rx="\d+"/, '')
      if (square === mark) throw new Error('home-screen icon: the mark has no rounded background to square')
      const icon = await sharp(Buffer.from(square), { density: 288 }).resize(180, 180).png().toBuffer()
      this.emitFile({ type: 'asset', fileName: 'apple-touch-icon.png', source: icon })

      // The mark and the wordmark side by side, twice the size the mail shows (180 × 44).
      const wordmark = await readFile(path.join(src, 'brand', 'wordmark.svg'), 'utf8')
      const nested = (svg: string, box: string) =>
        svg.replace(/ width="\d+" height="\d+"/, '').replace('<svg ', `<svg ${box} `)
      const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="88" viewBox="0 0 360 88">${nested(mark, 'x="0" y="0" width="88" height="88"')}${nested(wordmark, 'x="100" y="14" width="240" height="60"')}</svg>`
      const png = await sharp(Buffer.from(logo), { density: 144 }).png().toBuffer()
      this.emitFile({ type: 'asset', fileName: 'mail-logo.png', source: png })
    },
  }
}

export default defineConfig({
  base: '/',
  plugins: [react(), instantFirstPaint(), brandPictures()],
  build: {
    // WEB_DIST_DIR (which the server also reads) lets a second checkout or a parallel browser run build
    // somewhere of its own instead of replacing the files a running server is serving.
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    assetsDir: 'assets',
    // The illustrations (src/brand/illustrations/) are files of their own, fetched when a screen
    // shows one (an empty list, the 404), not inlined into every page's stylesheet; the top page's
    // is inlined, as it is in its first screen. The other small files are inlined as Vite does.
    assetsInlineLimit: (file) =>
      file.includes(`${path.sep}illustrations${path.sep}`) ? file.endsWith(`${path.sep}hero.svg`) : undefined,
    emptyOutDir: true,
    modulePreload: {
      // No polyfill for browsers without `<link rel="modulepreload">` (Safari before 17): they fetch
      // the packages chunk when the entry imports it, one round trip later, rather than every phone
      // downloading the polyfill (0.2 KB of the first load; decision 0057).
      polyfill: false,
      // A later screen's chunk is preloaded with the chunks it imports, except those of the first
      // load (the entry, the packages, the runtime): the page has them already, and naming them in
      // every lazy route of the route table cost the first load bytes (decision 0050).
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !/^assets\/(index|vendor|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: {
      treeshake: {
        // The app's modules only declare things (main.tsx, the entry, and zod-without-eval act), so a
        // module none of whose exports is used is left out. This is what lets a feature's public.ts
        // name several modules: a screen that takes one name through it gets that module only, not
        // every module it names (and their libraries) in a chunk of its own. Stylesheets are kept.
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: /[\\/]web[\\/]src[\\/]main\.tsx$/, sideEffects: true },
          // Imported for what it does, not for a name: Zod without eval (decision 0022).
          { test: /[\\/]web[\\/]src[\\/]shell[\\/]zod-without-eval\.ts$/, sideEffects: true },
          { test: /[\\/]web[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Seven characters of hash (42 bits, the fewest Rolldown allows for this many chunks) do as well as eight,
        // and the route table names every lazy chunk: random characters do not compress (decision 0050).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // The first load (what main.tsx imports statically) in two chunks: the packages, which change
        // only with an upgrade and so stay cached across releases, and the app. Left to itself,
        // Rolldown cuts it into a chunk for each set of later screens that shares a part of it, and
        // every extra file is compressed on its own: ~1.4 KB gzip more in all (decision 0016).
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/sp/2': server,
      '/sp//ajax': server,
      '/openapi.json': server,
      '/sp/puri/thum.jpg': server,
      '/booth': server,
      '/_sandbox': server,
    },
  },
})
