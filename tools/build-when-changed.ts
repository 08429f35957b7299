/**
 * node tools/build-when-changed.ts — what `npm start` runs before starting the server.
 *
 * Builds the web app and the server only when their sources changed since the last build this
 * command made: each part's source files are listed with their size and modification time, and a
 * hash of that list is kept, after a successful build, in node_modules/.cache/puribox-build/ with the
 * modification time of the part's output. A start with nothing changed builds nothing. The build's
 * own output is shown only when it fails; `npm run build` always builds and shows everything.
 *
 * Runs on Node's own TypeScript support (no loader), so this file imports no other TypeScript file.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface BuildTarget {
  /** What the person reads: `web app`, `server`. */
  label: string
  /** The npm workspace whose `build` script builds it. */
  workspace: string
  /** Folders and files, relative to the repository, that the build reads. */
  inputs: string[]
  /** A file the build writes last or nearly so, relative to the repository. */
  output: string
}

/** What the last successful build recorded. */
export interface BuildStamp {
  /** The hash of the source list when that build started. */
  inputs: string
  /** The modification time of the output it wrote, in milliseconds. */
  outputMtimeMs: number
}

export interface BuildState {
  /** The hash of the source list now. */
  inputs: string
  /** The output's modification time now; null when there is no output. */
  outputMtimeMs: number | null
}

export type BuildDecision = { build: false } | { build: true; reason: string }

const shared = ['packages/contract', 'package-lock.json', 'tsconfig.base.json']

export const TARGETS: BuildTarget[] = [
  { label: 'web app', workspace: 'web', inputs: ['web', ...shared], output: 'web/dist/index.html' },
  { label: 'server', workspace: 'server', inputs: ['server', ...shared], output: 'server/dist/main.js' },
]

/** Folders no build reads from (dependencies, outputs, test reports). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.git'])
/** Files no build reads: tests, and TypeScript's incremental state. */
const SKIPPED_FILE = /\.test\.[cm]?[jt]sx?$|\.tsbuildinfo$/

/**
 * Whether a part needs building: when it was never built, when the sources differ from those of the
 * last build recorded, or when its output is not the one that build wrote (another command rebuilt
 * or removed it since, from sources this command did not see).
 */
export function buildDecision(stamp: BuildStamp | null, now: BuildState): BuildDecision {
  if (now.outputMtimeMs === null) return { build: true, reason: 'not built yet' }
  if (stamp === null) return { build: true, reason: 'no record of its last build' }
  if (stamp.inputs !== now.inputs) return { build: true, reason: 'sources changed since its last build' }
  if (stamp.outputMtimeMs !== now.outputMtimeMs) {
    return { build: true, reason: 'built by another command since' }
  }
  return { build: false }
}

/** A stamp file's content, or null when it is missing or unreadable (then the part is rebuilt). */
export function parseStamp(text: string | null): BuildStamp | null {
  if (text === null) return null
  try {
    const value = JSON.parse(text) as Partial<BuildStamp> | null
    if (typeof value?.inputs === 'string' && typeof value.outputMtimeMs === 'number') {
      return { inputs: value.inputs, outputMtimeMs: value.outputMtimeMs }
    }
  } catch {
    // A half-written or foreign file: treated as no record.
  }
  return null
}

/** Lists `entries` (files and folders, relative to `root`) as `path size mtime` lines, sorted. */
export function listSources(root: string, entries: readonly string[]): string[] {
  const lines: string[] = []
  const visit = (relative: string) => {
    let stat: ReturnType<typeof statSync>
    try {
      stat = statSync(path.join(root, relative))
    } catch {
      return
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path.join(root, relative))) {
        if (!SKIPPED_FOLDERS.has(name)) visit(path.posix.join(relative, name))
      }
    } else if (stat.isFile() && !SKIPPED_FILE.test(relative)) {
      lines.push(`${relative} ${stat.size} ${stat.mtimeMs}`)
    }
  }
  for (const entry of entries) visit(entry)
  return [...new Set(lines)].sort()
}

/** The hash of a part's source list. */
export function fingerprint(root: string, entries: readonly string[]): string {
  return createHash('sha256').update(listSources(root, entries).join('\n')).digest('hex')
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs
  } catch {
    return null
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** Runs `npm run build -w <workspace>`, keeping its output to show if it fails. */
function runBuild(root: string, workspace: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', (error) => resolve({ code: 1, output: String(error) }))
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }))
  })
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..')
  const stampDir = path.join(root, 'node_modules', '.cache', 'puribox-build')
  for (const target of TARGETS) {
    const stampFile = path.join(stampDir, `${target.workspace}.json`)
    const outputFile = path.join(root, target.output)
    // Taken before building: a file edited during the build makes the next start build again.
    const inputs = fingerprint(root, target.inputs)
    const decision = buildDecision(parseStamp(readText(stampFile)), {
      inputs,
      outputMtimeMs: mtimeOf(outputFile),
    })
    if (!decision.build) continue

    process.stdout.write(`Building the ${target.label} (${decision.reason})… `)
    const started = performance.now()
    const result = await runBuild(root, target.workspace)
    if (result.code !== 0) {
      console.log('failed:\n')
      console.log(result.output)
      process.exit(result.code)
    }
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`)
    const outputMtimeMs = mtimeOf(outputFile)
    if (outputMtimeMs !== null) {
      mkdirSync(stampDir, { recursive: true })
      writeFileSync(stampFile, `${JSON.stringify({ inputs, outputMtimeMs } satisfies BuildStamp)}\n`)
    }
  }
}

if (import.meta.main) await main()
