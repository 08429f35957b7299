/**
 * Bundles the server into `dist/main.js`, the file `npm start` runs: the workspace's TypeScript
 * (server and contract) compiled once, so production neither ships a TypeScript loader nor pays
 * for one in start-up time and memory. Packages from node_modules stay imports (sharp and PGlite
 * load native code and WASM from beside their own files).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const serverRoot = path.resolve(import.meta.dirname, '..')
const dependenciesOf = (folder) => {
  const pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'))
  return Object.keys(pkg.dependencies ?? {})
}
const external = [
  ...dependenciesOf(serverRoot),
  ...dependenciesOf(path.join(serverRoot, '../packages/contract')),
].filter((name) => !name.startsWith('@puribox/'))

await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(serverRoot, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
})
console.log('server bundled: server/dist/main.js')
