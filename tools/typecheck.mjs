// npm run typecheck: TypeScript's check of every workspace (each has its own tsconfig.json, for
// editors and for its own compiler options), as many at once as the machine has cores. tsc uses
// one core, and run one after another the six took about 100 s of the CI's two-core run; two at a
// time take about half. Each project's errors are printed whole when it ends, never interleaved.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

/** The projects, longest first, so the last one to start is a short one. */
const PROJECTS = ['web', 'server', 'packages/contract', 'bench', 'tools', 'e2e']

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now()
    const tsc = spawn('npx', ['tsc', '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    tsc.stdout.on('data', (chunk) => {
      output += chunk
    })
    tsc.stderr.on('data', (chunk) => {
      output += chunk
    })
    tsc.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'errors'} (${seconds} s)`)
      if (output.trim()) console.log(output.trimEnd())
      resolve(code === 0)
    })
  })
}

const queue = [...PROJECTS]
let failed = false
async function lane() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    if (!(await check(project))) failed = true
  }
}
await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), 4)) }, lane))
process.exit(failed ? 1 : 0)
