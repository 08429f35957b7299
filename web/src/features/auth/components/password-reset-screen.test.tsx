// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserPage } from '../../../lib/page-navigation'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { PasswordResetScreen } from './password-reset-screen'

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const guest = { account: null, membershipStatus: 'GUEST' }
const REQUEST = '/sp/2/api/account/password_reset'
const VERIFY_CODE = '/sp/2/api/account/password_reset/verification'
const VERIFY_LINK = `/sp/2/api/account/password_reset/${ID}/verified`
const RESET = '/sp/2/api/account/password_reset/password'

type Answer = (body: unknown) => Response

/** Answers account/self as a guest and every other call by the path's answer; records the calls. */
function stubApi(answers: Record<string, Answer>) {
  const calls: { url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      if (url.endsWith('/account/self')) return wrapperResponse({ entity: guest })
      calls.push({ url, body })
      const answer = answers[url]
      if (!answer) throw new Error(`unexpected call ${url}`)
      return answer(body)
    }),
  )
  return calls
}

const fail =
  (code: string, status: number, headers: Record<string, string> = {}): Answer =>
  () =>
    wrapperResponse({ error: { code, message: code } }, status, headers)

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

const typedIn = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })

const goToServer = vi.spyOn(browserPage, 'load').mockImplementation(() => {})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  goToServer.mockClear()
})

describe('PasswordResetScreen: the address', () => {
  const path = '/web/login/password_reset?next=%2Fweb%2Fpreview'

  it('asks for an address, and refuses a malformed one without sending, keeping it', () => {
    const calls = stubApi({})
    renderWithProviders(<PasswordResetScreen />, { path })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('パスワードの再設定')
    fireEvent.click(button('確認コードを送る'))
    expect(screen.getByRole('alert').textContent).toBe('メールアドレスを入力してください。')
    type('メールアドレス', 'hana@example')
    fireEvent.click(button('確認コードを送る'))
    expect(screen.getByRole('alert').textContent).toContain('メールアドレスの形が正しくありません')
    expect(typedIn('メールアドレス')).toBe('hana@example')
    expect(calls).toEqual([])
  })

  it('sends the mail and moves to the code step, keeping next', async () => {
    const calls = stubApi({
      [REQUEST]: () =>
        wrapperResponse({
          entity: { resetId: ID, mailAddress: 'hana@example.jp', expireDate: '2026-11-20T12:30:00' },
        }),
    })
    const { location } = renderWithProviders(<PasswordResetScreen />, { path })
    type('メールアドレス', ' ｈａｎａ@example.jp ')
    fireEvent.click(button('確認コードを送る'))
    await screen.findByText('hana@example.jp にメールを送りました。')
    expect(calls).toEqual([{ url: REQUEST, body: { mailAddress: 'hana@example.jp' } }])
    expect(location.history.at(-1)).toBe(
      `/web/login/password_reset?resetId=${ID}&mailAddress=hana%40example.jp&expireDate=2026-11-20T12%3A30%3A00&next=%2Fweb%2Fpreview`,
    )
  })

  it('too many requests: says how long to wait, and keeps the address', async () => {
    stubApi({ [REQUEST]: fail('RATE_LIMITED', 429, { 'Retry-After': '540' }) })
    renderWithProviders(<PasswordResetScreen />, { path })
    type('メールアドレス', 'hana@example.jp')
    fireEvent.click(button('確認コードを送る'))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'パスワードの再設定が続いたため、一時的に受け付けを止めています。9分ほどたってから、もう一度お試しください。',
    )
    expect(typedIn('メールアドレス')).toBe('hana@example.jp')
  })

  it('tells members who signed up through LINE, X or a carrier that they need no password, with the way back', () => {
    stubApi({})
    renderWithProviders(<PasswordResetScreen />, { path })
    expect(screen.getByText('LINE・X・携帯電話会社で会員登録した方')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ログイン画面へ' }).getAttribute('href')).toBe(
      '/web/login/top?next=%2Fweb%2Fpreview',
    )
  })
})

describe('PasswordResetScreen: the code', () => {
  const codePath = `/web/login/password_reset?resetId=${ID}&mailAddress=hana%40example.jp&expireDate=2026-11-20T12%3A30%3A00`

  it('says until when the code works and how many tries it has; six digits are asked before sending', () => {
    const calls = stubApi({})
    renderWithProviders(<PasswordResetScreen />, { path: codePath })
    expect(screen.getByText('有効期限：12:30まで（30分間）')).toBeTruthy()
    expect(screen.getByText('5回まちがえると、このコードは使えなくなります。')).toBeTruthy()
    type('確認コード（6桁）', '12a4')
    fireEvent.click(button('確認する'))
    expect(screen.getByRole('alert').textContent).toBe('確認コードは6桁の数字です。')
    expect(calls).toEqual([])
  })

  it('a wrong code: says so, keeps it to correct, and lets the person try again', async () => {
    stubApi({ [VERIFY_CODE]: fail('PASSWORD_RESET_CODE_WRONG', 400) })
    renderWithProviders(<PasswordResetScreen />, { path: codePath })
    type('確認コード（6桁）', '１２３４５６')
    fireEvent.click(button('確認する'))
    expect((await screen.findByRole('alert')).textContent).toBe(
      '確認コードが違います。メールに書かれた6桁の数字をご確認ください。',
    )
    expect(typedIn('確認コード（6桁）')).toBe('１２３４５６')
    expect(button('確認する').disabled).toBe(false)
  })

  it.each([
    ['PASSWORD_RESET_LOCKED', 410, 'まちがいが続いたため、このコードは使えなくなりました'],
    ['PASSWORD_RESET_EXPIRED', 410, '有効期限が切れました'],
  ])('%s: says why, and only a new mail helps', async (code, status, message) => {
    stubApi({ [VERIFY_CODE]: fail(code, status) })
    renderWithProviders(<PasswordResetScreen />, { path: codePath })
    type('確認コード（6桁）', '123456')
    fireEvent.click(button('確認する'))
    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(button('確認する').disabled).toBe(true)
    expect(button('メールをもう一度送る')).toBeTruthy()
  })

  it('a code already used: the password is new, so the way on is signing in', async () => {
    stubApi({ [VERIFY_CODE]: fail('PASSWORD_RESET_USED', 410) })
    renderWithProviders(<PasswordResetScreen />, { path: codePath })
    type('確認コード（6桁）', '123456')
    fireEvent.click(button('確認する'))
    expect((await screen.findByRole('alert')).textContent).toContain('新しいパスワードでログインしてください')
    expect(screen.getByRole('link', { name: 'ログイン画面へ' }).getAttribute('href')).toBe('/web/login/top')
  })

  it('the address is locked for a while: says how long', async () => {
    stubApi({ [VERIFY_CODE]: fail('RATE_LIMITED', 429, { 'Retry-After': '3600' }) })
    renderWithProviders(<PasswordResetScreen />, { path: codePath })
    type('確認コード（6桁）', '123456')
    fireEvent.click(button('確認する'))
    expect((await screen.findByRole('alert')).textContent).toContain('1時間ほどたってから')
  })

  it('sends a new mail: the code field is emptied and the new reset is followed', async () => {
    const other = '9b2d1a4e-58c3-4b6f-8e0a-3f1c2d4e5f60'
    stubApi({
      [VERIFY_CODE]: fail('PASSWORD_RESET_EXPIRED', 410),
      [REQUEST]: () =>
        wrapperResponse({
          entity: { resetId: other, mailAddress: 'hana@example.jp', expireDate: '2026-11-20T13:10:00' },
        }),
    })
    const { location } = renderWithProviders(<PasswordResetScreen />, { path: codePath })
    type('確認コード（6桁）', '123456')
    fireEvent.click(button('確認する'))
    await screen.findByRole('alert')
    fireEvent.click(button('メールをもう一度送る'))
    expect((await screen.findByRole('status')).textContent).toContain('メールをもう一度送りました')
    expect(location.history.at(-1)).toContain(`resetId=${other}`)
    expect(typedIn('確認コード（6桁）')).toBe('')
    expect(button('確認する').disabled).toBe(false)
  })

  it('the right code leads to the new password', async () => {
    const calls = stubApi({
      [VERIFY_CODE]: () => wrapperResponse({ entity: { resetId: ID, mailAddress: 'hana@example.jp' } }),
    })
    const { location } = renderWithProviders(<PasswordResetScreen />, { path: codePath })
    type('確認コード（6桁）', '123 456')
    fireEvent.click(button('確認する'))
    await screen.findByText('hana@example.jp のパスワードを再設定します。')
    expect(calls.at(-1)?.body).toEqual({ resetId: ID, code: '123456' })
    expect(location.history.at(-1)).toBe(
      `/web/login/password_reset?resetId=${ID}&mailAddress=hana%40example.jp&step=password`,
    )
  })

  it('a broken reset id is refused without a call, with the way to start again', () => {
    const calls = stubApi({})
    renderWithProviders(<PasswordResetScreen />, { path: '/web/login/password_reset?resetId=nope&token=x' })
    expect(screen.getByRole('alert').textContent).toContain('手続きが見つかりません')
    expect(screen.getByRole('link', { name: 'メールアドレスの入力へ' })).toBeTruthy()
    expect(calls).toEqual([])
  })
})

describe('PasswordResetScreen: the link in the mail', () => {
  it('is checked at once, and the token leaves the address bar', async () => {
    const calls = stubApi({
      [VERIFY_LINK]: () => wrapperResponse({ entity: { resetId: ID, mailAddress: 'hana@example.jp' } }),
    })
    const { location } = renderWithProviders(<PasswordResetScreen />, {
      path: `/web/login/password_reset?resetId=${ID}&token=secret-token`,
    })
    await screen.findByText('hana@example.jp のパスワードを再設定します。')
    expect(calls).toEqual([{ url: VERIFY_LINK, body: { token: 'secret-token' } }])
    expect(location.history.at(-1)).not.toContain('token')
  })

  it.each([
    ['PASSWORD_RESET_EXPIRED', 410, 'このリンクの有効期限が切れました', 'メールアドレスの入力へ'],
    ['PASSWORD_RESET_USED', 410, 'このリンクは使用済みです', 'ログイン画面へ'],
    ['PASSWORD_RESET_NOT_FOUND', 404, 'このリンクは正しくありません', 'メールアドレスの入力へ'],
  ])('%s: says why, with the way on', async (code, status, message, wayOn) => {
    stubApi({ [VERIFY_LINK]: fail(code, status) })
    renderWithProviders(<PasswordResetScreen />, {
      path: `/web/login/password_reset?resetId=${ID}&token=old`,
    })
    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(screen.getByRole('link', { name: wayOn })).toBeTruthy()
  })
})

describe('PasswordResetScreen: the new password', () => {
  const passwordPath = `/web/login/password_reset?resetId=${ID}&mailAddress=hana%40example.jp&step=password&next=%2Fweb%2Fpreview`

  it.each([
    ['short', 'パスワードは8文字以上にしてください。'],
    ['aaaaaaaaaa', '同じ文字の繰り返しは、パスワードに使えません。'],
    ['HANA@example.jp', 'メールアドレスと同じパスワードは使えません。'],
  ])('refuses %j before sending, keeping it', (password, message) => {
    const calls = stubApi({})
    renderWithProviders(<PasswordResetScreen />, { path: passwordPath })
    type('新しいパスワード', password)
    fireEvent.click(button('パスワードを再設定する'))
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(typedIn('新しいパスワード')).toBe(password)
    expect(calls).toEqual([])
  })

  it('not proved in this browser: says so and leads to the code, the password kept', async () => {
    stubApi({ [RESET]: fail('PASSWORD_RESET_INCOMPLETE', 409) })
    renderWithProviders(<PasswordResetScreen />, { path: passwordPath })
    type('新しいパスワード', 'momiji-purikura-9')
    fireEvent.click(button('パスワードを再設定する'))
    expect((await screen.findByRole('alert')).textContent).toContain('まだ確認コードが入力されていません')
    expect(screen.getByRole('link', { name: '確認コードの入力へ' }).getAttribute('href')).toBe(
      `/web/login/password_reset?resetId=${ID}&mailAddress=hana%40example.jp&next=%2Fweb%2Fpreview`,
    )
    expect(typedIn('新しいパスワード')).toBe('momiji-purikura-9')
  })

  it('too late after the code: says so and offers a new mail', async () => {
    stubApi({ [RESET]: fail('PASSWORD_RESET_EXPIRED', 410) })
    renderWithProviders(<PasswordResetScreen />, { path: passwordPath })
    type('新しいパスワード', 'momiji-purikura-9')
    fireEvent.click(button('パスワードを再設定する'))
    expect((await screen.findByRole('alert')).textContent).toContain('時間がたったため')
    expect(button('パスワードを再設定する').disabled).toBe(true)
    expect(screen.getByRole('link', { name: 'メールアドレスの入力へ' })).toBeTruthy()
  })

  it('the server refuses the password: told next to it, kept to correct', async () => {
    stubApi({ [RESET]: fail('PASSWORD_INVALID', 400) })
    renderWithProviders(<PasswordResetScreen />, { path: passwordPath })
    type('新しいパスワード', 'momiji-purikura-9')
    fireEvent.click(button('パスワードを再設定する'))
    expect((await screen.findByRole('alert')).textContent).toContain('このパスワードは使えません')
    expect(screen.getByLabelText('新しいパスワード').getAttribute('aria-invalid')).toBe('true')
    expect(typedIn('新しいパスワード')).toBe('momiji-purikura-9')
  })

  it('resets, shows it is done and signed in, then goes on through the sign-in landing to next', async () => {
    const member = { account: { id: 'a1', mailAddress: 'hana@example.jp' }, membershipStatus: 'MINI' }
    const calls = stubApi({ [RESET]: () => wrapperResponse({ entity: member }) })
    const { location, queryClient } = renderWithProviders(<PasswordResetScreen />, { path: passwordPath })
    type('新しいパスワード', 'momiji-purikura-9')
    fireEvent.click(button('パスワードを再設定する'))
    expect((await screen.findByRole('status')).textContent).toContain('パスワードを再設定しました')
    expect(screen.getByText(/ほかの端末やブラウザは、すべてログアウトしました/)).toBeTruthy()
    expect(calls.at(-1)?.body).toEqual({ resetId: ID, password: 'momiji-purikura-9' })
    expect(location.history.at(-1)).toBe('/web/login/password_reset?step=done&next=%2Fweb%2Fpreview')
    expect(queryClient.getQueryData<typeof member>(['account', 'self'])?.membershipStatus).toBe('MINI')
    fireEvent.click(button('続ける'))
    expect(goToServer).toHaveBeenCalledWith('/sp/2/cookie/afterLogin?method=mail&next=%2Fweb%2Fpreview')
  })
})
