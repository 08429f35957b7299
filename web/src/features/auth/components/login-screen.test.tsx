// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserPage } from '../../../lib/page-navigation'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { LoginScreen } from './login-screen'

const guest = { account: null, membershipStatus: 'GUEST' }
const PASSWORD_TYPED = 'right-password'

/** A fetch that answers account/self as a guest and the login call with `login`. */
function stubApi(login: () => Response) {
  const calls: { url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      return url.endsWith('/account/self') ? wrapperResponse({ entity: guest }) : login()
    }),
  )
  return calls
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

const goToServer = vi.spyOn(browserPage, 'load').mockImplementation(() => {})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  goToServer.mockClear()
  document.cookie = 'pbx_last_login=; max-age=0; path=/'
})

describe('LoginScreen', () => {
  it('asks for both fields before sending anything', async () => {
    const calls = stubApi(() => wrapperResponse({}))
    renderWithProviders(<LoginScreen />, { path: '/web/login/top' })
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    const alerts = screen.getAllByRole('alert').map((node) => node.textContent)
    expect(alerts).toEqual(['メールアドレスを入力してください。', 'パスワードを入力してください。'])
    expect(calls.some((call) => call.url.includes('/ajax/login'))).toBe(false)
  })

  it('signs in and hands over to the server with a same-origin next', async () => {
    const calls = stubApi(() => wrapperResponse({ entity: { account: null, membershipStatus: 'MINI' } }))
    renderWithProviders(<LoginScreen />, { path: '/web/login/top?next=%2Fweb%2Fpreview%3FsealId%3DX' })
    fill('メールアドレス', ' hana@example.jp ')
    fill('パスワード', 'sakura-purikura-7')
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    await waitFor(() => expect(goToServer).toHaveBeenCalled())
    expect(calls.find((call) => call.url === '/sp//ajax/login/')?.body).toEqual({
      mailAddress: 'hana@example.jp',
      password: 'sakura-purikura-7',
    })
    expect(goToServer.mock.calls[0]?.[0]).toBe(
      '/sp/2/cookie/afterLogin?method=mail&next=%2Fweb%2Fpreview%3FsealId%3DX',
    )
  })

  it('leads a person who forgot the password to its reset, keeping where they were going', () => {
    stubApi(() => wrapperResponse({}))
    renderWithProviders(<LoginScreen />, { path: '/web/login/top?next=%2Fweb%2Fpreview%3FsealId%3DX' })
    expect(screen.getByRole('link', { name: 'パスワードをお忘れの方' }).getAttribute('href')).toBe(
      '/web/login/password_reset?next=%2Fweb%2Fpreview%3FsealId%3DX',
    )
  })

  it('a newcomer signs up under the name every page gives it, told it costs nothing, keeping where they were going', () => {
    stubApi(() => wrapperResponse({}))
    renderWithProviders(<LoginScreen />, { path: '/web/login/top?next=%2Fweb%2Fpreview%3FsealId%3DX' })
    const signUp = screen.getByRole('link', { name: '会員登録' })
    expect(signUp.getAttribute('href')).toBe('/sp/account/register_email?next=%2Fweb%2Fpreview%3FsealId%3DX')
    expect(signUp.closest('section')?.textContent).toContain('会員登録は無料です。')
  })

  it('never hands an off-site next to the server', async () => {
    stubApi(() => wrapperResponse({ entity: { account: null, membershipStatus: 'MINI' } }))
    renderWithProviders(<LoginScreen />, { path: '/web/login/top?next=%2F%2Fevil.example%2F' })
    fill('メールアドレス', 'hana@example.jp')
    fill('パスワード', 'sakura-purikura-7')
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    await waitFor(() => expect(goToServer).toHaveBeenCalled())
    expect(goToServer.mock.calls[0]?.[0]).toBe(
      '/sp/2/cookie/afterLogin?method=mail&next=%2Fsp%2F2%2Fmypage%2F%23%2Fpuri%2Fnew',
    )
  })

  it.each([
    ['LOGIN_FAILED', 401, 'メールアドレスまたはパスワードが違います。入力内容をご確認ください。'],
    [
      'RATE_LIMITED',
      429,
      'ログインの失敗が続いたため、一時的にログインを制限しています。15分ほどたってから、もう一度お試しください。',
    ],
  ])('%s: says so in Japanese and keeps what was typed', async (code, status, message) => {
    stubApi(() => wrapperResponse({ error: { code, message: code } }, status))
    renderWithProviders(<LoginScreen />, { path: '/web/login/top' })
    fill('メールアドレス', 'hana@example.jp')
    fill('パスワード', 'wrong-password')
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(screen.getByLabelText<HTMLInputElement>('メールアドレス').value).toBe('hana@example.jp')
    expect(screen.getByLabelText<HTMLInputElement>('パスワード').value).toBe('wrong-password')
    expect(goToServer).not.toHaveBeenCalled()
  })

  it.each([
    [
      { penaltyReason: 'IMPERSONATION' },
      '/web/login/fail?reason=ACCOUNT_SUSPENDED&penaltyReason=IMPERSONATION',
    ],
    [{}, '/web/login/fail?reason=ACCOUNT_SUSPENDED'],
  ])(
    'a suspended account goes to the page that says so, and why when the answer says (%o)',
    async (extra, page) => {
      stubApi(() =>
        wrapperResponse({ error: { code: 'ACCOUNT_SUSPENDED', message: 'suspended', ...extra } }, 403),
      )
      const { location } = renderWithProviders(<LoginScreen />, { path: '/web/login/top' })
      fill('メールアドレス', 'hana@example.jp')
      fill('パスワード', PASSWORD_TYPED)
      fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
      await waitFor(() => expect(location.history.at(-1)).toBe(page))
      expect(goToServer).not.toHaveBeenCalled()
    },
  )

  it('says when the network failed', async () => {
    stubApi(() => {
      throw new TypeError('Failed to fetch')
    })
    renderWithProviders(<LoginScreen />, { path: '/web/login/top' })
    fill('メールアドレス', 'hana@example.jp')
    fill('パスワード', 'sakura-purikura-7')
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    expect((await screen.findByRole('alert')).textContent).toContain('通信できませんでした')
  })

  it('suggests the method used last time', () => {
    document.cookie = 'pbx_last_login=line; path=/'
    stubApi(() => wrapperResponse({}))
    renderWithProviders(<LoginScreen />, { path: '/web/login/top' })
    expect(screen.getByText('前回はLINEでログインしました')).toBeTruthy()
  })
})
