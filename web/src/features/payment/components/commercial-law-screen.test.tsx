// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { CommercialLawScreen } from './commercial-law-screen'

afterEach(cleanup)

/** The text of an entry of the notice, by its name. */
const entry = (name: string) =>
  screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent ?? ''

describe('CommercialLawScreen', () => {
  it('publishes every entry the law asks for', () => {
    renderWithProviders(<CommercialLawScreen />, { path: '/web/common/information/commercialLaw' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('特定商取引法に基づく表記')
    expect(entry('販売事業者')).toBe('株式会社PuriBox')
    expect(entry('運営責任者')).toBe('請求があり次第、遅滞なく開示します')
    expect(entry('所在地')).toBe('請求があり次第、遅滞なく開示します')
    expect(entry('電話番号')).toContain('請求があり次第、遅滞なく開示します')
    expect(entry('メールアドレス')).toContain('support@puribox.jp')
    expect(entry('販売価格')).toContain('月額330円（税込）')
    expect(entry('商品代金以外の必要料金')).toContain('通信料')
    expect(entry('支払方法')).toContain('クレジットカード')
    expect(entry('支払時期')).toContain('毎月の携帯電話料金と合算')
    expect(entry('提供時期')).toContain('すぐに')
    expect(entry('解約・返品')).toContain('日割りでの返金はありません')
    expect(entry('動作環境')).toContain('Safari')
    expect(screen.getByRole('link', { name: 'support@puribox.jp' }).getAttribute('href')).toBe(
      'mailto:support@puribox.jp',
    )
  })

  it('lists the other information pages at its foot, as they list it', () => {
    renderWithProviders(<CommercialLawScreen />, { path: '/web/common/information/commercialLaw' })
    const others = screen.getByRole('navigation', { name: 'ほかの規約・ポリシー' })
    const hrefs = within(others)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs).toHaveLength(8)
    expect(hrefs).toContain('/web/common/information/terms')
    expect(hrefs).toContain('/web/common/information/paymentTerms')
    expect(hrefs).not.toContain('/web/common/information/commercialLaw')
  })
})
