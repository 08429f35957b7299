import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { actionName, codeOptions, NAMED_ACTIONS, targetKindName } from './audit-labels'

const modules = join(import.meta.dirname, '..', '..', '..', '..', 'server', 'src', 'modules')

/** The actions the server records: the events its modules declare, and the ones the audit module writes itself. */
function serverActions(): Set<string> {
  const actions = new Set<string>()
  for (const file of readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const source = readFileSync(join(modules, file), 'utf8')
    const declared = /declare module '\.\.\/events' \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
    for (const match of declared.matchAll(/^\s*'([a-z-]+\.[a-z-]+)':/gm)) actions.add(match[1] as string)
    for (const match of source.matchAll(/\baction: '([a-z-]+\.[a-z-]+)'/g)) actions.add(match[1] as string)
  }
  return actions
}

describe('the audit log’s names', () => {
  it('name only actions the server records (an action without a name shows as its code)', () => {
    const recorded = serverActions()
    expect(recorded.size).toBeGreaterThan(10)
    expect(NAMED_ACTIONS.filter((action) => !recorded.has(action))).toEqual([])
  })

  it('answer null for an action or a kind they do not name, and a prototype’s keys are no names', () => {
    expect(actionName('booth.machine-key-issued')).toBe('プリ機のキーを発行')
    expect(actionName('later.something-done')).toBeNull()
    expect(actionName('booth')).toBeNull()
    expect(actionName('booth.toString')).toBeNull()
    expect(actionName('constructor.name')).toBeNull()
    expect(targetKindName('shop')).toBe('店舗')
    expect(targetKindName('toString')).toBeNull()
  })

  it('offer a code in force that has no name as itself', () => {
    expect(codeOptions(['shop'], targetKindName, 'any', 'something')).toEqual([
      { value: '', label: 'any' },
      { value: 'shop', label: '店舗' },
      { value: 'something', label: 'something' },
    ])
  })
})
