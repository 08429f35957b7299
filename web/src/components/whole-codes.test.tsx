import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WholeCodes } from './whole-codes'

/** The text as written: a price and its tax note, a dotted tax note, and a seal ID (escaped). */
const PRICE = '330\u5186\uff08\u7a0e\u8fbc\uff09'
const DOTTED = '1,100\u5186\u30fb\u7a0e\u8fbc'
const BEFORE = '\u6708\u984d'
const AFTER = '\u3067\u81ea\u52d5\u66f4\u65b0'

function nowrapTexts(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.nowrap')].map((span) => span.textContent ?? '')
}

describe('WholeCodes', () => {
  it('puts each price with its tax note in a span that does not wrap, the sentence around it as it was', () => {
    const text = `${BEFORE}${PRICE}${AFTER}\uff08${BEFORE}${DOTTED}\uff09`
    const { container } = render(<WholeCodes text={text} />)
    expect(nowrapTexts(container)).toEqual([PRICE, DOTTED])
    expect(container.textContent).toBe(text)
  })

  it('keeps a seal ID whole, the example form and a real one alike', () => {
    const text = `ABCDE-12345 / XXXXX-XXXXX / AH2HQ-MN5T3${AFTER}`
    const { container } = render(<WholeCodes text={text} />)
    expect(nowrapTexts(container)).toEqual(['ABCDE-12345', 'XXXXX-XXXXX', 'AH2HQ-MN5T3'])
    expect(container.textContent).toBe(text)
  })

  it('leaves a text without a code as one text node, and a longer run of letters alone', () => {
    const { container } = render(<WholeCodes text={`${BEFORE}ABCDEF-123456${AFTER}`} />)
    expect(nowrapTexts(container)).toEqual([])
    expect(container.childNodes).toHaveLength(1)
  })
})
