import { describe, expect, it } from 'vitest'
import { formatSealId, normalizeSealId } from './seal-id'

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
