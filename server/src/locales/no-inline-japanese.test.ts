import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = join(import.meta.dirname, '..')
// Hiragana, katakana, CJK ideographs, full-width forms and Japanese punctuation.
const japanese = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).map((file) =>
  file.replaceAll('\\', '/'),
)

describe('server locale files', () => {
  // Tests and their support (`src/test/`: factories, hostile inputs) may write Japanese: they check it.
  it('hold every Japanese string: no source file outside them has any', () => {
    const offenders = files
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
      .filter((file) => japanese.test(readFileSync(join(src, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('write placeholders one way, `{{name}}`, the way `fill` and the web read them', () => {
    const strays = files
      .filter((file) => file.startsWith('locales/') && file.endsWith('.json'))
      .flatMap((file) =>
        (
          readFileSync(join(src, file), 'utf8')
            .replace(/\{\{\s*\w+\s*\}\}/g, '')
            .match(/\{\s*\w+\s*\}/g) ?? []
        ).map((stray) => `${file}: ${stray}`),
      )
    expect(strays).toEqual([])
  })
})
