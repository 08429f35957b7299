import { describe, expect, it } from 'vitest'
import { formatSealId, normalizeSealId, SEAL_ID_INPUT_PATTERN } from './seal-id'

describe('normalizeSealId', () => {
  it.each([
    ['ABCDE12345', 'ABCDE12345'],
    ['abcde-12345', 'ABCDE12345'],
    ['ＡＢＣＤＥ－１２３４５', 'ABCDE12345'],
    ['abcde 12345', 'ABCDE12345'],
    ['ABCDEー12345', 'ABCDE12345'],
    ['OOOOO-IIIII', '0000011111'],
    ['lLlLl-oOoOo', '1111100000'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSealId(input)).toBe(expected)
  })

  it.each(['', 'ABCDE1234', 'ABCDE123456', 'ABCDU12345', 'ABCDE!2345', 'あいうえおかきくけこ'])(
    'refuses %j',
    (input) => {
      expect(normalizeSealId(input)).toBeNull()
    },
  )

  it('formats as printed', () => {
    expect(formatSealId('ABCDE12345')).toBe('ABCDE-12345')
  })
})

describe('SEAL_ID_INPUT_PATTERN', () => {
  const pattern = new RegExp(SEAL_ID_INPUT_PATTERN)
  it.each([
    'ABCDE12345',
    'ABCDE-12345',
    'abcde 12345',
    'ＡＢＣＤＥ１２３４５',
    'ABCDEー12345',
    'ABCDE‐12345',
    'ABCDE－12345',
    'ABCDE＿12345',
    'ＡＢＣＤＥ　１２３４５',
  ])('admits %j, as people type it', (value) => {
    expect(pattern.test(value)).toBe(true)
    expect(normalizeSealId(value)).not.toBeNull()
  })
  it.each(['ABCDE', 'ABCDE/12345', '<script>12345', 'ABCDE12345?x', `${'A'.repeat(65)}`])(
    'refuses %j',
    (value) => {
      expect(pattern.test(value)).toBe(false)
    },
  )
})
