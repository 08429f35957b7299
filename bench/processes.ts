/** Child processes for the benchmarks: each server runs alone, never in the load generator's event loop. */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

export interface ServerProcess {
  name: string
  child: ChildProcess
  url: string
  /** The last lines the process wrote (stdout and stderr), for error reports. */
  output: string[]
  exited: Promise<number | null>
  stop(): Promise<void>
}

const running = new Set<ServerProcess>()

function killAll(): void {
  for (const server of running) server.child.kill('SIGKILL')
}
process.once('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll()
    process.exit(130)
  })
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Starts `node <args>` in `cwd` with PORT set; echoes at most a few of its log lines. */
export function startServer(options: {
  name: string
  /** Node's arguments: flags and the script. */
  args: string[]
  cwd: string
  port: number
  env?: Record<string, string>
  /** Lines of output echoed to the terminal before going quiet (the rest is only counted). */
  echoLines?: number
}): ServerProcess {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  let echoed = 0
  const echoLimit = options.echoLines ?? 10
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue
      output.push(line)
      if (output.length > 50) output.shift()
      if (echoed < echoLimit) {
        echoed++
        console.error(`  [${options.name}] ${line.slice(0, 300)}`)
        if (echoed === echoLimit) console.error(`  [${options.name}] (further output not shown)`)
      }
    }
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const server: ServerProcess = {
    name: options.name,
    child,
    url: `http://127.0.0.1:${options.port}`,
    output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
        await exited
        clearTimeout(timer)
      }
      running.delete(server)
    },
  }
  running.add(server)
  void exited.then(() => running.delete(server))
  return server
}

/** Resolves once `url` answers 200; rejects if the process exits first or after `timeoutMs`. */
export async function waitUntilAnswering(
  server: ServerProcess,
  url: string,
  timeoutMs = 90_000,
): Promise<number> {
  const started = performance.now()
  let exitCode: number | null | undefined
  void server.exited.then((code) => {
    exitCode = code
  })
  let last = ''
  while (performance.now() - started < timeoutMs) {
    if (exitCode !== undefined) {
      throw new Error(
        `${server.name} exited (code ${exitCode}) before answering:\n    ${server.output.slice(-15).join('\n    ')}`,
      )
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await response.arrayBuffer()
      if (response.ok) return Math.round(performance.now() - started)
      last = `HTTP ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (last: ${last})`)
}

/** Peak resident set size (VmHWM) and current RSS of a live process, in MB (Linux /proc). */
export function memoryOf(pid: number | undefined): { peakMb: number; currentMb: number } | null {
  if (!pid) return null
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN)
    return { peakMb: Math.round(kb('VmHWM') / 1024), currentMb: Math.round(kb('VmRSS') / 1024) }
  } catch {
    return null
  }
}

/**
 * The CPU time (user and system) a process has used so far, in milliseconds, from /proc (Linux's
 * clock ticks are 1/100 s); null where there is no /proc.
 */
export function cpuMsOf(pid: number | undefined): number | null {
  if (!pid) return null
  try {
    // The fields after the command's name, which may hold spaces, closed by its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}
