// After `vite build`: brotli and gzip copies of every text asset, made once at build time so the
// server sends them as they are (@fastify/static preCompressed) and spends no CPU per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// The folder `vite build` wrote: WEB_DIST_DIR when set (as in vite.config.ts), else web/dist.
const dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'dist'))
const TEXT = /\.(js|css|svg|json|txt|webmanifest)$/

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}

let count = 0
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue
  const data = readFileSync(file)
  if (data.length < 1024) continue
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
  count++
}
console.log(`precompressed ${count} files (br, gz)`)
