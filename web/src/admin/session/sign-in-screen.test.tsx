// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ApiHandler, mockApi } from '../../testing/mock-api'
import { wrapperResponse } from '../../testing/render'
import { renderConsole, signedInOperator } from '../testing/render-console'

const SESSION = '/admin/api/session'
const notSignedIn = () => wrapperResponse({ error: { code: 'OPERATOR_UNAUTHENTICATED', message: 'x' } }, 401)
const refused = (code: string, status: number, headers: Record<string, string> = {}) =>
  wrapperResponse({ error: { code, message: code } }, status, headers)

/** The console's API: nobody signed in, and signing in answered by `signIn`. */
function stubConsoleApi(signIn: ApiHandler) {
  return mockApi({ [`GET ${SESSION}`]: notSignedIn, [`POST ${SESSION}`]: signIn })
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } })

async function signInWith(code: string, { codeLabel = '確認コード' } = {}) {
  fill('メールアドレス', ' aoi@puribox.example ')
  fill('パスワード', 'correct horse battery')
  fill(codeLabel, code)
  fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the console’s sign-in screen', () => {
  it('asks for the mail address, the password and the app’s code, named for password managers', async () => {
    stubConsoleApi(() => wrapperResponse({}))
    renderConsole('/admin/login')
    await screen.findByRole('heading', { name: 'ログイン' })
    expect(input('メールアドレス').type).toBe('email')
    expect(input('メールアドレス').autocomplete).toBe('username')
    expect(input('パスワード').type).toBe('password')
    expect(input('パスワード').autocomplete).toBe('current-password')
    expect(input('確認コード').autocomplete).toBe('one-time-code')
    expect(input('確認コード').inputMode).toBe('numeric')
    expect(document.title).toBe('ログイン | PuriBox 管理')
  })

  it('says what is missing or malformed before sending anything', async () => {
    const calls = stubConsoleApi(() => wrapperResponse({}))
    renderConsole('/admin/login')
    await screen.findByRole('heading', { name: 'ログイン' })
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    const summary = screen.getByText(/入力内容にまちがいがあります/).closest('section') as HTMLElement
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'メールアドレスを入力してください。',
      'パスワードを入力してください。',
      '確認コードを入力してください。',
    ])
    fill('メールアドレス', 'aoi@puribox.example')
    fill('パスワード', 'correct horse battery')
    fill('確認コード', '12345')
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    expect(screen.getByRole('alert').textContent).toBe(
      '確認コードは、認証アプリに表示されている6桁の数字で入力してください。',
    )
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])
  })

  it('signs in with the app’s code (full-width digits and a space read as typed) and shows who is signed in', async () => {
    const calls = stubConsoleApi(() => wrapperResponse({ entity: signedInOperator('SUPPORT') }))
    const view = renderConsole('/admin/login')
    await screen.findByRole('heading', { name: 'ログイン' })
    await signInWith('１２３ ４５６')
    expect(await screen.findByRole('heading', { name: 'ホーム' })).toBeTruthy()
    expect(calls.find((call) => call.key === `POST ${SESSION}`)?.body).toEqual({
      mailAddress: 'aoi@puribox.example',
      password: 'correct horse battery',
      code: '123456',
    })
    const [, init] = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST') ?? []
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' })
    expect(init?.credentials).toBe('include')
    expect(view.address()).toBe('/admin')
    const header = screen.getByRole('banner')
    expect(header.textContent).toContain('aoi@puribox.example')
    expect(header.textContent).toContain('サポート担当')
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeTruthy()
  })

  it.each([
    [
      'OPERATOR_SIGN_IN_FAILED',
      401,
      {},
      'ログインできませんでした。メールアドレス、パスワード、確認コードのいずれかが正しくありません。確認コードは新しいものを入力してください。',
    ],
    [
      'RATE_LIMITED',
      429,
      { 'Retry-After': '900' },
      'ログインの失敗が続いたため、一時的にログインを制限しています。12:15ごろ（約15分後）から、もう一度お試しください。',
    ],
    [
      'RATE_LIMITED',
      429,
      {},
      'ログインの失敗が続いたため、一時的にログインを制限しています。しばらくたってから、もう一度お試しください。',
    ],
  ])(
    '%s (%s): says so in Japanese, keeps the address and password, and empties the code for a new one',
    async (code, status, headers, message) => {
      stubConsoleApi(() => refused(code, status, headers))
      const view = renderConsole('/admin/login')
      await screen.findByRole('heading', { name: 'ログイン' })
      await signInWith('123456')
      expect((await screen.findByRole('alert')).textContent).toBe(message)
      expect(input('メールアドレス').value).toBe('aoi@puribox.example')
      expect(input('パスワード').value).toBe('correct horse battery')
      expect(input('確認コード').value).toBe('')
      await waitFor(() => expect(document.activeElement).toBe(input('確認コード')))
      // Still on sign-in: a refused sign-in is not a session that ended.
      expect(view.address()).toBe('/admin/login')
    },
  )

  it('says when the server could not be reached', async () => {
    stubConsoleApi(() => {
      throw new TypeError('Failed to fetch')
    })
    renderConsole('/admin/login')
    await screen.findByRole('heading', { name: 'ログイン' })
    await signInWith('123456')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'サーバーに接続できませんでした。ネットワークの接続を確認して、もう一度お試しください。',
    )
    expect(input('メールアドレス').value).toBe('aoi@puribox.example')
  })

  it('takes a recovery code instead of the app’s code, and back', async () => {
    const calls = stubConsoleApi(() => refused('OPERATOR_SIGN_IN_FAILED', 401))
    renderConsole('/admin/login')
    await screen.findByRole('heading', { name: 'ログイン' })
    fireEvent.click(screen.getByRole('button', { name: 'リカバリーコードを使う' }))
    const recovery = input('リカバリーコード')
    expect(recovery.autocomplete).toBe('off')
    expect(document.activeElement).toBe(recovery)
    expect(screen.queryByLabelText('確認コード')).toBeNull()
    await signInWith(' abcd-efgh ', { codeLabel: 'リカバリーコード' })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ログインできませんでした。メールアドレス、パスワード、リカバリーコードのいずれかが正しくありません。',
    )
    expect(calls.find((call) => call.key === `POST ${SESSION}`)?.body).toEqual({
      mailAddress: 'aoi@puribox.example',
      password: 'correct horse battery',
      code: 'abcd-efgh',
    })
    expect(input('リカバリーコード').value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: '認証アプリの確認コードを使う' }))
    expect(document.activeElement).toBe(input('確認コード'))
    // The other step's message went with it.
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
