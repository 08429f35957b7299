import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Comments and texts in the sources say their rule or reason themselves, or point into the
 * repository (`docs/`, a decision record): whoever carries the code on may not have the design
 * notes, the product specification or the issue tracker it was first written against. Shared
 * reasons live in docs/guide/ground-rules.md.
 */
const root = join(import.meta.dirname, '..')
const folders = ['server/src', 'web/src', 'packages', 'tools', 'e2e', 'bench']
const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|html)$/
const notSources = /(^|\/)(node_modules|dist)\//

// Written so that this file does not match them itself.
const POINTERS: { name: string; pattern: RegExp }[] = [
  // The word DESIGN or spec, then a section sign, also across a comment's line break.
  { name: 'a DESIGN or spec section', pattern: /\b(design|spec)\b[\s*/]*\u00a7/i },
  // A section sign and a number: a section of some document, without even saying which.
  { name: 'a bare section number', pattern: /\u00a7\s*\d/ },
  { name: 'the design notes by file name', pattern: /\bDESIGN[.]md\b/i },
  { name: 'the product specification by file name', pattern: /\bproduct[-]spec\b/i },
  // The word issue, then a number, with or without a hash sign.
  { name: 'an issue number', pattern: /\bissue\s+#?\d+/i },
]

/** The source files under `folder` (repository-relative, forward slashes), by the same walk as the no-Japanese tests. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.replaceAll('\\', '/')}`)
    .filter((file) => sourceFile.test(file) && !notSources.test(file))
}

/** Each line of `text` that points outside the repository, as `line: what`. */
function pointersIn(text: string): string[] {
  const lines = text.split('\n')
  return lines.flatMap((line, index) => {
    // A pointer split by a comment's line break is found in the two lines together, on the first.
    const next = lines[index + 1] ?? ''
    return POINTERS.filter(
      ({ pattern }) => pattern.test(line) || (pattern.test(`${line}\n${next}`) && !pattern.test(next)),
    ).map(({ name }) => `${index + 1}: ${name}`)
  })
}

describe('pointersIn', () => {
  it('finds each kind of pointer, also across a comment line break, once', () => {
    const text = [
      '/** Seal IDs (DESIGN \u00a74). */',
      '// see spec \u00a72 and Issue\u002017 item 2',
      '/* as the spec reads it (\u00a77, \u00a78) */',
      ' * penalty (DESIGN',
      ' * \u00a74): blocks',
      '// from DESIGN\u002emd and product\u002dspec.md; issue\u0020#5',
    ].join('\n')
    expect(pointersIn(text)).toEqual([
      '1: a DESIGN or spec section',
      '1: a bare section number',
      '2: a DESIGN or spec section',
      '2: a bare section number',
      '2: an issue number',
      '3: a bare section number',
      '4: a DESIGN or spec section',
      '5: a bare section number',
      '6: the design notes by file name',
      '6: the product specification by file name',
      '6: an issue number',
    ])
  })

  it('lets plain words and links into the repository be', () => {
    const text = [
      '// decision 0056; docs/guide/ground-rules.md; the spec fields',
      '// a school-issued certificate; tickets issued 3 days ago; design 4 screens',
    ].join('\n')
    expect(pointersIn(text)).toEqual([])
  })
})

describe('the sources', () => {
  it('are found in every folder', () => {
    for (const folder of folders) expect(sourcesUnder(folder).length, folder).toBeGreaterThan(0)
    expect(sourcesUnder('tools')).toContain('tools/standalone-comments.test.ts')
  })

  it('say their reasons themselves: no pointer to DESIGN, the spec or an issue number', () => {
    const offenders = folders
      .flatMap(sourcesUnder)
      .flatMap((file) =>
        pointersIn(readFileSync(join(root, file), 'utf8')).map((found) => `${file}:${found}`),
      )
    expect(offenders).toEqual([])
  })
})
