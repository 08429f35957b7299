// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { HelpDocument } from '@puribox/contract/help'
import { describe, expect, it } from 'vitest'
import { createHelpSearch } from './help-search'

/**
 * The help PuriBox ships with (the server's `locales/ja/help.json`), as the document it becomes:
 * the search is tested on the real texts, so a rewrite that breaks a search people make fails here.
 */
function bundledHelp(): HelpDocument {
  const file = join(import.meta.dirname, '../../../../../server/src/locales/ja/help.json')
  const figures: Record<string, string> = { price: '330', trialDays: '31' }
  const text = readFileSync(file, 'utf8').replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => figures[name] ?? name,
  )
  const source = JSON.parse(text) as {
    categories: Array<{ answers: Array<{ body: Array<Record<string, unknown>> }> }>
  }
  for (const category of source.categories) {
    for (const answer of category.answers) {
      answer.body = answer.body.map((block) =>
        block.type === 'link' ? { type: 'link', label: block.label, href: `/to/${block.to}` } : block,
      )
    }
  }
  return { updatedAt: null, ...(source as unknown as Omit<HelpDocument, 'updatedAt'>) }
}

const help = createHelpSearch(bundledHelp())
const ids = (query: string) => help.search(query).map((hit) => hit.answer.id)

describe('help search, the way people type', () => {
  it('finds the premium answers for 「ぷれみあむ」, 「ﾌﾟﾚﾐｱﾑ」 and 「プレミ」 alike', () => {
    const byHiragana = ids('ぷれみあむ')
    expect(byHiragana).toEqual(
      expect.arrayContaining(['premium-price', 'premium-benefits', 'premium-how-to-join']),
    )
    expect(byHiragana[0]).toBe('premium-price')
    expect(ids('ﾌﾟﾚﾐｱﾑ')).toEqual(byHiragana)
    expect(ids('プレミアム')).toEqual(byHiragana)
    expect(ids('プレミ')).toEqual(expect.arrayContaining(['premium-price', 'premium-benefits']))
  })

  it('finds katakana words typed in hiragana', () => {
    expect(ids('ぱすわーど')[0]).toBe('login-password-forgot')
    expect(ids('ぺなるてぃ')).toEqual(expect.arrayContaining(['penalty-why', 'penalty-red']))
    expect(ids('しーるID')).toEqual(expect.arrayContaining(['seal-id-where', 'seal-id-input']))
    expect(ids('まいぺーじ')).toEqual(expect.arrayContaining(['saving-to-phone', 'saving-unsaved']))
  })

  it('finds words by the reading typed before it is converted (「かいやく」 for 解約)', () => {
    expect(ids('かいやく')[0]).toBe('cancel-how')
    expect(ids('たいかい')).toContain('leave-how')
  })

  it('reads full- and half-width letters and digits alike', () => {
    expect(ids('３３０円')).toContain('premium-price')
    expect(ids('330円')).toContain('premium-price')
    expect(ids('ｚｉｐ')).toEqual(ids('ZIP'))
    expect(ids('zip')).toContain('saving-to-phone')
    expect(ids('ＬＩＮＥ')).toContain('login-methods')
  })

  it('needs every word: a second word narrows the answers', () => {
    const premium = ids('プレミアム')
    const premiumAndCancel = ids('プレミアム 解約')
    expect(premiumAndCancel.length).toBeGreaterThan(0)
    expect(premiumAndCancel.length).toBeLessThan(premium.length)
    expect(premiumAndCancel).toContain('cancel-how')
  })

  it('answers nothing, without failing, for nothing found, an empty, odd or huge query', () => {
    expect(ids('ぴよぴよぴよ')).toEqual([])
    expect(ids('')).toEqual([])
    expect(ids('   、。！')).toEqual([])
    for (const odd of [
      '<script>alert(1)</script>',
      '%%%',
      '\u0000',
      '😀😀',
      'a'.repeat(100_000),
      'あ'.repeat(5000),
    ]) {
      expect(() => help.search(odd), odd.slice(0, 20)).not.toThrow()
    }
    const started = performance.now()
    help.search('プレミアム'.repeat(20_000))
    expect(performance.now() - started).toBeLessThan(200)
  })

  it('answers each answer once, with its category', () => {
    const hits = help.search('シール')
    expect(new Set(hits.map((hit) => hit.answer.id)).size).toBe(hits.length)
    expect(hits.find((hit) => hit.answer.id === 'seal-id-where')?.category.id).toBe('seal-id')
  })
})
