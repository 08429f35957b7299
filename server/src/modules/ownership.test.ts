import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The rules that keep modules owning their data (decisions 0021, 0069), read from the source as text:
 * - a table is written (insert, update, delete) only by files of the module whose `<module>.schema.ts`
 *   declares it;
 * - a module reaches another only through the services it offers (`kit.need`) and the events it
 *   emits (`kit.events`). Every file of a module — routes, services, repositories, jobs, demo data,
 *   helpers — imports from another module's folder:
 *   - nothing of its repository (`*.repository.ts`), not even a type: how it stores is its own;
 *   - types from any other file;
 *   - values from its tables (`*.schema.ts`), to read them in a join, which changes nothing;
 *   - other values only when they are code to share (constants, pure functions such as
 *     `membershipAt`, a helper built from what the caller hands it): never a builder from its
 *     service, module, routes or job files (`create…`, `register…`: its service, store and routes
 *     come built, through `kit.need`), and nothing from a file that uses the database (imports
 *     `drizzle-orm`), which would read or write the other module's data behind its back.
 * Tests are left out: like the factories, a test wires what it tests by hand.
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

/** One import (or re-export) of a file: where from, whether only types, and the value names it takes. */
interface ImportOf {
  from: string
  typeOnly: boolean
  values: string[]
}

function importsIn(source: string): ImportOf[] {
  const found: ImportOf[] = []
  const statement = /^(?:import|export)\s+(type\s+)?([\w*\s,{}]*?)\s*from\s+'([^']+)'/gm
  for (const match of source.matchAll(statement)) {
    const [, typeKeyword, clause = '', from = ''] = match
    const braces = clause.match(/\{([^}]*)\}/)
    const named = (braces?.[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const defaultOrStar = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim()
    const values = typeKeyword
      ? []
      : [
          ...named.filter((name) => !name.startsWith('type ')).map((name) => name.split(/\s+as\s+/)[0]!),
          ...(defaultOrStar ? [defaultOrStar] : []),
        ]
    found.push({ from, typeOnly: values.length === 0, values })
  }
  return found
}

/** Whether the file at this import path (without extension) uses the database. */
function usesDatabase(path: string): boolean {
  const file = [`${path}.ts`, join(path, 'index.ts')].find((candidate) => existsSync(candidate))
  return file !== undefined && /from 'drizzle-orm'/.test(readFileSync(file, 'utf8'))
}

/** Why a file's imports reach into other modules, one line each (none when they do not). */
function crossModuleOffences(
  file: string,
  source: string,
  touchesDatabase: (path: string) => boolean = usesDatabase,
): string[] {
  const module = moduleOf(file)
  const offences: string[] = []
  for (const { from, typeOnly, values } of importsIn(source)) {
    if (!from.startsWith('.')) continue
    const target = resolve(dirname(file), from)
    const other = moduleOf(target)
    if (other === null || other === module) continue
    const what = `${relative(serverSrc, file)} imports ${from}`
    if (/\.repository$/.test(target)) offences.push(`${what}: another module's repository`)
    else if (typeOnly || /\.schema$/.test(target)) continue
    else if (
      /\.(service|module|routes|housekeeping)$/.test(target) &&
      values.some((name) => /^(create|register)[A-Z]/.test(name))
    )
      offences.push(`${what}: builds another module's insides (${values.join(', ')}); ask kit.need`)
    else if (touchesDatabase(target)) offences.push(`${what}: a file that uses the other module's database`)
  }
  return offences
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

  it('reaches another module only through its offered services and its events, from every file', () => {
    const offences = sourceFiles(modulesDir).flatMap((file) =>
      crossModuleOffences(file, readFileSync(file, 'utf8')),
    )
    expect(offences).toEqual([])
  })

  it('catches a write and an aliased write in a planted source', () => {
    const planted = 'const f = accounts\nawait tx.update(f).set({})\nawait db.insert(savedImages).values(x)'
    expect(writesIn(planted, owners).sort()).toEqual(['accounts', 'savedImages'])
  })

  describe('the import rule on planted sources', () => {
    const planted = join(modulesDir, 'profile', 'planted.ts')
    // Planted import paths stand for files that use the database when named so here.
    const databaseFiles = new Set([
      join(modulesDir, 'files', 'file-deletions'),
      join(modulesDir, 'throttle', 'throttle'),
    ])
    const offencesOf = (source: string) =>
      crossModuleOffences(planted, source, (path) => databaseFiles.has(path)).map(
        (line) => line.split(': ')[1],
      )

    it("refuses another module's repository, a type of it included, over several lines too", () => {
      expect(offencesOf("import type { AccountRow } from '../accounts/accounts.repository'")).toEqual([
        "another module's repository",
      ])
      expect(
        offencesOf("import {\n  saveAllUnsaved,\n  type UnsavedRow,\n} from '../saving/saving.repository'"),
      ).toEqual(["another module's repository"])
    })

    it("refuses a builder of another module's service, store or routes, re-exported too", () => {
      expect(
        offencesOf("import { createPenaltyService } from '../penalties/penalties.service'"),
      ).toHaveLength(1)
      expect(
        offencesOf("import { registerAfterSignInRoutes } from '../auth/after-sign-in.routes'"),
      ).toHaveLength(1)
      expect(offencesOf("export { createThrottle as throttle } from '../throttle/throttle'")).toHaveLength(1)
    })

    it('refuses a value from a file that uses the database', () => {
      expect(offencesOf("import { listFilesForDeletion } from '../files/file-deletions'")).toEqual([
        "a file that uses the other module's database",
      ])
    })

    it("takes types, tables to read, pure code, its own module's files and the shared ones", () => {
      const allowed = [
        "import type { PenaltyService } from '../penalties/penalties.service'",
        "import { type PenaltyService, purigetStanding } from '../penalties/penalties.service'",
        "import type { Executor } from '../files/file-deletions'",
        "import { accounts } from '../accounts/accounts.schema'",
        "import { membershipAt } from '../accounts/membership'",
        "import { createSignInLimiter, type SignInLimits } from '../auth/sign-in-limits'",
        "import { createProfileRepository } from './profile.repository'",
        "import type { EventBus } from '../events'",
        "import { systemActor } from '../actor'",
      ]
      expect(allowed.flatMap(offencesOf)).toEqual([])
    })
  })
})
