/**
 * npm run bench — prints PuriBox's performance figures next to the issue's targets (PASS/MISS) and
 * writes them to bench/results/latest.json. A missed target never fails the run; a benchmark that
 * could not run at all does (exit 1). See bench/README.md.
 *
 * Env: BENCH_DURATION (s per load test, default 10), BENCH_WARMUP (s, default 3),
 * BENCH_CONNECTIONS (default 50), BENCH_INGEST_RUNS (default 5), BENCH_LIGHTHOUSE_RUNS (default 3),
 * BENCH_ONLY (comma list of bundle, api, save, near, ingest, lighthouse, mypage), BENCH_COLD=1 (measure the first start
 * on the fresh data directory instead of a restart on it), BENCH_PROFILE (a directory: V8 CPU profiles of
 * the PuriBox processes are written there).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { pushPlay } from '../tools/booth-client'
import { generatePuriImage } from '../tools/booth-images'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tools/chromium'
import { FIRST_LOAD_BUDGET_KB, measureFirstLoad } from '../tools/first-load'
import { median, sharpAloneDerivatives, timeIt } from './ingestion'
import { measureThumbnails, seedMypage } from './mypage'
import { cpuMsOf, freePort, memoryOf, type ServerProcess, startServer, waitUntilAnswering } from './processes'
import { type SaveFixtures, seedSaveFixtures } from './save'
import { nearPaths, seedShops } from './shops'

const root = path.resolve(import.meta.dirname, '..')
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const settings = {
  durationSeconds: env('BENCH_DURATION', 10),
  warmupSeconds: env('BENCH_WARMUP', 3),
  connections: env('BENCH_CONNECTIONS', 50),
  ingestRuns: env('BENCH_INGEST_RUNS', 5),
  saveRuns: env('BENCH_SAVE_RUNS', 3),
  nearRuns: env('BENCH_NEAR_RUNS', 3),
  lighthouseRuns: env('BENCH_LIGHTHOUSE_RUNS', 3),
}
/** BENCH_COLD=1: measure the very first start on the fresh data directory (database creation included). */
const coldStart = process.env.BENCH_COLD === '1'
const only = new Set(
  (process.env.BENCH_ONLY ?? 'bundle,api,save,near,ingest,lighthouse,mypage').split(',').map((s) => s.trim()),
)

interface Check {
  name: string
  measured: string
  target: string
  pass: boolean
}
const checks: Check[] = []
const failures: string[] = []
const results: Record<string, unknown> = {
  at: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    node: process.version,
    platform: process.platform,
  },
  settings: { ...settings, coldStart },
}

const LABEL = 42
const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS')
const kb = (bytes: number) => bytes / 1024

function check(name: string, measured: string, target: string, pass: boolean): Check {
  const entry = { name, measured, target, pass }
  checks.push(entry)
  return entry
}

function heading(title: string): void {
  console.log(`\n▸ ${title}`)
}

function row(label: string, value: string, target?: Check): void {
  const tail = target ? `  ${`target ${target.target}`.padEnd(22)} ${verdict(target.pass)}` : ''
  console.log(`  ${label.padEnd(LABEL)} ${value.padStart(16)}${tail}`)
}

async function section(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    failures.push(`${name}: ${message}`)
    console.log(`  ✗ ${name} could not run: ${message}`)
  }
}

// ── First-load JS ────────────────────────────────────────────────────────────────────────────────
async function firstLoadJs(): Promise<void> {
  heading('First-load JS of the top page (its scripts and all they import statically, gzip -9)')
  const dist = path.join(root, 'web', 'dist')
  let html: string
  try {
    html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  } catch {
    throw new Error('web/dist/index.html is missing: run `npm run build` first')
  }
  // Counted as the browser test counts it (tools/first-load.ts), from the built files.
  const load = await measureFirstLoad(html, async (file) => readFileSync(path.join(dist, file)))
  for (const file of load.files) row(file.path, `${kb(file.gzipBytes).toFixed(1)} KB`)
  const target = check(
    'First-load JS of the top page (gzip)',
    `${kb(load.gzipBytes).toFixed(1)} KB`,
    `≤ ${FIRST_LOAD_BUDGET_KB} KB`,
    kb(load.gzipBytes) <= FIRST_LOAD_BUDGET_KB,
  )
  row('total', target.measured, target)
  results.firstLoadJs = {
    files: load.files,
    totalGzipBytes: load.gzipBytes,
    totalGzipKb: kb(load.gzipBytes),
    targetKb: FIRST_LOAD_BUDGET_KB,
    pass: target.pass,
  }
}

// ── Servers ──────────────────────────────────────────────────────────────────────────────────────
let puribox: ServerProcess | undefined
let bare: ServerProcess | undefined
let dataDir: string | undefined
let sealId: string | undefined
let saveFixtures: SaveFixtures | undefined
/** Members saving at once in the `save` benchmark (one per connection). */
const SAVE_MEMBERS = settings.connections
/**
 * Fresh seals per member: more than a member first-saves in the warm-up and the runs on this machine
 * (up to 60 a second each at 3,000 req/s).
 */
const SAVE_SEALS_PER_MEMBER = 60 * (settings.warmupSeconds + settings.saveRuns * settings.durationSeconds)

/** A PuriBox process on a data directory: exactly what `npm start` runs (`npm run bench` builds it first). */
function startPuriBoxOn(data: string, port: number): ServerProcess {
  return startServer({
    name: 'puribox',
    args: [
      '--enable-source-maps',
      '--max-semi-space-size=8',
      // BENCH_PROFILE=dir: a V8 CPU profile of each PuriBox process, written there when it stops.
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      'server/dist/main.js',
    ],
    cwd: root,
    port,
    // DATABASE_URL empty: always the embedded PGlite, whatever the shell has set
    env: {
      DATA_DIR: data,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      TIME_TRAVEL: 'off',
      // As `npm start` sets it (decision 0005): glibc's malloc arenas, held per thread, otherwise
      // keep what sharp's threads freed.
      MALLOC_ARENA_MAX: '2',
    },
  })
}

async function startServers(needBare: boolean): Promise<void> {
  heading('Starting servers (child processes)')
  if (!existsSync(path.join(root, 'server/dist/main.js'))) {
    throw new Error('server/dist/main.js is missing: run `npm run build` first')
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'puribox-bench-'))
  const [puriPort, barePort] = await Promise.all([freePort(), freePort()])
  const data = dataDir
  const startPuriBox = () => startPuriBoxOn(data, puriPort)
  if (!coldStart) {
    // A first start creates the database (PGlite initdb, migrations, demo seed) in the fresh data
    // directory; the measured process is a restart on it, as every start after the first one is.
    const first = startPuriBox()
    const readyMs = await waitUntilAnswering(first, `${first.url}/sp/2/account/self`)
    const memory = memoryOf(first.child.pid)
    await first.stop()
    row('first start (creates the database)', `ready in ${(readyMs / 1000).toFixed(1)} s`)
    if (only.has('save')) {
      const seeding = performance.now()
      saveFixtures = await seedSaveFixtures({
        dataDir: data,
        members: SAVE_MEMBERS,
        sealsPerMember: SAVE_SEALS_PER_MEMBER,
      })
      row(
        `seeded ${SAVE_MEMBERS} members + their fresh seals`,
        `in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
      )
    }
    if (memory) row('  its peak RSS (not the target figure)', `${memory.peakMb} MB`)
    results.firstStart = { readyMs, peakRssMb: memory?.peakMb ?? null }
  }
  puribox = startPuriBox()
  if (needBare)
    bare = startServer({
      name: 'bare',
      args: ['--import', 'tsx', 'bench/bare-server.ts'],
      cwd: root,
      port: barePort,
    })
  const [puriMs, bareMs] = await Promise.all([
    waitUntilAnswering(puribox, `${puribox.url}/sp/2/account/self`),
    bare ? waitUntilAnswering(bare, `${bare.url}/bare`) : Promise.resolve(0),
  ])
  row(`PuriBox ${puribox.url}`, `ready in ${(puriMs / 1000).toFixed(1)} s`)
  if (bare) row(`bare Fastify ${bare.url}`, `ready in ${(bareMs / 1000).toFixed(1)} s`)
  const play = await pushPlay({ url: puribox.url, count: 6, raw: 2, seed: 2026 })
  sealId = play.sealId
  row('seal pushed by the booth client', play.formattedSealId)
  results.seal = { sealId, formattedSealId: play.formattedSealId, previewUrl: play.previewUrl }
}

// ── API throughput ───────────────────────────────────────────────────────────────────────────────
interface LoadFigures {
  url: string
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  /**
   * The server's CPU time per request of the measured run, in µs, when its process was given:
   * what the server itself spends, whatever the load's client and the machine's neighbours do.
   */
  serverCpuUsPerRequest?: number | null
}

/** The figures of one autocannon run. */
function figuresOf(result: autocannon.Result): Omit<LoadFigures, 'url'> {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }
}

/** One URL under load, after a warm-up; with the server's process, its CPU time per request too. */
async function load(url: string, pid?: number): Promise<LoadFigures> {
  const { connections, warmupSeconds, durationSeconds } = settings
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds })
  const cpuBefore = cpuMsOf(pid)
  const result = await autocannon({ url, connections, duration: durationSeconds })
  const figures = figuresOf(result)
  return { url, ...figures, serverCpuUsPerRequest: cpuPerRequest(pid, cpuBefore, figures.requests) }
}

async function apiThroughput(): Promise<void> {
  if (!puribox || !bare || !sealId) throw new Error('servers are not running')
  heading(
    `API throughput (autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s each)`,
  )
  const describe = (figures: LoadFigures) =>
    `p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms` +
    (figures.non2xx || figures.errors || figures.timeouts
      ? `; ${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts (figure not valid)`
      : '')

  const bareFigures = await load(`${bare.url}/bare`)
  row('bare Fastify JSON route', `${bareFigures.requestsPerSecond} req/s`)
  console.log(`  ${''.padEnd(LABEL)} ${describe(bareFigures)}`)

  const endpoints = [
    { label: 'GET /sp/2/account/self (guest)', path: '/sp/2/account/self', share: 0.6 },
    { label: 'GET /sp/2/seals/{id}', path: `/sp/2/seals/${sealId}`, share: 0.35 },
  ]
  const measured: Record<string, unknown> = { bare: bareFigures }
  for (const endpoint of endpoints) {
    const figures = await load(`${puribox.url}${endpoint.path}`)
    const ratio = figures.requestsPerSecond / bareFigures.requestsPerSecond
    const clean = figures.non2xx === 0 && figures.errors === 0 && figures.timeouts === 0
    const target = check(
      endpoint.label,
      `${(ratio * 100).toFixed(0)} % of bare`,
      `≥ ${endpoint.share * 100} %`,
      clean && ratio >= endpoint.share,
    )
    row(endpoint.label, `${figures.requestsPerSecond} req/s`, target)
    console.log(`  ${''.padEnd(LABEL)} = ${target.measured}; ${describe(figures)}`)
    measured[endpoint.path.startsWith('/sp/2/seals') ? 'seal' : 'accountSelf'] = {
      ...figures,
      ratioToBare: ratio,
      target: endpoint.share,
      pass: target.pass,
    }
  }
  const memory = memoryOf(puribox.child.pid)
  if (memory) row('PuriBox peak RSS after the API load', `${memory.peakMb} MB`)
  results.api = { ...measured, puriboxMemoryAfterApiMb: memory }
}

// ── Near-me search ───────────────────────────────────────────────────────────────────────────────
const NEAR_SHARE_TARGET = 0.25
const NEAR_GENERATED_SHOPS = 20_000
/** Distinct positions the load cycles through: few requests alike, as people in many places make them. */
const NEAR_POSITIONS = 8192

/** CPU µs per request of `pid` over a run that made `requests` requests (null without /proc). */
function cpuPerRequest(pid: number | undefined, before: number | null, requests: number): number | null {
  const after = cpuMsOf(pid)
  return before === null || after === null || requests === 0
    ? null
    : Math.round(((after - before) * 1000) / requests)
}

/**
 * Like `load`, each request the next of `paths` (autocannon's setupRequest); with the server's
 * process, its CPU time per request too.
 */
async function loadPaths(url: string, paths: readonly string[], pid?: number): Promise<LoadFigures> {
  const { connections, warmupSeconds, durationSeconds } = settings
  let at = 0
  const requests = [
    {
      method: 'GET' as const,
      setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[at++ % paths.length]! }),
    },
  ]
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, requests })
  const cpuBefore = cpuMsOf(pid)
  const result = await autocannon({ url, connections, duration: durationSeconds, requests })
  const figures = figuresOf(result)
  return {
    url: `${url}${paths[0]}`,
    ...figures,
    serverCpuUsPerRequest: cpuPerRequest(pid, cpuBefore, figures.requests),
  }
}

/**
 * `GET /sp/2/machines/shops?lat=&lng=` at positions around the demo's cities (most of them different
 * at the server's 100 m rounding), over the seeded shops and over 20,000 more generated ones (a
 * second PuriBox process on its own data directory), as shares of the bare route. Each is measured
 * in `BENCH_NEAR_RUNS` rounds of the bare route then the search, back to back, and the round with the
 * median share counts: on this shared machine one round's share moves by ±5 points for unchanged
 * code. Every round's share, and the counted round's p50, p99, server CPU and peak RSS, are printed.
 */
async function nearSearch(): Promise<void> {
  if (!puribox || !bare) throw new Error('servers are not running')
  const bareServer = bare
  const rounds = Math.max(1, settings.nearRuns)
  heading(
    `Near-me search (autocannon, ${settings.connections} connections, ${NEAR_POSITIONS} positions cycled; ${rounds} rounds of bare then search, the median share counts)`,
  )
  const paths = nearPaths(NEAR_POSITIONS)
  const cpu = (figures: LoadFigures) =>
    figures.serverCpuUsPerRequest == null ? '' : `; server CPU ${figures.serverCpuUsPerRequest} µs a request`
  const measured: Record<string, unknown> = {}

  const measure = async (label: string, server: ServerProcess, key: string) => {
    const runs: Array<{ bare: LoadFigures; search: LoadFigures; ratio: number }> = []
    for (let round = 0; round < rounds; round++) {
      const bareFigures = await load(`${bareServer.url}/bare`, bareServer.child.pid)
      const figures = await loadPaths(server.url, paths, server.child.pid)
      runs.push({
        bare: bareFigures,
        search: figures,
        ratio: figures.requestsPerSecond / bareFigures.requestsPerSecond,
      })
    }
    const counted = [...runs].sort((a, b) => a.ratio - b.ratio)[Math.floor((runs.length - 1) / 2)]!
    const { search: figures, bare: bareFigures, ratio } = counted
    const clean = runs.every(
      (run) => run.search.non2xx === 0 && run.search.errors === 0 && run.search.timeouts === 0,
    )
    const target = check(
      label,
      `${(ratio * 100).toFixed(0)} % of bare`,
      `≥ ${NEAR_SHARE_TARGET * 100} %`,
      clean && ratio >= NEAR_SHARE_TARGET,
    )
    row(label, `${figures.requestsPerSecond} req/s`, target)
    const memory = memoryOf(server.child.pid)
    console.log(
      `  ${''.padEnd(LABEL)} = ${target.measured} (bare ${bareFigures.requestsPerSecond} req/s${cpu(bareFigures)}); ` +
        `p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms` +
        (clean ? '' : '; non-2xx answers or errors (figure not valid)') +
        cpu(figures) +
        (memory ? `; peak RSS ${memory.peakMb} MB` : ''),
    )
    console.log(
      `  ${''.padEnd(LABEL)}   every round: ${runs.map((run) => `${(run.ratio * 100).toFixed(0)} %`).join(', ')}`,
    )
    measured[key] = {
      ...figures,
      bare: bareFigures,
      ratioToBare: ratio,
      rounds: runs,
      pass: target.pass,
      peakRssMb: memory?.peakMb ?? null,
    }
  }

  await measure('near me, seeded shops', puribox, 'seeded')

  // A second PuriBox on its own data directory: created, stopped, given 20,000 shops, restarted.
  const data = mkdtempSync(path.join(os.tmpdir(), 'puribox-bench-near-'))
  const port = await freePort()
  let big: ServerProcess | null = null
  try {
    const first = startPuriBoxOn(data, port)
    await waitUntilAnswering(first, `${first.url}/sp/2/account/self`)
    await first.stop()
    const seeding = performance.now()
    await seedShops({ dataDir: data, count: NEAR_GENERATED_SHOPS })
    row(
      `seeded ${NEAR_GENERATED_SHOPS} generated shops`,
      `in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    )
    big = startPuriBoxOn(data, port)
    await waitUntilAnswering(big, `${big.url}/sp/2/account/self`)
    await measure(`near me, +${NEAR_GENERATED_SHOPS} shops`, big, 'generated')
  } finally {
    await big?.stop()
    rmSync(data, { recursive: true, force: true })
  }
  results.near = {
    ...measured,
    positions: NEAR_POSITIONS,
    generatedShops: NEAR_GENERATED_SHOPS,
    target: NEAR_SHARE_TARGET,
  }
}

// ── Saving a seal ────────────────────────────────────────────────────────────────────────────────
const SAVE_P99_TARGET_MS = 50

/**
 * 50 members (one per connection, half MINI, half PREMIUM) POST /sp/2/seals/{id}/registrations at
 * once: first saves of fresh seals (each member its own next seal; 10 members per seal), then
 * re-saves (each member its first seal again). Target: p99 ≤ 50 ms; req/s also as a share of bare.
 */
async function saveLatency(): Promise<void> {
  if (!puribox || !bare) throw new Error('servers are not running')
  if (!saveFixtures) throw new Error('no members seeded (BENCH_COLD=1 has no restart to seed before)')
  const fixtures = saveFixtures
  const { connections, warmupSeconds, durationSeconds } = settings
  const { saveRuns } = settings
  heading(
    `Save a seal (POST …/registrations, ${connections} members at once, ${warmupSeconds} s warm-up + ${saveRuns} runs of ${durationSeconds} s each; the run with the median p99 counts)`,
  )
  const position = fixtures.cookies.map(() => 0)
  let exhausted = 0
  const run = async (pathFor: (member: number) => string, duration: number) => {
    let nextMember = 0
    const result = await autocannon({
      url: puribox!.url,
      connections,
      duration,
      setupClient(client) {
        const member = nextMember++ % fixtures.cookies.length
        const headers = { cookie: fixtures.cookies[member]!, 'x-requested-with': 'XMLHttpRequest' }
        client.setRequests([
          { method: 'POST', setupRequest: (request) => ({ ...request, path: pathFor(member), headers }) },
        ])
      },
    })
    return figuresOf(result)
  }
  const registrations = (id: string) => `/sp/2/seals/${id}/registrations`
  const firstSave = (member: number) => {
    const seals = fixtures.freshSeals[member]!
    const next = position[member]!++
    if (next >= seals.length) exhausted++
    return registrations(seals[next % seals.length]!)
  }
  // Each member's first fresh seal, which the first-save run saved (the pushed seal takes only 10 owners).
  const reSave = (member: number) => registrations(fixtures.freshSeals[member]![0]!)

  const bareFigures = await load(`${bare.url}/bare`)
  row('bare Fastify JSON route', `${bareFigures.requestsPerSecond} req/s`)
  const out: Record<string, unknown> = { bare: bareFigures, members: fixtures.cookies.length }
  for (const [name, pathFor] of [
    ['first save (fresh seal each time)', firstSave],
    ['re-save (a seal already saved)', reSave],
  ] as const) {
    if (warmupSeconds > 0) await run(pathFor, warmupSeconds)
    // The machine's speed drifts between runs of a few seconds (a VM: one run does 1,650 req/s, the
    // next 2,150): several runs, and the median one, every run printed.
    const runs: Awaited<ReturnType<typeof run>>[] = []
    for (let i = 0; i < saveRuns; i++) runs.push(await run(pathFor, durationSeconds))
    const figures = [...runs].sort((a, b) => a.latencyP99Ms - b.latencyP99Ms)[
      Math.floor((runs.length - 1) / 2)
    ]!
    const clean = runs.every((r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0)
    const ratio = figures.requestsPerSecond / bareFigures.requestsPerSecond
    const target = check(
      `Save a seal p99, ${name.split(' (')[0]}`,
      `${figures.latencyP99Ms} ms`,
      `≤ ${SAVE_P99_TARGET_MS} ms`,
      clean && figures.latencyP99Ms <= SAVE_P99_TARGET_MS,
    )
    row(name, `p99 ${figures.latencyP99Ms} ms`, target)
    console.log(`  ${''.padEnd(LABEL)} runs: p99 ${runs.map((r) => `${r.latencyP99Ms}`).join(', ')} ms`)
    console.log(
      `  ${''.padEnd(LABEL)} p50 ${figures.latencyP50Ms} ms, ${figures.requestsPerSecond} req/s = ${(ratio * 100).toFixed(0)} % of bare` +
        (clean
          ? ''
          : `; ${runs.map((r) => `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`).join(' / ')} (figures not valid)`),
    )
    out[name.startsWith('first') ? 'firstSave' : 'reSave'] = {
      ...figures,
      runs,
      ratioToBare: ratio,
      pass: target.pass,
    }
  }
  if (exhausted > 0) row('first saves that ran out of fresh seals (re-saves)', String(exhausted))
  results.save = { ...out, firstSavesOutOfFreshSeals: exhausted, targetP99Ms: SAVE_P99_TARGET_MS }
}

// ── Ingestion ────────────────────────────────────────────────────────────────────────────────────
async function ingestion(): Promise<void> {
  if (!puribox) throw new Error('PuriBox is not running')
  const runs = settings.ingestRuns
  heading(`Ingestion of a 6-picture play of 2000×3000 JPEGs (median of ${runs}, after one warm-up)`)
  const images = new Map<number, Buffer>()
  await Promise.all(
    [1, 2, 3, 4, 5, 6].map(async (n) => {
      images.set(
        n,
        await generatePuriImage({
          number: n,
          width: 2000,
          height: 3000,
          seed: 77 + (n > 4 ? n - 4 : n),
          raw: n > 4,
        }),
      )
    }),
  )
  const list = [...images.values()]
  const totalMb = list.reduce((sum, image) => sum + image.length, 0) / 1024 / 1024
  row('pictures', `6 × 2000×3000, ${totalMb.toFixed(1)} MB`)

  // The server's own derivation pipeline, in this process, when it is importable (informative only).
  type Derive = (original: Buffer) => Promise<unknown>
  let derive: Derive | undefined
  try {
    const imagesPort = pathToFileURL(path.join(root, 'server', 'src', 'ports', 'images.ts')).href
    const mod = (await import(imagesPort)) as { createSharpImages?: () => { derivePuri?: Derive } }
    const port = mod.createSharpImages?.()
    derive = port?.derivePuri?.bind(port)
  } catch {
    derive = undefined
  }

  const url = puribox.url
  const push = () => pushPlay({ url, count: 6, raw: 2, images, timeoutMs: 120_000 })
  const baseline: number[] = []
  const http: number[] = []
  const server: number[] = []
  await sharpAloneDerivatives(list)
  await push()
  if (derive) await Promise.all(list.map((image) => derive(image)))
  for (let i = 0; i < runs; i++) {
    baseline.push(await timeIt(() => sharpAloneDerivatives(list)))
    http.push(await timeIt(push))
    if (derive) server.push(await timeIt(() => Promise.all(list.map((image) => derive(image)))))
  }
  const ratio = median(http) / median(baseline)
  row('sharp alone (3 sizes each, parallel)', `${median(baseline).toFixed(0)} ms`)
  if (derive) row("server's derivePuri, in-process", `${median(server).toFixed(0)} ms`)
  const target = check(
    'Ingesting a 6-picture play vs sharp alone',
    `${ratio.toFixed(2)}×`,
    '≤ 1.5×',
    ratio <= 1.5,
  )
  row('POST /booth/v1/seals (HTTP, whole play)', `${median(http).toFixed(0)} ms`, target)
  console.log(`  ${''.padEnd(LABEL)} = ${target.measured} sharp alone`)
  results.ingestion = {
    pictures: 6,
    size: '2000x3000',
    totalMb,
    sharpAloneMs: baseline,
    httpPushMs: http,
    serverDerivePuriMs: derive ? server : null,
    medianSharpAloneMs: median(baseline),
    medianHttpPushMs: median(http),
    medianServerDerivePuriMs: derive ? median(server) : null,
    ratio,
    target: 1.5,
    pass: target.pass,
  }
}

// ── Lighthouse ───────────────────────────────────────────────────────────────────────────────────
const chromeFlags = CHROMIUM_FLAGS

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']
interface LighthouseAttempt {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  si: number
}

/** Runs `fn` with a headless Chromium for Lighthouse, closed afterwards. */
async function withChrome<T>(fn: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags,
  })
  try {
    return await fn(chrome.port)
  } finally {
    chrome.kill()
  }
}

/** One Lighthouse run (mobile, default simulated throttling, performance only) of `url`. */
async function lighthouseRun(
  port: number,
  url: string,
  extraHeaders?: Record<string, string>,
): Promise<{ attempt: LighthouseAttempt; lhr: LighthouseResult }> {
  const run = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(extraHeaders ? { extraHeaders } : {}),
  })
  const lhr = run?.lhr
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`)
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const attempt = {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    si: numeric('speed-index'),
  }
  return { attempt, lhr }
}

async function lighthouseScores(): Promise<void> {
  if (!puribox || !sealId) throw new Error('PuriBox is not running')
  const runs = settings.lighthouseRuns
  heading(`Lighthouse, mobile, default throttling (performance; median of ${runs} run${runs > 1 ? 's' : ''})`)
  const pages = {
    '/sp/top/menu': '/sp/top/menu',
    '/web/preview': `/web/preview?sealId=${sealId}`,
    // The shop search: its form, and a page of results (Tokyo's shops).
    '/sp/2/machines/search': '/sp/2/machines/search',
    '/sp/2/machines/search?prefecture=13': '/sp/2/machines/search?prefecture=13',
  }
  const out: Record<string, unknown> = {}
  await withChrome(async (port) => {
    for (const [name, page] of Object.entries(pages)) {
      const attempts: LighthouseAttempt[] = []
      for (let i = 0; i < runs; i++) {
        attempts.push((await lighthouseRun(port, `${puribox!.url}${page}`)).attempt)
      }
      const sorted = [...attempts].sort((a, b) => a.score - b.score)
      const mid = sorted[Math.floor(sorted.length / 2)]!
      const target = check(`Lighthouse performance ${name}`, String(mid.score), '≥ 95', mid.score >= 95)
      row(name, `score ${mid.score}`, target)
      console.log(
        `  ${''.padEnd(LABEL)} LCP ${(mid.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(mid.tbtMs)} ms, CLS ${mid.cls.toFixed(3)}` +
          ` (FCP ${(mid.fcpMs / 1000).toFixed(2)} s; scores ${attempts.map((a) => a.score).join(', ')})`,
      )
      out[name] = { url: page, median: mid, runs: attempts, target: 95, pass: target.pass }
    }
  })
  results.lighthouse = out
}

// ── My page ──────────────────────────────────────────────────────────────────────────────────────
const MYPAGE_PLAYS = 50
const MYPAGE_PURIS_PER_PLAY = 6
const MYPAGE_PATH = '/sp/2/mypage/#/puri/new'
const MYPAGE_LCP_TARGET_MS = 2000
const THUMBNAIL_TARGET_KB = 30
/** A saved picture's thumbnail, the my page's pictures (`/sp/2/mypage/image/{id}_thumb.jpg`). */
const THUMBNAIL_URL = /\/sp\/2\/mypage\/image\/[0-9a-f-]{36}_thumb\.jpg/
/**
 * A tile of the prerendered screen showing a thumbnail before the app has loaded (boot.ts); Lighthouse
 * cuts the snippet's URL short.
 */
const EARLY_THUMBNAIL_TILE =
  /^<span class="saved-grid__placeholder" style="background-image: url\(&quot;\/sp\/2\/mypage\/image\//

interface LcpFigures {
  /** The LCP element as Lighthouse shows it (its HTML snippet), and whether it is a thumbnail. */
  element: string
  isThumbnail: boolean
  /** Lighthouse's LCP breakdown, ms: TTFB, resource load delay, load time, render delay. */
  phases: { ttfbMs: number; loadDelayMs: number; loadTimeMs: number; renderDelayMs: number } | null
  /** Thumbnails the page loaded during the run, with their transfer sizes (as Chromium got them). */
  thumbnailsLoaded: { url: string; mimeType: string; transferBytes: number; priority: string }[]
}

/** What the `largest-contentful-paint-element` and `network-requests` audits say about the LCP. */
function lcpFiguresOf(lhr: LighthouseResult): LcpFigures {
  type Table = { type: string; items?: Record<string, unknown>[] }
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { type: string; items?: Table[] }
    | undefined
  const tables = details?.type === 'list' ? (details.items ?? []) : []
  const node = tables[0]?.items?.[0]?.node as { snippet?: string; nodeLabel?: string } | undefined
  const element = node?.snippet ?? node?.nodeLabel ?? '(no LCP element)'
  // The phase table lists TTFB, load delay, load time and render delay, in that order.
  const timings = (tables[1]?.items ?? []).map((item) => Number(item.timing))
  const [ttfbMs, loadDelayMs, loadTimeMs, renderDelayMs] = timings
  const requests = (lhr.audits['network-requests']?.details as Table | undefined)?.items ?? []
  return {
    element,
    isThumbnail:
      (/^<img\b/.test(element) && THUMBNAIL_URL.test(element)) || EARLY_THUMBNAIL_TILE.test(element),
    phases:
      timings.length === 4
        ? {
            ttfbMs: ttfbMs!,
            loadDelayMs: loadDelayMs!,
            loadTimeMs: loadTimeMs!,
            renderDelayMs: renderDelayMs!,
          }
        : null,
    thumbnailsLoaded: requests
      .filter((request) => THUMBNAIL_URL.test(String(request.url)))
      .map((request) => ({
        url: new URL(String(request.url)).pathname,
        mimeType: String(request.mimeType),
        transferBytes: Number(request.transferSize),
        priority: String(request.priority),
      })),
  }
}

/**
 * My page of a PREMIUM member with 300 saved puris (50 real plays of 6 pushed by the booth client,
 * each saved through the API): Lighthouse mobile LCP of `/sp/2/mypage/#/puri/new` signed in (the
 * session cookie as an extra header), which must be a thumbnail; then the byte size of every
 * thumbnail of the page as JPEG and as WebP. Targets: LCP ≤ 2.0 s, each thumbnail ≤ 30 KB.
 */
async function mypagePerformance(): Promise<void> {
  if (!puribox) throw new Error('PuriBox is not running')
  const url = puribox.url
  const runs = settings.lighthouseRuns
  const puris = MYPAGE_PLAYS * MYPAGE_PURIS_PER_PLAY
  heading(
    `My page with ${puris} saved puris (Lighthouse mobile, default throttling, median LCP of ${runs} run${runs > 1 ? 's' : ''}; thumbnail sizes)`,
  )
  const seeding = performance.now()
  const fixtures = await seedMypage({ url, plays: MYPAGE_PLAYS, perPlay: MYPAGE_PURIS_PER_PLAY })
  row(
    `${MYPAGE_PLAYS} plays of ${MYPAGE_PURIS_PER_PLAY} pushed, saved by the premium member`,
    `in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  )

  const measured = await withChrome(async (port) => {
    const out: { attempt: LighthouseAttempt; lcp: LcpFigures }[] = []
    for (let i = 0; i < runs; i++) {
      const { attempt, lhr } = await lighthouseRun(port, `${url}${MYPAGE_PATH}`, { Cookie: fixtures.cookie })
      out.push({ attempt, lcp: lcpFiguresOf(lhr) })
    }
    return out
  })
  // A figure of any other page (the login page, an empty list) says nothing about my page.
  const wrong = measured.find((run) => !run.lcp.isThumbnail)
  if (wrong) throw new Error(`the LCP element is not a thumbnail of my page: ${wrong.lcp.element}`)
  const sorted = [...measured].sort((a, b) => a.attempt.lcpMs - b.attempt.lcpMs)
  const mid = sorted[Math.floor(sorted.length / 2)]!
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const lcpCheck = check(
    `My page LCP (${puris} saved puris)`,
    seconds(mid.attempt.lcpMs),
    `≤ ${MYPAGE_LCP_TARGET_MS / 1000} s`,
    mid.attempt.lcpMs <= MYPAGE_LCP_TARGET_MS,
  )
  row(MYPAGE_PATH, `LCP ${lcpCheck.measured}`, lcpCheck)
  const more = (text: string) => console.log(`  ${''.padEnd(LABEL)} ${text}`)
  more(
    `LCPs ${measured.map((run) => seconds(run.attempt.lcpMs)).join(', ')}; score ${mid.attempt.score}, ` +
      `FCP ${seconds(mid.attempt.fcpMs)}, TBT ${Math.round(mid.attempt.tbtMs)} ms, CLS ${mid.attempt.cls.toFixed(3)}`,
  )
  more(`LCP element: ${mid.lcp.element}`)
  const phases = mid.lcp.phases
  if (phases) {
    more(
      `LCP breakdown: TTFB ${Math.round(phases.ttfbMs)} ms, load delay ${Math.round(phases.loadDelayMs)} ms, ` +
        `load time ${Math.round(phases.loadTimeMs)} ms, render delay ${Math.round(phases.renderDelayMs)} ms`,
    )
  }
  const loaded = mid.lcp.thumbnailsLoaded
  if (loaded.length > 0) {
    const high = loaded.filter(
      (thumbnail) => thumbnail.priority === 'High' || thumbnail.priority === 'VeryHigh',
    )
    more(
      `thumbnails the page loaded: ${loaded.length} (${[...new Set(loaded.map((t) => t.mimeType))].join(', ')}; ` +
        `largest transfer ${kb(Math.max(...loaded.map((t) => t.transferBytes))).toFixed(1)} KB; ${high.length} at high priority)`,
    )
  }

  const sizes = await measureThumbnails(url, fixtures.cookie)
  const thumbnails: Record<string, unknown> = { count: sizes.count }
  for (const [format, bytes] of [
    ['JPEG', sizes.jpegBytes],
    ['WebP', sizes.webpBytes],
  ] as const) {
    const max = Math.max(...bytes)
    const target = check(
      `My page thumbnail, largest ${format}`,
      `${kb(max).toFixed(1)} KB`,
      `≤ ${THUMBNAIL_TARGET_KB} KB`,
      kb(max) <= THUMBNAIL_TARGET_KB,
    )
    row(`${sizes.count} thumbnails as ${format}: largest`, target.measured, target)
    more(`median ${kb(median(bytes)).toFixed(1)} KB, smallest ${kb(Math.min(...bytes)).toFixed(1)} KB`)
    thumbnails[format.toLowerCase()] = { maxBytes: max, medianBytes: median(bytes), bytes, pass: target.pass }
  }
  results.mypage = {
    url: MYPAGE_PATH,
    plays: MYPAGE_PLAYS,
    savedPuris: fixtures.savedPuris,
    lcp: { median: mid, runs: measured, targetMs: MYPAGE_LCP_TARGET_MS, pass: lcpCheck.pass },
    thumbnails: { ...thumbnails, targetKb: THUMBNAIL_TARGET_KB },
  }
}

// ── Main ─────────────────────────────────────────────────────────────────────────────────────────
console.log(
  `PuriBox benchmarks — ${os.cpus().length} CPU(s), Node ${process.version}; ` +
    `sections: ${[...only].join(', ')}`,
)
try {
  if (only.has('bundle')) await section('first-load JS', firstLoadJs)
  const needServers =
    only.has('api') ||
    only.has('save') ||
    only.has('near') ||
    only.has('ingest') ||
    only.has('lighthouse') ||
    only.has('mypage')
  if (needServers)
    await section('server start', () => startServers(only.has('api') || only.has('save') || only.has('near')))
  if (puribox && sealId) {
    if (only.has('api')) await section('API throughput', apiThroughput)
    if (only.has('save')) await section('save a seal', saveLatency)
    if (only.has('near')) await section('near-me search', nearSearch)
    if (only.has('ingest')) await section('ingestion', ingestion)
    if (only.has('lighthouse')) await section('Lighthouse', lighthouseScores)
    if (only.has('mypage')) await section('my page', mypagePerformance)
    const memory = memoryOf(puribox.child.pid)
    if (memory) {
      heading('PuriBox memory (VmHWM of the server process over the whole run)')
      const target = check('PuriBox peak RSS', `${memory.peakMb} MB`, '≤ 400 MB', memory.peakMb <= 400)
      row('peak RSS', target.measured, target)
      row('RSS at the end', `${memory.currentMb} MB`)
      results.puriboxMemory = { ...memory, targetMb: 400, pass: target.pass }
    } else {
      failures.push('memory: /proc/<pid>/status not readable')
    }
  }
} finally {
  await Promise.allSettled([puribox?.stop(), bare?.stop()])
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}

heading('Summary')
for (const entry of checks) {
  console.log(
    `  ${verdict(entry.pass)}  ${entry.name.padEnd(44)} ${entry.measured.padStart(16)}   target ${entry.target}`,
  )
}
for (const failure of failures) console.log(`  ERROR ${failure}`)
results.checks = checks
results.errors = failures
const outDir = path.join(root, 'bench', 'results')
mkdirSync(outDir, { recursive: true })
writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log(
  `\n  figures written to ${path.relative(process.cwd(), path.join(outDir, 'latest.json')) || 'latest.json'}\n`,
)
process.exit(failures.length ? 1 : 0)
