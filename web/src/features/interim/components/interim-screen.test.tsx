// @vitest-environment jsdom
import { links } from '@puribox/contract/pages'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { InquiryInterimScreen } from './interim-screen'

afterEach(cleanup)

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href')

describe('interim pages', () => {
  it('the inquiry: help first, then the support address, and the way back', () => {
    renderWithProviders(<InquiryInterimScreen />, { path: links.inquiry })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('お問い合わせ')
    expect(href('ヘルプで答えをさがす')).toBe(links.help)
    expect(href('メールでお問い合わせ')).toBe('mailto:support@puribox.jp')
    expect(screen.getByText(/support@puribox\.jp にメールを送ってください/)).toBeTruthy()
    expect(href('トップへ戻る')).toBe(links.top)
  })
})
