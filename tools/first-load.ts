import { gzipSync } from 'node:zlib'

/**
 * The JavaScript a first visit downloads before the page can run, as a phone gets it: every module
 * script and module preload the page names (the app's tags wait in a template for the boot script,
 * which is still the first visit), and every chunk those import statically, all the way down.
 * Dynamic `import()`s are left out: they load later, with their screen.
 *
 * One count for everything that reports the figure (the browser test's budget, the benchmark, and
 * `npm run size -w web`), so none of them can count less than another: the benchmark once read only
 * the tags in the HTML and missed the packages' chunk the entry imports.
 */
export interface FirstLoadFile {
  /** The address as the page names it, e.g. `/assets/index-abc1234.js`. */
  path: string
  bytes: number
  /** Gzip at level 9, what the server's precompressed files are. */
  gzipBytes: number
}

export interface FirstLoad {
  files: FirstLoadFile[]
  gzipBytes: number
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1]

/** The scripts a page's HTML names itself: module scripts and module preloads, in order. */
export function namedScripts(html: string): string[] {
  const found: string[] = []
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isModuleScript = tag.toLowerCase().startsWith('<script') && attribute(tag, 'type') === 'module'
    const isPreload = attribute(tag, 'rel')?.split(/\s+/).includes('modulepreload') ?? false
    const address = isModuleScript ? attribute(tag, 'src') : isPreload ? attribute(tag, 'href') : undefined
    if (address) found.push(address)
  }
  return found
}

/** Static imports of a built chunk: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => match[1]!,
  )
}

/**
 * Measures the first load of the page whose HTML is `html`; `read` fetches one file by its address
 * (from the server, or from the built folder).
 */
export async function measureFirstLoad(
  html: string,
  read: (path: string) => Promise<Uint8Array>,
): Promise<FirstLoad> {
  const queue = namedScripts(html).map((address) => new URL(address, 'http://page/').pathname)
  if (queue.length === 0) throw new Error('the page names no module script')
  const files: FirstLoadFile[] = []
  const seen = new Set<string>()
  while (queue.length > 0) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    seen.add(path)
    const data = await read(path)
    files.push({ path, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length })
    for (const imported of staticImports(new TextDecoder().decode(data))) {
      queue.push(new URL(imported, `http://page${path}`).pathname)
    }
  }
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) }
}

/** The figure's lines: one a file, then the total against the budget. */
export function describeFirstLoad(load: FirstLoad, budgetKb: number): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`
  return [
    ...load.files.map((file) => `${kb(file.gzipBytes)}  ${file.path}`),
    `${kb(load.gzipBytes)}  first-load JS, gzip (budget ${budgetKb} KB)`,
  ]
}

/** The top page's budget, so the seal-ID entry is quick on a weak mobile signal: what a phone downloads before the page runs, gzip. */
export const FIRST_LOAD_BUDGET_KB = 90
