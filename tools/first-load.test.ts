import { describe, expect, it } from 'vitest'
import { measureFirstLoad } from './first-load'

const files: Record<string, string> = {
  '/assets/index-a.js':
    'import{a as b}from"./vendor-b.js";import"./runtime-c.js";const s=()=>import("./screen-d.js");',
  '/assets/vendor-b.js': 'import"./runtime-c.js";export const a=1;',
  '/assets/runtime-c.js': 'export{};',
  '/assets/screen-d.js': 'export const later=1;',
  '/assets/preloaded-e.js': 'export{};',
}
const read = async (path: string) => {
  const code = files[path]
  if (code === undefined) throw new Error(`no ${path}`)
  return new TextEncoder().encode(code)
}

describe('measureFirstLoad', () => {
  it('counts the scripts the page names and all they import statically, once each, not dynamic imports', async () => {
    // The app's tags wait in a template for the boot script: still the first visit.
    const html =
      '<div id="root"></div><template id="app"><script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/preloaded-e.js"></template>'
    const load = await measureFirstLoad(html, read)
    expect(load.files.map((file) => file.path)).toEqual([
      '/assets/index-a.js',
      '/assets/preloaded-e.js',
      '/assets/vendor-b.js',
      '/assets/runtime-c.js',
    ])
    expect(load.gzipBytes).toBe(load.files.reduce((sum, file) => sum + file.gzipBytes, 0))
  })

  it('refuses a page that names no module script', async () => {
    await expect(measureFirstLoad('<p>no script</p>', read)).rejects.toThrow('names no module script')
  })
})
