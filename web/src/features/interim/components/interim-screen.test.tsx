// @vitest-environment jsdom
import { links } from '@puribox/contract/pages'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { InquiryInterimScreen, MachineListInterimScreen } from './interim-screen'

afterEach(cleanup)

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href')

describe('interim pages', () => {
  it('the machine list: says what is coming, and offers the map, the seal form, help and mail', () => {
    renderWithProviders(<MachineListInterimScreen />, { path: links.machineList })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('プリ機をさがす')
    const map = screen.getByRole('link', { name: '地図でゲームセンターをさがす' })
    expect(map.getAttribute('href')).toBe(links.machineSearchMap)
    expect(map.getAttribute('target')).toBe('_blank')
    expect(map.getAttribute('rel')).toContain('noopener')
    expect(href('シールIDを入力してプリを見る')).toBe(links.photoGetForm)
    expect(href('ヘルプで答えをさがす')).toBe(links.help)
    expect(href('メールでお問い合わせ')).toBe('mailto:support@puribox.jp')
  })

  it('the inquiry: help first, then the support address, and the way back', () => {
    renderWithProviders(<InquiryInterimScreen />, { path: links.inquiry })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('お問い合わせ')
    expect(href('ヘルプで答えをさがす')).toBe(links.help)
    expect(href('メールでお問い合わせ')).toBe('mailto:support@puribox.jp')
    expect(screen.getByText(/support@puribox\.jp にメールを送ってください/)).toBeTruthy()
    expect(href('トップへ戻る')).toBe(links.top)
  })
})
