// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { LoginFailScreen } from './login-fail-screen'
import { SettingsScreen } from './settings-screen'

const account = {
  id: 'a1',
  protected: false,
  canAddOn: false,
  snsPenalty: null,
  purigetPenalty: 'GREEN',
  official: false,
  mailAddress: 'hana@example.jp',
  registeredAt: '2026-11-20T12:00:00',
}

const GUEST = { account: null, membershipStatus: 'GUEST' }

function stubApi(
  self: unknown,
  logout: () => Response = () => wrapperResponse({ entity: GUEST }),
  sessions: () => Response = () =>
    wrapperResponse({
      entity: {
        sessions: [
          {
            id: 's1',
            device: 'iPhone・Safari',
            signedInAt: '2026-11-20T12:00:00',
            lastUsedAt: '2026-11-20T12:00:00',
            current: true,
          },
          {
            id: 's2',
            device: null,
            signedInAt: '2026-11-01T09:00:00',
            lastUsedAt: '2026-11-18T21:05:00',
            current: false,
          },
        ],
      },
    }),
) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url)
      if (url.endsWith('/account/self')) return wrapperResponse({ entity: self })
      if (url.endsWith('/account/identities')) {
        return wrapperResponse({ entity: { identities: [], lineRecommendationDeclined: false } })
      }
      if (url.endsWith('/account/sessions')) return sessions()
      return logout()
    }),
  )
  return calls
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SettingsScreen', () => {
  it('shows the account and, for a non-official mini member, the way to leave', async () => {
    stubApi({ account, membershipStatus: 'MINI' })
    renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    expect(await screen.findByText('hana@example.jp')).toBeTruthy()
    expect(screen.getByText('無料会員')).toBeTruthy()
    expect(screen.getByText('2026年11月20日')).toBeTruthy()
    // One way to leave: the free member's path of the one leaving page.
    expect(
      screen.getAllByRole('link', { name: '退会する' }).map((link) => link.getAttribute('href')),
    ).toEqual(['/sp/account/leave'])
  })

  it('a mini member: membership as free member, with the way to premium', async () => {
    stubApi({ account, membershipStatus: 'MINI' })
    renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    const membership = (await screen.findByText('会員種別')).nextElementSibling as HTMLElement
    expect(membership.textContent).toContain('無料会員')
    expect(screen.getByRole('link', { name: 'プレミアム会員になる' }).getAttribute('href')).toBe(
      '/web/payment',
    )
    expect(screen.queryByRole('link', { name: 'プレミアム会員の解約' })).toBeNull()
  })

  it('a premium member: membership as premium member, with the way to cancel', async () => {
    stubApi({ account, membershipStatus: 'PREMIUM' })
    renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    const membership = (await screen.findByText('会員種別')).nextElementSibling as HTMLElement
    expect(membership.textContent).toContain('プレミアム会員')
    expect(screen.getByRole('link', { name: 'プレミアム会員の解約' }).getAttribute('href')).toBe(
      '/sp/payment/cancel',
    )
    expect(screen.queryByRole('link', { name: 'プレミアム会員になる' })).toBeNull()
    expect(screen.getByRole('link', { name: '退会する' }).getAttribute('href')).toBe('/sp/account/delete')
  })

  it('a junior-high free premium member: its own label with the last day; nothing to buy or cancel, leaves as a free member', async () => {
    stubApi({ account, membershipStatus: 'JHS_PREMIUM', schoolPremiumUntil: '2028-03-31T23:59:59' })
    renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    const membership = (await screen.findByText('会員種別')).nextElementSibling as HTMLElement
    expect(membership.textContent).toContain('中学生無料プレミアム会員')
    expect(membership.textContent).toContain('2028年3月31日まで')
    // What the plan is and the state of the application, on its own page.
    expect(screen.getByRole('link', { name: '中学生無料プレミアムについて' }).getAttribute('href')).toBe(
      '/sp/jhs_free?from=settings#/lp',
    )
    expect(screen.queryByRole('link', { name: 'プレミアム会員になる' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'プレミアム会員の解約' })).toBeNull()
    expect(screen.getByRole('link', { name: '退会する' }).getAttribute('href')).toBe('/sp/account/leave')
  })

  it('premium or official members leave by the account-deletion path of the same page', async () => {
    stubApi({ account: { ...account, official: true }, membershipStatus: 'MINI' })
    renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    await screen.findByText('hana@example.jp')
    expect(screen.getByRole('link', { name: '退会する' }).getAttribute('href')).toBe('/sp/account/delete')
  })

  it('signs out and goes to the top as a guest', async () => {
    const calls = stubApi({ account, membershipStatus: 'PREMIUM' })
    const { location, queryClient } = renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    fireEvent.click(await screen.findByRole('button', { name: 'ログアウト' }))
    await waitFor(() => expect(location.history.at(-1)).toBe('/sp/top/menu'))
    expect(calls).toContain('/sp/2/account/logout')
    expect(queryClient.getQueryData(['account', 'self'])).toMatchObject({ membershipStatus: 'GUEST' })
  })

  it('says so when signing out failed, and stays', async () => {
    stubApi({ account, membershipStatus: 'MINI' }, () => {
      throw new TypeError('Failed to fetch')
    })
    const { location } = renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    fireEvent.click(await screen.findByRole('button', { name: 'ログアウト' }))
    expect((await screen.findByRole('alert')).textContent).toContain('ログアウトできませんでした')
    expect(location.history).toEqual(['/sp/setting/setting'])
  })

  it('lists where the member is signed in, this phone marked, the last use written out', async () => {
    stubApi({ account, membershipStatus: 'MINI' })
    renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    const section = (await screen.findByRole('heading', { name: 'ログイン中の端末' })).closest('section')!
    await waitFor(() => expect(section.textContent).toContain('iPhone・Safari'))
    expect(section.textContent).toContain('この端末')
    expect(section.textContent).toContain('不明な端末')
    expect(section.textContent).toContain('最後に使った日時：2026年11月18日 21:05')
  })

  it('signs out everywhere only after a confirmation, then goes to the top as a guest', async () => {
    const calls = stubApi({ account, membershipStatus: 'MINI' })
    const { location, queryClient } = renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    fireEvent.click(await screen.findByRole('button', { name: 'すべての端末からログアウト' }))
    expect(calls).not.toContain('/sp/2/account/sessions/logout')
    expect(screen.getByText(/この端末も含めて、すべての端末でログアウトします/)).toBeTruthy()
    // Changing one's mind keeps everything as it was.
    fireEvent.click(screen.getByRole('button', { name: 'やめる' }))
    expect(calls).not.toContain('/sp/2/account/sessions/logout')
    fireEvent.click(screen.getByRole('button', { name: 'すべての端末からログアウト' }))
    const group = screen.getByRole('group', { name: 'すべての端末からログアウトする確認' })
    fireEvent.click(within(group).getByRole('button', { name: 'すべての端末からログアウト' }))
    await waitFor(() => expect(location.history.at(-1)).toBe('/sp/top/menu'))
    expect(calls).toContain('/sp/2/account/sessions/logout')
    expect(queryClient.getQueryData(['account', 'self'])).toMatchObject({ membershipStatus: 'GUEST' })
  })

  it('sends a guest to sign in first, and back here afterwards', async () => {
    stubApi({ account: null, membershipStatus: 'GUEST' })
    const { location } = renderWithProviders(<SettingsScreen />, { path: '/sp/setting/setting' })
    await waitFor(() => expect(location.history.at(-1)).toBe('/web/login/top?next=%2Fsp%2Fsetting%2Fsetting'))
  })
})

describe('LoginFailScreen', () => {
  it('explains a suspension, with the way to ask', () => {
    stubApi({ account: null, membershipStatus: 'GUEST' })
    renderWithProviders(<LoginFailScreen />, { path: '/web/login/fail?reason=ACCOUNT_SUSPENDED' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('このアカウントは利用停止中です')
    expect(screen.getByRole('link', { name: 'お問い合わせ' })).toBeTruthy()
    expect(screen.queryByText('理由')).toBeNull()
  })

  it('tells why the account is suspended, from the fixed reasons only', () => {
    stubApi({ account: null, membershipStatus: 'GUEST' })
    renderWithProviders(<LoginFailScreen />, {
      path: '/web/login/fail?reason=ACCOUNT_SUSPENDED&penaltyReason=IMPERSONATION',
    })
    expect(screen.getByText('ほかの人や有名人、PuriBoxになりすましていると判断しました。')).toBeTruthy()
    cleanup()
    renderWithProviders(<LoginFailScreen />, {
      path: '/web/login/fail?reason=ACCOUNT_SUSPENDED&penaltyReason=%E3%81%82%E3%81%AA%E3%81%9F%E3%81%AF',
    })
    expect(screen.queryByText('理由')).toBeNull()
  })

  it('shows only our own sentences, whatever the reason says', () => {
    stubApi({ account: null, membershipStatus: 'GUEST' })
    renderWithProviders(<LoginFailScreen />, {
      path: '/web/login/fail?reason=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    })
    expect(screen.getByRole('alert').textContent).toBe(
      'うまくいきませんでした。時間をおいて、もう一度お試しください。',
    )
  })
})
