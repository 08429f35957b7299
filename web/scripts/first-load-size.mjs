// Gzip size of the JS a first visit to any page downloads before rendering: the entry chunk of
// dist/index.html and every chunk it imports statically (dynamic imports load later, per screen).
// Run after `vite build`: node scripts/first-load-size.mjs
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = join(import.meta.dirname, '..', 'dist')
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1]
if (!entry) throw new Error('no module script in dist/index.html')

const seen = new Set()
const queue = [entry]
while (queue.length > 0) {
  const file = queue.shift()
  if (seen.has(file)) continue
  seen.add(file)
  const code = readFileSync(join(dist, file), 'utf8')
  // Static imports only: `import … from "./x.js"` / `import "./x.js"`, not `import("./x.js")`.
  for (const match of code.matchAll(/\bimport\s*(?:[\w${},*\s]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    queue.push(join('assets', match[1]))
  }
}

let total = 0
for (const file of seen) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += size
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`)
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  first-load JS, gzip (budget 90 KB)`)
