import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, sep } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The direction of imports inside web/src (bulletproof-react's layout): app/ and shell/ put the
 * features together; a feature is reached from outside only through its public file; shared code
 * (components/, lib/) knows no feature. Each broken rule is listed as `file → import: why`.
 *
 * - features/<x> may import another feature only through `features/<y>/public.ts`; `features/account`
 *   (who is looking, which every screen reads) is open to all;
 * - features/ never import app/ or shell/ (what they need of the boot script is in lib/);
 * - shell/ reaches features only through their public files;
 * - components/ and lib/ import no feature, nor app/ or shell/;
 * - a public file names what it exports (no `export *`), so it stays a short, deliberate list;
 * - the operators' console (admin/, an entry and a build of its own) shares components/ and lib/, but
 *   nothing of the members' app imports it (it must never reach a member's first load), and it
 *   imports none of the members' screens (features/, app/, shell/), only the shell's Zod setting.
 */

const src = import.meta.dirname
const PUBLIC_FILE = 'public'
const OPEN_FEATURE = 'account'
const CONSOLE = 'admin'
/** What the console may take of the members' layers: the setting every entry imports first. */
const CONSOLE_MAY_IMPORT = new Set(['shell/zod-without-eval'])

interface SourceImport {
  /** The importing file, relative to src, with `/` separators. */
  file: string
  /** The imported module, relative to src, without its extension (`features/seal/public`). */
  target: string
}

function sourceFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => file.split(sep).join('/'))
}

/** Every relative import of a file (static, re-exports, side effects and `import()`), resolved. */
function importsOf(file: string, text: string): SourceImport[] {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => ({
      file,
      target: normalize(join(dirname(file), name))
        .split(sep)
        .join('/')
        .replace(/\.(tsx?|jsx?)$/, ''),
    }))
}

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1] ?? null
const layerOf = (path: string) => path.split('/')[0] ?? ''

/** Why this import breaks the direction, or null when it is allowed. */
function violation({ file, target }: SourceImport): string | null {
  const fromFeature = featureOf(file)
  const toFeature = featureOf(target)
  const fromLayer = layerOf(file)
  const toLayer = layerOf(target)
  const throughPublicFile = toFeature !== null && target === `features/${toFeature}/${PUBLIC_FILE}`

  if (toLayer === CONSOLE && fromLayer !== CONSOLE)
    return `the members' app does not import the console (${CONSOLE}/), which is built apart`
  if (
    fromLayer === CONSOLE &&
    ['features', 'app', 'shell'].includes(toLayer) &&
    !CONSOLE_MAY_IMPORT.has(target)
  )
    return `the console does not import the members' ${toLayer}/: share it through components/ or lib/`
  if (fromFeature !== null) {
    if (toLayer === 'shell' || toLayer === 'app') return `a feature does not import ${toLayer}/`
    if (toFeature !== null && toFeature !== fromFeature && toFeature !== OPEN_FEATURE && !throughPublicFile)
      return `another feature's internals: import features/${toFeature}/${PUBLIC_FILE}.ts instead`
    return null
  }
  if (fromLayer === 'shell' && toFeature !== null && !throughPublicFile)
    return `the shell reaches a feature only through features/${toFeature}/${PUBLIC_FILE}.ts`
  if ((fromLayer === 'components' || fromLayer === 'lib') && ['features', 'app', 'shell'].includes(toLayer))
    return `shared code (${fromLayer}/) does not import ${toLayer}/`
  return null
}

describe('import boundaries of web/src', () => {
  it('features, shell and shared code import only in the allowed directions', () => {
    const broken = sourceFiles()
      .flatMap((file) => importsOf(file, readFileSync(join(src, file), 'utf8')))
      .map((edge) => ({ edge, why: violation(edge) }))
      .filter(({ why }) => why !== null)
      .map(({ edge, why }) => `${edge.file} → ${edge.target}: ${why}`)
    expect(broken).toEqual([])
  })

  it("a feature's public file lists its exports by name", () => {
    const starExports = sourceFiles()
      .filter((file) => featureOf(file) !== null && file.endsWith(`/${PUBLIC_FILE}.ts`))
      .filter((file) => /^\s*export\s*\*/m.test(readFileSync(join(src, file), 'utf8')))
    expect(starExports).toEqual([])
  })

  it('tells each kind of broken direction', () => {
    const rule = (file: string, target: string) => violation({ file, target })
    expect(rule('features/mypage/components/a.tsx', 'features/seal/components/seal-id-form')).toMatch(
      /another feature's internals/,
    )
    expect(rule('features/mypage/components/a.tsx', 'features/seal/public')).toBeNull()
    expect(rule('features/mypage/components/a.tsx', 'features/account/api/get-account-self')).toBeNull()
    expect(rule('features/mypage/components/a.tsx', 'features/mypage/api/save-seal')).toBeNull()
    expect(rule('features/seal/api/get-seal.ts', 'shell/early')).toMatch(/does not import shell/)
    expect(rule('features/seal/api/get-seal.ts', 'app/providers')).toMatch(/does not import app/)
    expect(rule('shell/prerender.tsx', 'features/mypage/first-screen')).toMatch(/only through/)
    expect(rule('shell/prerender.tsx', 'features/mypage/public')).toBeNull()
    expect(rule('lib/i18n.test.ts', 'features/seal/i18n')).toMatch(/shared code/)
    expect(rule('app/routes/top-route.tsx', 'features/seal/components/seal-id-form')).toBeNull()
    expect(rule('main', 'admin/console')).toMatch(/does not import the console/)
    expect(rule('components/form/text-field.tsx', 'admin/i18n')).toMatch(/does not import the console/)
    expect(rule('features/auth/components/login-screen.tsx', 'admin/paths')).toMatch(
      /does not import the console/,
    )
    expect(rule('admin/session/sign-in-screen.tsx', 'features/auth/wait-time')).toMatch(
      /does not import the members'/,
    )
    expect(rule('admin/console.tsx', 'app/providers')).toMatch(/does not import the members' app/)
    expect(rule('admin/main.tsx', 'shell/early')).toMatch(/does not import the members' shell/)
    expect(rule('admin/main.tsx', 'shell/zod-without-eval')).toBeNull()
    expect(rule('admin/session/sign-in-screen.tsx', 'components/form/text-field')).toBeNull()
    expect(rule('admin/console.tsx', 'admin/session/sign-in-screen')).toBeNull()
  })

  it("finds the console imported by the members' entry, and a feature by the console, in planted sources", () => {
    const planted = {
      'main.tsx': "import './shell/zod-without-eval'\nconst Console = lazy(() => import('./admin/console'))",
      'admin/console.tsx': "import { LoginScreen } from '../features/auth/components/login-screen'",
      'admin/main.tsx':
        "import '../shell/zod-without-eval'\nimport { TextField } from '../components/form/text-field'",
    }
    const broken = Object.entries(planted)
      .flatMap(([file, text]) => importsOf(file, text))
      .filter((edge) => violation(edge) !== null)
      .map((edge) => `${edge.file} → ${edge.target}`)
    expect(broken).toEqual([
      'main.tsx → admin/console',
      'admin/console.tsx → features/auth/components/login-screen',
    ])
  })

  it('reads static, re-exported, side-effect and dynamic imports, not packages', () => {
    const text = [
      "import { a } from '../b'",
      "export { c } from './c'",
      "import './d.css'",
      "const e = () => import('../../features/e/f')",
      "import { useState } from 'react'",
    ].join('\n')
    expect(importsOf('features/x/y.tsx', text).map((edge) => edge.target)).toEqual([
      'features/b',
      'features/x/c',
      'features/x/d.css',
      'features/e/f',
    ])
  })
})
