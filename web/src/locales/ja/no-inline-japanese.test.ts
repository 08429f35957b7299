import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = join(import.meta.dirname, '..', '..')
// Hiragana, katakana, CJK ideographs, full-width forms and Japanese punctuation.
const japanese = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/

describe('locale files', () => {
  it('hold every Japanese string: no source file outside src/locales has any', () => {
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      // Tests and their factories (`testing/` folders) are not shipped: they may say what a screen shows.
      .filter(
        (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !/(^|\/)testing\//.test(file),
      )
      .filter((file) => !file.startsWith('locales'))
      .filter((file) => japanese.test(readFileSync(join(src, file), 'utf8')))
      .map((file) => relative(src, join(src, file)))
    expect(offenders).toEqual([])
  })
})
