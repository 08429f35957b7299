import { describe, expect, it } from 'vitest'
import { indexTerms, normalizeForSearch, queryTerms, wordsOf } from './search-text'

describe('normalizeForSearch', () => {
  it('reads hiragana, katakana and half-width katakana alike', () => {
    expect(normalizeForSearch('ぷれみあむ')).toBe('プレミアム')
    expect(normalizeForSearch('ﾌﾟﾚﾐｱﾑ')).toBe('プレミアム')
    expect(normalizeForSearch('プレミアム')).toBe('プレミアム')
    expect(normalizeForSearch('ぱすわーど')).toBe('パスワード')
    expect(normalizeForSearch('ゔぁ')).toBe('ヴァ')
    expect(normalizeForSearch('ゝゞ')).toBe('ヽヾ')
  })

  it('reads full-width letters and digits as half-width, in lower case', () => {
    expect(normalizeForSearch('ＩＤ１２３')).toBe('id123')
    expect(normalizeForSearch('ＺＩＰ')).toBe('zip')
    expect(normalizeForSearch('LINE')).toBe('line')
    expect(normalizeForSearch('３３０円')).toBe('330円')
  })

  it('leaves kanji and what it does not know as they are', () => {
    expect(normalizeForSearch('解約')).toBe('解約')
    expect(normalizeForSearch('😀')).toBe('😀')
  })
})

describe('the pieces searched by', () => {
  it('split words at spaces, punctuation and symbols, not at the long-vowel mark', () => {
    expect(wordsOf('シールID（XXXXX-XXXXX）は、どこ？')).toEqual(['シールid', 'xxxxx', 'xxxxx', 'ハ', 'ドコ'])
    expect(wordsOf('　プレミアム　会員 ')).toEqual(['プレミアム', '会員'])
  })

  it('index every character and every pair of a word', () => {
    expect(indexTerms('プレミ')).toEqual(['プ', 'プレ', 'レ', 'レミ', 'ミ'])
  })

  it('search by the pairs of each word, or the one character of a one-character word', () => {
    expect(queryTerms('ぷれみ')).toEqual(['プレ', 'レミ'])
    expect(queryTerms('ﾌﾟﾚﾐ 会')).toEqual(['プレ', 'レミ', '会'])
    expect(queryTerms('  、。 ')).toEqual([])
  })
})
