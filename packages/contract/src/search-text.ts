/**
 * How searches read text, both what is searched and what people type — help's in the browser
 * (decision 0039) and the shop search's on the server (decision 0042): NFKC (so full-width letters
 * and digits, and half-width katakana, become the usual forms), lower case, and hiragana as
 * katakana, so that "premium" typed in hiragana, in half-width katakana or in katakana reads the
 * same. No zod here: the web app's help chunk imports it.
 */

/** Hiragana (U+3041-U+3096) and its iteration marks (U+309D, U+309E) sit 0x60 below their katakana. */
const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g
const KATAKANA_OFFSET = 0x60

export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + KATAKANA_OFFSET))
}

/**
 * Spaces, punctuation and symbols (the Japanese comma and middle dot, brackets, the yen sign…) split
 * words; the long-vowel mark (U+30FC, a letter) does not.
 */
const SEPARATORS = /[\s\p{P}\p{S}]+/u

/** The normalised words of a text. */
export function wordsOf(text: string): string[] {
  return normalizeForSearch(text)
    .split(SEPARATORS)
    .filter((word) => word !== '')
}

/** Every one- and two-character piece of each word: what the index holds. */
export function indexTerms(text: string): string[] {
  const terms: string[] = []
  for (const word of wordsOf(text)) {
    const chars = Array.from(word)
    for (let i = 0; i < chars.length; i++) {
      terms.push(chars[i]!)
      if (i + 1 < chars.length) terms.push(chars[i]! + chars[i + 1]!)
    }
  }
  return terms
}

/**
 * The pieces a query is searched by: each word's two-character pieces (a one-character word as
 * itself), so that any part of a word finds the word, Japanese having no spaces between words.
 */
export function queryTerms(query: string): string[] {
  const terms: string[] = []
  for (const word of wordsOf(query)) {
    const chars = Array.from(word)
    if (chars.length === 1) terms.push(chars[0]!)
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!)
  }
  return terms
}
