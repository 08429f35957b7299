// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { watchPageLoads } from '../../../testing/page-loads'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { PaymentWithdrawalScreen } from './payment-withdrawal-screen'

const pageLoads = watchPageLoads()

function as(membership: 'GUEST' | 'MINI' | 'PREMIUM') {
  mockApi({ 'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus(membership) }) })
}

describe('PaymentWithdrawalScreen (/sp/paymentid_withdrawal/top)', () => {
  it.each([
    ['auで手続きする', 'AU'],
    ['ドコモで手続きする', 'DOCOMO'],
    ['ソフトバンクで手続きする', 'SOFTBANK'],
  ])('%s: a full page load to the withdrawal route of that carrier', (name, kind) => {
    as('GUEST')
    renderWithProviders(<PaymentWithdrawalScreen />, { path: '/sp/paymentid_withdrawal/top' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('携帯電話会社の回線で解約する')
    fireEvent.click(screen.getByRole('button', { name }))
    expect(pageLoads()).toHaveBeenCalledWith(`/sp/2/payment/withdrawal?kind=${kind}`)
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true)
  })

  it('back with result=cancelled: the payment is stopped', () => {
    as('GUEST')
    renderWithProviders(<PaymentWithdrawalScreen />, {
      path: '/sp/paymentid_withdrawal/top?returned=1&result=cancelled',
    })
    expect(screen.getByRole('heading', { name: '解約しました' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'auで手続きする' })).toBeNull()
  })

  it('back with result=abandoned: not done, and the carriers again', () => {
    as('GUEST')
    renderWithProviders(<PaymentWithdrawalScreen />, {
      path: '/sp/paymentid_withdrawal/top?returned=1&result=abandoned',
    })
    expect(screen.getByRole('alert').textContent).toContain('解約は完了していません')
    expect(screen.getByRole('button', { name: 'auで手続きする' })).toBeTruthy()
  })

  it('a signed-in member is pointed to the cancel page', async () => {
    as('PREMIUM')
    renderWithProviders(<PaymentWithdrawalScreen />, { path: '/sp/paymentid_withdrawal/top' })
    expect(await screen.findByText(/いまログインしています/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'プレミアム会員の解約へ' }).getAttribute('href')).toBe(
      '/sp/payment/cancel',
    )
  })
})
