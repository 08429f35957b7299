import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = import.meta.dirname
// Hiragana, katakana, CJK ideographs, full-width forms and Japanese punctuation.
const japanese = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/

/**
 * The contract has no locale files: what it says to people is in English (route summaries, field
 * descriptions), and the texts the pages show are the web's and the server's. Japanese may appear
 * only where it is data that is a rule, each named here with the one span that holds it.
 */
const RULES = [
  {
    file: 'seal-id.ts',
    // Japanese keyboards type a hyphen as the katakana long-vowel mark; the lookup drops it too.
    span: /\.replace\(\/\[\\s\\-[^\]\n]*\]\/g, ''\)/,
  },
  {
    file: 'profile-rules.ts',
    // The 47 prefecture names are the values a profile's `prefectureName` takes, not texts to translate.
    span: /export const PREFECTURES = \[[^\]]*\] as const/,
  },
]

describe('the contract', () => {
  it('holds no Japanese outside the named rules', () => {
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .map((file) => file.replaceAll('\\', '/'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => {
        let code = readFileSync(join(src, file), 'utf8')
        for (const rule of RULES.filter((r) => r.file === file)) code = code.replace(rule.span, '')
        return japanese.test(code)
      })
    expect(offenders).toEqual([])
  })

  it.each(RULES)('names a span of $file that exists and holds Japanese', ({ file, span }) => {
    const found = span.exec(readFileSync(join(src, file), 'utf8'))?.[0]
    expect(found).toMatch(japanese)
  })
})
