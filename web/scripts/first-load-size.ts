// npm run size -w web (after `vite build`): the first-load JS of the built top page, file by file,
// counted as the browser test and the benchmark count it (tools/first-load.ts).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describeFirstLoad, FIRST_LOAD_BUDGET_KB, measureFirstLoad } from '../../tools/first-load'

// The folder `vite build` wrote: WEB_DIST_DIR when set (as in vite.config.ts), else web/dist.
const dist = process.env.WEB_DIST_DIR ?? join(import.meta.dirname, '..', 'dist')
const html = await readFile(join(dist, 'index.html'), 'utf8').catch(() => {
  console.error('web/dist/index.html is missing: run `npm run build -w web` first')
  process.exit(1)
})
const load = await measureFirstLoad(html, (path) => readFile(join(dist, path)))
console.log(describeFirstLoad(load, FIRST_LOAD_BUDGET_KB).join('\n'))
