import { execFile } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { describeBoothFailure } from './booth-messages'

const unreachable = (url: string) => ({
  code: 'SERVER_UNREACHABLE',
  status: 0,
  message: `cannot reach ${url} (ECONNREFUSED)`,
  url,
})

describe('describeBoothFailure', () => {
  it('says how to start PuriBox, and how to point the booth at one on another port', () => {
    expect(describeBoothFailure(unreachable('http://localhost:3000'))).toBe(
      [
        '  ✗ サーバーに接続できません',
        '    SERVER_UNREACHABLE: cannot reach http://localhost:3000 (ECONNREFUSED)',
        '    Is PuriBox running? Start it in another terminal with: npm start',
        '    If it runs on another port or computer, say where (npm start prints the address):',
        '      npm run booth -- --url http://localhost:3001',
        '      or: PURIBOX_URL=http://localhost:3001 npm run booth',
      ].join('\n'),
    )
  })

  it('never suggests the address that was just tried', () => {
    const message = describeBoothFailure(unreachable('http://localhost:3001'))
    expect(message).toContain('npm run booth -- --url http://localhost:3002')
    expect(message).not.toContain('--url http://localhost:3001')
  })

  it('reminds that a PuriBox on another computer must be opened to the network', () => {
    expect(describeBoothFailure(unreachable('http://192.168.1.20:3000'))).toContain(
      'unless started with HOST=0.0.0.0 (on 192.168.1.20)',
    )
    expect(describeBoothFailure(unreachable('http://127.0.0.1:3000'))).not.toContain('HOST=0.0.0.0')
  })

  it('names the address and --url when something other than PuriBox answers', () => {
    const message = describeBoothFailure({
      code: 'BAD_RESPONSE',
      status: 404,
      message: 'unexpected answer (HTTP 404): Not Found',
      url: 'http://localhost:3000',
    })
    expect(message).toContain('BAD_RESPONSE (HTTP 404)')
    expect(message).toContain('Is http://localhost:3000 really PuriBox?')
    expect(message).toContain('--url')
  })
})

describe('npm run booth with no server there', () => {
  it('prints what to do, not a stack trace, and fails', async () => {
    // A port nothing listens on: taken from the system, then let go.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const root = path.resolve(import.meta.dirname, '..')
    const run = promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'tools/booth.ts',
        '--count',
        '1',
        '--raw',
        '0',
        '--size',
        '16x16',
        '--url',
        `http://127.0.0.1:${port}`,
      ],
      { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
    )
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('SERVER_UNREACHABLE')
    expect(failure?.stderr).toContain('npm run booth -- --url http://localhost:3001')
    expect(failure?.stderr).toContain('PURIBOX_URL=')
    expect(failure?.stderr).not.toMatch(/^\s+at /m)
  }, 30_000)
})
