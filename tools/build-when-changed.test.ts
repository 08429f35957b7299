import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildDecision, fingerprint, listSources, parseStamp, TARGETS } from './build-when-changed'

describe('buildDecision', () => {
  const stamp = { inputs: 'abc', outputMtimeMs: 1000 }

  it('skips the build when the sources and the output are those of the last build', () => {
    expect(buildDecision(stamp, { inputs: 'abc', outputMtimeMs: 1000 })).toEqual({ build: false })
  })

  it('builds when a source changed', () => {
    expect(buildDecision(stamp, { inputs: 'abd', outputMtimeMs: 1000 })).toEqual({
      build: true,
      reason: 'sources changed since its last build',
    })
  })

  it('builds when there is no output, whatever the record says', () => {
    expect(buildDecision(stamp, { inputs: 'abc', outputMtimeMs: null })).toEqual({
      build: true,
      reason: 'not built yet',
    })
    expect(buildDecision(null, { inputs: 'abc', outputMtimeMs: null })).toMatchObject({ build: true })
  })

  it('builds when there is no record of the last build', () => {
    expect(buildDecision(null, { inputs: 'abc', outputMtimeMs: 1000 })).toEqual({
      build: true,
      reason: 'no record of its last build',
    })
  })

  it('builds when another command wrote the output since (from sources it did not record)', () => {
    expect(buildDecision(stamp, { inputs: 'abc', outputMtimeMs: 2000 })).toEqual({
      build: true,
      reason: 'built by another command since',
    })
  })
})

describe('parseStamp', () => {
  it('reads a stamp, and takes a missing, broken or foreign one as no record', () => {
    expect(parseStamp('{"inputs":"abc","outputMtimeMs":1000}\n')).toEqual({
      inputs: 'abc',
      outputMtimeMs: 1000,
    })
    expect(parseStamp(null)).toBeNull()
    expect(parseStamp('{"inputs":"ab')).toBeNull()
    expect(parseStamp('null')).toBeNull()
    expect(parseStamp('{"inputs":1}')).toBeNull()
  })
})

describe('fingerprint', () => {
  let root: string | undefined
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true })
    root = undefined
  })

  function tree(): string {
    root = mkdtempSync(path.join(os.tmpdir(), 'puribox-build-stamp-'))
    for (const folder of ['web/src', 'web/dist', 'web/node_modules/x', 'packages/contract/src']) {
      mkdirSync(path.join(root, folder), { recursive: true })
    }
    for (const file of [
      'web/src/main.tsx',
      'web/src/main.test.tsx',
      'web/dist/index.html',
      'web/node_modules/x/index.js',
      'packages/contract/src/routes.ts',
      'package-lock.json',
    ]) {
      writeFileSync(path.join(root, file), 'one')
      utimesSync(path.join(root, file), 1_700_000_000, 1_700_000_000)
    }
    return root
  }

  const inputs = ['web', 'packages/contract', 'package-lock.json', 'tsconfig.base.json']

  it('lists the sources a build reads, not its output, dependencies or tests', () => {
    expect(listSources(tree(), inputs).map((line) => line.split(' ')[0])).toEqual([
      'package-lock.json',
      'packages/contract/src/routes.ts',
      'web/src/main.tsx',
    ])
  })

  it('is the same while nothing changes, and changes with any source', () => {
    const dir = tree()
    const before = fingerprint(dir, inputs)
    expect(fingerprint(dir, inputs)).toBe(before)

    writeFileSync(path.join(dir, 'web/dist/index.html'), 'rebuilt')
    writeFileSync(path.join(dir, 'web/src/main.test.tsx'), 'a test changed')
    expect(fingerprint(dir, inputs)).toBe(before)

    writeFileSync(path.join(dir, 'packages/contract/src/routes.ts'), 'two')
    const edited = fingerprint(dir, inputs)
    expect(edited).not.toBe(before)

    writeFileSync(path.join(dir, 'web/src/new-screen.tsx'), 'new')
    expect(fingerprint(dir, inputs)).not.toBe(edited)
  })

  it('notices a file touched without a change of size', () => {
    const dir = tree()
    const before = fingerprint(dir, inputs)
    utimesSync(path.join(dir, 'web/src/main.tsx'), 1_700_000_500, 1_700_000_500)
    expect(fingerprint(dir, inputs)).not.toBe(before)
  })
})

describe('TARGETS', () => {
  it('builds the web app and the server from their own folders and the shared contract', () => {
    expect(TARGETS.map((target) => [target.workspace, target.output])).toEqual([
      ['web', 'web/dist/index.html'],
      ['server', 'server/dist/main.js'],
    ])
    for (const target of TARGETS) expect(target.inputs).toContain('packages/contract')
  })
})
