import { gzipSync } from 'node:zlib'
import { expect, test } from './support'

/**
 * The top page's first-load JS stays within its budget (90 KB gzip, issue 13): the module script of
 * the page the server sends and every chunk it imports statically, as served (dynamic imports load
 * later, per screen). `npm run size -w web` prints the same figure chunk by chunk.
 */
const BUDGET_BYTES = 90 * 1024

test('the top page loads at most 90 KB of gzipped JS before it renders', async ({ request }) => {
  const html = await (await request.get('/sp/top/menu', { headers: { accept: 'text/html' } })).text()
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]
  expect(entry, 'the module script of the page').toBeTruthy()

  const seen = new Map<string, number>()
  const queue = [entry!]
  while (queue.length > 0) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    const code = await (await request.get(path, { headers: { 'accept-encoding': 'identity' } })).text()
    seen.set(path, gzipSync(code, { level: 9 }).length)
    // Static imports only: `import … from "./x.js"` / `import "./x.js"`, not `import("./x.js")`.
    for (const match of code.matchAll(/\bimport\s*(?:[\w${},*\s]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(new URL(match[1]!, `http://x${path}`).pathname)
    }
  }
  const total = [...seen.values()].reduce((sum, size) => sum + size, 0)
  console.log(`first-load JS: ${(total / 1024).toFixed(2)} KB gzip in ${seen.size} files`)
  expect(seen.size).toBeGreaterThan(1)
  expect(total, `first-load JS of ${[...seen.keys()].join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES)
})
