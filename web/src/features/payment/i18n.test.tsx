import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { t, withWholePrices } from './i18n'

function nowrapTexts(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.nowrap')].map((span) => span.textContent ?? '')
}

describe('withWholePrices', () => {
  it('puts a price with its tax note in a span that does not wrap, the sentence around it as it was', () => {
    const text = t('payment.landing.trial.after', { price: 330 })
    const { container } = render(<p>{withWholePrices(text)}</p>)
    expect(nowrapTexts(container)).toEqual([t('payment.price', { price: 330 }).slice(2)])
    expect(container.textContent).toBe(text)
  })

  it('keeps the dotted form whole too, and each of several prices', () => {
    const text = `${t('payment.confirm.submit', { price: 1100 })} ${t('payment.price', { price: 330 })}`
    const { container } = render(<p>{withWholePrices(text)}</p>)
    expect(nowrapTexts(container)).toHaveLength(2)
    expect(nowrapTexts(container)[0]).toMatch(/^1100/)
    expect(nowrapTexts(container)[1]).toMatch(/^330/)
    expect(container.textContent).toBe(text)
  })

  it('leaves a sentence without a price as it is', () => {
    const text = t('payment.confirm.trialDenied.toNormal')
    expect(withWholePrices(text)).toBe(text)
  })
})
