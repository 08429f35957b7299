// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { accountSelfQueryKey } from '../../account/api/get-account-self'
import { AccountDeleteScreen, FreeMemberLeaveScreen } from './leave-screen'

const MINI = {
  account: {
    id: 'a1',
    protected: false,
    canAddOn: false,
    snsPenalty: null,
    purigetPenalty: 'GREEN',
    official: false,
    mailAddress: 'hana@example.jp',
    registeredAt: '2026-01-01T00:00:00',
  },
  membershipStatus: 'MINI',
}
const GUEST = { account: null, membershipStatus: 'GUEST' }

type Handler = (body: unknown) => Response | Promise<Response>

function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ key, body })
      const handler = handlers[key]
      if (!handler) throw new Error(`unexpected request ${key}`)
      return handler(body)
    }),
  )
  return calls
}

function member(
  check: { status: string; passwordRequired: boolean } = { status: 'ALLOWED', passwordRequired: true },
  post: Handler = () => wrapperResponse({ entity: GUEST }),
) {
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: MINI }),
    'GET /sp/2/account/leave': () => wrapperResponse({ entity: check }),
    'POST /sp/2/account/leave': post,
  })
}

const tick = () => screen.getByRole<HTMLInputElement>('checkbox')
const password = () => screen.getByLabelText<HTMLInputElement>('パスワード')
const submit = () => fireEvent.click(screen.getByRole('button', { name: '退会する' }))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('leaving', () => {
  it('sends a guest to the login page, coming back here', async () => {
    mockApi({ 'GET /sp/2/account/self': () => wrapperResponse({ entity: GUEST }) })
    const { location } = renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    await waitFor(() => expect(location.history.at(-1)).toBe('/web/login/top?next=%2Fsp%2Faccount%2Fleave'))
  })

  it('says what is lost, and asks for the tick and the password before sending anything', async () => {
    const calls = member()
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    expect(await screen.findByRole('heading', { name: '削除されるもの' })).toBeTruthy()
    expect(screen.getByText('保存したプリ（画像）すべて')).toBeTruthy()
    expect(screen.getByText(/プロフィール（ニックネーム/)).toBeTruthy()

    submit()
    const tickAlert = within(tick().closest('.field') as HTMLElement).getByRole('alert')
    expect(tickAlert.textContent).toBe('削除に同意する場合は、チェックを入れてください。')
    expect(tick().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(tick())

    fireEvent.click(tick())
    submit()
    expect(within(password().closest('.field') as HTMLElement).getByRole('alert').textContent).toBe(
      'パスワードを入力してください。',
    )
    expect(document.activeElement).toBe(password())
    expect(calls.some((call) => call.key === 'POST /sp/2/account/leave')).toBe(false)
  })

  it('a wrong password is told next to the field; the tick and the typing stay', async () => {
    member(undefined, () => wrapperResponse({ error: { code: 'PASSWORD_WRONG', message: 'x' } }, 403))
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    fireEvent.click(await screen.findByRole('checkbox'))
    fireEvent.change(password(), { target: { value: 'not-my-password' } })
    submit()
    await waitFor(() => expect(password().getAttribute('aria-invalid')).toBe('true'))
    expect(within(password().closest('.field') as HTMLElement).getByRole('alert').textContent).toContain(
      'パスワードが違います',
    )
    expect(password().value).toBe('not-my-password')
    expect(tick().checked).toBe(true)
  })

  it('too many wrong passwords: asks to wait', async () => {
    member(undefined, () => wrapperResponse({ error: { code: 'RATE_LIMITED', message: 'x' } }, 429))
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    fireEvent.click(await screen.findByRole('checkbox'))
    fireEvent.change(password(), { target: { value: 'x' } })
    submit()
    expect((await screen.findByRole('alert')).textContent).toContain('15分ほどたってから')
  })

  it('on success: says goodbye with a link to the top, and the browser is a guest (no login redirect)', async () => {
    const calls = member()
    const { queryClient } = renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    fireEvent.click(await screen.findByRole('checkbox'))
    fireEvent.change(password(), { target: { value: 'sakura-purikura-7' } })
    submit()
    expect(await screen.findByRole('heading', { name: '退会が完了しました' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'トップへ' }).getAttribute('href')).toBe('/sp/top/menu')
    expect(calls.find((call) => call.key === 'POST /sp/2/account/leave')?.body).toEqual({
      confirmed: true,
      password: 'sakura-purikura-7',
    })
    expect(queryClient.getQueryData(accountSelfQueryKey)).toMatchObject({ membershipStatus: 'GUEST' })
  })

  it('an account without a password confirms by the tick alone', async () => {
    const calls = member({ status: 'ALLOWED', passwordRequired: false })
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    fireEvent.click(await screen.findByRole('checkbox'))
    expect(screen.queryByLabelText('パスワード')).toBeNull()
    submit()
    await screen.findByRole('heading', { name: '退会が完了しました' })
    expect(calls.find((call) => call.key === 'POST /sp/2/account/leave')?.body).toEqual({
      confirmed: true,
      password: null,
    })
  })

  it('an official account is told it cannot leave, with no form', async () => {
    member({ status: 'OFFICIAL', passwordRequired: true })
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    expect((await screen.findByRole('note')).textContent).toContain('公式アカウントは退会できません')
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('a premium member is sent to cancel premium first', async () => {
    member({ status: 'PREMIUM_ACTIVE', passwordRequired: true })
    renderWithProviders(<AccountDeleteScreen />, { path: '/sp/account/delete' })
    expect(await screen.findByRole('heading', { name: '先にプレミアム会員の解約が必要です' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'プレミアム会員を解約する' }).getAttribute('href')).toBe(
      '/sp/payment/cancel',
    )
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('the account-deletion page is the same flow under its own name', async () => {
    member()
    renderWithProviders(<AccountDeleteScreen />, { path: '/sp/account/delete' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('アカウントの削除')
    expect(await screen.findByRole('button', { name: 'アカウントを削除する' })).toBeTruthy()
  })
})
