import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { t, withWholePrices } from './i18n'

describe('withWholePrices (my page)', () => {
  it('keeps the unsaved list’s price with its tax note on one line, the sentence as written', () => {
    const text = t('mypageList.unsaved.premium.body', { count: 4, price: 330 })
    const { container } = render(<p>{withWholePrices(text)}</p>)
    const spans = [...container.querySelectorAll('.nowrap')].map((span) => span.textContent)
    expect(spans).toHaveLength(1)
    expect(spans[0]).toMatch(/^330/)
    expect(text).toContain(spans[0])
    expect(container.textContent).toBe(text)
  })

  it('leaves a sentence without a price as it is', () => {
    const text = t('mypageList.unsaved.premium.title')
    expect(withWholePrices(text)).toBe(text)
  })
})
