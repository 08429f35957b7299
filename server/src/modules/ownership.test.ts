import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The rules that keep modules owning their data (docs/decisions/0021), read from the source as text:
 * - a table is written (insert, update, delete) only by files of the module whose `<module>.schema.ts`
 *   declares it; another module asks the owner through the interface the composition root hands it;
 * - no repository imports another module's repository or service, and no service imports another
 *   module's repository.
 * Reading another module's table (a join) is allowed: a query may need it, and it changes nothing.
 */

const serverSrc = join(import.meta.dirname, '..')
const modulesDir = join(serverSrc, 'modules')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file))
}

/** The module a file belongs to (`modules/<module>/…`), or null outside modules/. */
function moduleOf(file: string): string | null {
  const parts = relative(modulesDir, file).split(sep)
  return parts.length > 1 && parts[0] !== '..' ? (parts[0] ?? null) : null
}

/** Table variable (as imported) → its owner module, from every `<module>.schema.ts`. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>()
  for (const file of sourceFiles(modulesDir).filter((f) => f.endsWith('.schema.ts'))) {
    const module = moduleOf(file)
    for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) {
      if (module && match[1]) owners.set(match[1], module)
    }
  }
  return owners
}

/** `table written by file` for every write in the file, aliases (`const f = someTable`) included. */
function writesIn(source: string, owners: Map<string, string>): string[] {
  const names = new Map<string, string>()
  for (const table of owners.keys()) names.set(table, table)
  for (const match of source.matchAll(/const (\w+) = (\w+)\s*$/gm)) {
    if (match[1] && match[2] && owners.has(match[2])) names.set(match[1], match[2])
  }
  const written: string[] = []
  const patterns = [
    /\.(?:insert|update|delete)\((\w+)\)/g,
    /\b(?:insert into|update|delete from) \$\{(\w+)\}/gi,
  ]
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const table = match[1] ? names.get(match[1]) : undefined
      if (table) written.push(table)
    }
  }
  return written
}

describe('modules own their data', () => {
  const owners = tableOwners()

  it('finds the tables and their owners', () => {
    expect(owners.get('accounts')).toBe('accounts')
    expect(owners.get('savedImages')).toBe('saving')
    expect(owners.size).toBeGreaterThan(20)
  })

  it('writes a table only from the module that declares it', () => {
    const offences: string[] = []
    // Test support (factories, fixtures) sets up any table directly: it is not a module.
    const testSupport = join(serverSrc, 'test')
    for (const file of sourceFiles(serverSrc).filter((f) => !f.startsWith(testSupport))) {
      const module = moduleOf(file)
      for (const table of writesIn(readFileSync(file, 'utf8'), owners)) {
        if (owners.get(table) !== module) {
          offences.push(`${relative(serverSrc, file)} writes ${table} (owned by ${owners.get(table)})`)
        }
      }
    }
    expect([...new Set(offences)]).toEqual([])
  })

  it("never reaches into another module's repository or service from a repository", () => {
    const offences: string[] = []
    for (const file of sourceFiles(modulesDir)) {
      const module = moduleOf(file)
      const isRepository = /\.repository\.ts$/.test(file)
      const isService = /\.service\.ts$/.test(file)
      if (!isRepository && !isService) continue
      for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.\.\/([\w-]+)\/[\w.-]+)'/g)) {
        const [, path, other] = match
        if (!path || other === module) continue
        const reachesRepository = /\.repository$/.test(path)
        const reachesService = /\.service$/.test(path)
        if (reachesRepository || (isRepository && reachesService)) {
          offences.push(`${relative(serverSrc, file)} imports ${path}`)
        }
      }
    }
    expect(offences).toEqual([])
  })

  it('catches a write and an aliased write in a planted source', () => {
    const planted = 'const f = accounts\nawait tx.update(f).set({})\nawait db.insert(savedImages).values(x)'
    expect(writesIn(planted, owners).sort()).toEqual(['accounts', 'savedImages'])
  })
})
