// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserPage } from '../../../lib/page-navigation'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { RegisterEmailScreen } from './register-email-screen'
import { RegisterMailSentScreen } from './register-mail-sent-screen'

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const guest = { account: null, membershipStatus: 'GUEST' }
const LATEST = '/sp/2/privacy_policies/latest'

const policy = (kind: 'furyu' | 'puribox', version = '2026-04-01') => ({
  kind,
  version,
  url: `/web/common/information/${kind === 'furyu' ? 'privacyPolicy' : 'externalTransmission'}?version=${version}`,
})
const inForce =
  (...policies: ReturnType<typeof policy>[]) =>
  () =>
    wrapperResponse({ entity: { policies } })
const BOTH = [
  { kind: 'furyu', version: '2026-04-01' },
  { kind: 'puribox', version: '2026-04-01' },
]

type Answer = (body: unknown) => Response | Promise<Response>

/**
 * Answers account/self with `self` (a guest unless given), the policies in force (both, in
 * 2026-04-01, unless given) and every other call by the path's answer.
 */
function stubApi(answers: Record<string, Answer>, self: unknown = guest) {
  const calls: { url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ url, body })
      if (url.endsWith('/account/self')) return wrapperResponse({ entity: self })
      if (url === LATEST && !answers[LATEST]) return inForce(policy('furyu'), policy('puribox'))()
      const answer = answers[url]
      if (!answer) throw new Error(`unexpected call ${url}`)
      return answer(body)
    }),
  )
  return calls
}

const fail = (code: string, status: number) => () =>
  wrapperResponse({ error: { code, message: code } }, status)

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

const goToServer = vi.spyOn(browserPage, 'load').mockImplementation(() => {})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  goToServer.mockClear()
})

describe('RegisterEmailScreen', () => {
  it('refuses a malformed address without sending, keeping it', () => {
    const calls = stubApi({})
    renderWithProviders(<RegisterEmailScreen />, { path: '/sp/account/register_email' })
    type('メールアドレス', 'hana@example')
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送る' }))
    expect(screen.getByRole('alert').textContent).toContain('メールアドレスの形が正しくありません')
    expect(screen.getByLabelText<HTMLInputElement>('メールアドレス').value).toBe('hana@example')
    expect(calls.filter((call) => !call.url.endsWith('/account/self') && call.url !== LATEST)).toEqual([])
  })

  it('sends the mail and moves to the code step, keeping next', async () => {
    const calls = stubApi({
      '/sp/2/api/account/mail_address': () =>
        wrapperResponse({
          entity: { verificationId: ID, mailAddress: 'hana@example.jp', expireDate: '2026-11-20T12:30:00' },
        }),
    })
    const { location } = renderWithProviders(<RegisterEmailScreen />, {
      path: '/sp/account/register_email?next=%2Fweb%2Fpreview',
    })
    type('メールアドレス', 'ｈａｎａ@example.jp')
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送る' }))
    await waitFor(() => expect(location.history.length).toBe(2))
    // The mail's link carries next too, for whichever browser opens it.
    expect(calls.at(-1)?.body).toEqual({ mailAddress: 'hana@example.jp', next: '/web/preview' })
    expect(location.history.at(-1)).toBe(
      `/sp/account/registerMailSent?verificationId=${ID}&mailAddress=hana%40example.jp&expireDate=2026-11-20T12%3A30%3A00&next=%2Fweb%2Fpreview`,
    )
  })

  it('shows the server form variant’s error and the typed address', () => {
    stubApi({})
    renderWithProviders(<RegisterEmailScreen />, {
      path: '/sp/account/register_email?error=RATE_LIMITED&mailAddress=hana%40example.jp',
    })
    // The form variant says no wait: the longest limit's, an hour.
    expect(screen.getByRole('alert').textContent).toContain('1時間ほどたってから')
    expect(screen.getByLabelText<HTMLInputElement>('メールアドレス').value).toBe('hana@example.jp')
  })

  it('before LINE, X or a carrier: both policies and one tick box; a tap before ticking stays and says to tick', async () => {
    stubApi({})
    renderWithProviders(<RegisterEmailScreen />, {
      path: '/sp/account/register_email?next=%2Fweb%2Fpreview%3FsealId%3DABCDE12345',
    })
    expect((await screen.findByRole('region', { name: 'プライバシーポリシー' })).textContent).toContain(
      '取得する情報',
    )
    expect(screen.getByRole('region', { name: 'PuriBox特約（情報の外部送信）' })).toBeTruthy()
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'プライバシーポリシー、PuriBox特約、利用規約に同意する',
    })
    expect(box.checked).toBe(false)

    const line = screen.getByRole('link', { name: 'LINEで登録' })
    // Not ticked: the link names no agreement, and tapping it goes nowhere.
    expect(line.getAttribute('href')).toBe(
      '/sp/2/account/registration/line/puriboxauth?redirectUri=%2Fweb%2Fpreview%3FsealId%3DABCDE12345',
    )
    expect(fireEvent.click(line)).toBe(false)
    expect(screen.getByRole('alert').textContent).toContain('チェックを入れてください')
    expect(document.activeElement).toBe(box)
    expect(fireEvent.click(screen.getByRole('link', { name: 'dアカウントで登録' }))).toBe(false)
  })

  it('once ticked, every button carries the versions agreed and where the person was going', async () => {
    stubApi({})
    renderWithProviders(<RegisterEmailScreen />, {
      path: '/sp/account/register_email?next=%2Fweb%2Fpreview%3FsealId%3DABCDE12345',
    })
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'プライバシーポリシー、PuriBox特約、利用規約に同意する' }),
    )
    const agreed = 'agreed=furyu%3A2026-04-01&agreed=puribox%3A2026-04-01'
    const next = '%2Fweb%2Fpreview%3FsealId%3DABCDE12345'
    expect(screen.getByRole('link', { name: 'LINEで登録' }).getAttribute('href')).toBe(
      `/sp/2/account/registration/line/puriboxauth?redirectUri=${next}&${agreed}`,
    )
    expect(screen.getByRole('link', { name: 'Xで登録' }).getAttribute('href')).toBe(
      `/sp/2/login/twitter/puriboxauth?next=${next}&${agreed}`,
    )
    expect(screen.getByRole('link', { name: 'au IDで登録' }).getAttribute('href')).toBe(
      `/sp/account/carrier_auth?carrier=au&next=${next}&${agreed}`,
    )
    expect(fireEvent.click(screen.getByRole('link', { name: 'LINEで登録' }))).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('nothing published: no tick box, and the buttons go as they are', async () => {
    const calls = stubApi({ [LATEST]: inForce() })
    renderWithProviders(<RegisterEmailScreen />, { path: '/sp/account/register_email' })
    await waitFor(() => expect(calls.some((call) => call.url === LATEST)).toBe(true))
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(screen.queryByRole('checkbox')).toBeNull()
    const x = screen.getByRole('link', { name: 'Xで登録' })
    expect(x.getAttribute('href')).toBe('/sp/2/login/twitter/puriboxauth')
    expect(fireEvent.click(x)).toBe(true)
  })

  it('the mail form says the policies are agreed on its third step', () => {
    stubApi({})
    renderWithProviders(<RegisterEmailScreen />, { path: '/sp/account/register_email' })
    expect(screen.getByText(/確認コードをお送りします/).textContent).toContain('3つめのステップで同意')
  })

  it('a limit on sending says how long it lasts, as the answer’s Retry-After says', async () => {
    stubApi({
      '/sp/2/api/account/mail_address': () =>
        wrapperResponse({ error: { code: 'RATE_LIMITED', message: 'RATE_LIMITED' } }, 429, {
          'Retry-After': '540',
        }),
    })
    renderWithProviders(<RegisterEmailScreen />, { path: '/sp/account/register_email' })
    type('メールアドレス', 'hana@example.jp')
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送る' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('9分ほどたってから'))
    expect(screen.getByLabelText<HTMLInputElement>('メールアドレス').value).toBe('hana@example.jp')
  })
})

describe('RegisterMailSentScreen', () => {
  const codePath = `/sp/account/registerMailSent?verificationId=${ID}&mailAddress=hana%40example.jp&expireDate=2026-11-20T12%3A30%3A00`

  it('asks for six digits before sending', () => {
    const calls = stubApi({})
    renderWithProviders(<RegisterMailSentScreen />, { path: codePath })
    expect(screen.getByText('hana@example.jp にメールを送りました。')).toBeTruthy()
    expect(screen.getByText('有効期限：12:30まで')).toBeTruthy()
    type('確認コード（6桁）', '12a4')
    fireEvent.click(screen.getByRole('button', { name: '確認する' }))
    expect(screen.getByRole('alert').textContent).toBe('確認コードは6桁の数字です。')
    expect(calls.filter((call) => !call.url.endsWith('/account/self') && call.url !== LATEST)).toEqual([])
  })

  it('a wrong code: says so and lets the person try again', async () => {
    stubApi({ '/sp/2/api/account/mail_address/verification': fail('VERIFICATION_CODE_WRONG', 400) })
    renderWithProviders(<RegisterMailSentScreen />, { path: codePath })
    type('確認コード（6桁）', '１２３４５６')
    fireEvent.click(screen.getByRole('button', { name: '確認する' }))
    expect((await screen.findByRole('alert')).textContent).toContain('確認コードが違います')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '確認する' }).disabled).toBe(false)
  })

  it('a dead verification: says why and only a new mail helps', async () => {
    stubApi({ '/sp/2/api/account/mail_address/verification': fail('VERIFICATION_EXPIRED', 410) })
    renderWithProviders(<RegisterMailSentScreen />, { path: codePath })
    type('確認コード（6桁）', '123456')
    fireEvent.click(screen.getByRole('button', { name: '確認する' }))
    expect((await screen.findByRole('alert')).textContent).toContain('使えなくなりました')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '確認する' }).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'メールをもう一度送る' })).toBeTruthy()
  })

  it('the right code leads to the password step', async () => {
    const calls = stubApi({
      '/sp/2/api/account/mail_address/verification': () =>
        wrapperResponse({
          entity: { verificationId: ID, mailAddress: 'hana@example.jp', passwordRequired: true },
        }),
    })
    const { location } = renderWithProviders(<RegisterMailSentScreen />, { path: codePath })
    type('確認コード（6桁）', '123 456')
    fireEvent.click(screen.getByRole('button', { name: '確認する' }))
    await screen.findByText('hana@example.jp を確認しました。')
    expect(calls.find((call) => call.url === '/sp/2/api/account/mail_address/verification')?.body).toEqual({
      verificationId: ID,
      code: '123456',
    })
    expect(location.history.at(-1)).toContain('&step=password')
  })

  it('the mail’s link is checked at once and the token leaves the address bar', async () => {
    const calls = stubApi({
      [`/sp/2/api/email_verifications/${ID}/verified/`]: () =>
        wrapperResponse({
          entity: { verificationId: ID, mailAddress: 'hana@example.jp', passwordRequired: true },
        }),
    })
    const { location } = renderWithProviders(<RegisterMailSentScreen />, {
      path: `/sp/account/registerMailSent?verificationId=${ID}&token=secret-token`,
    })
    await screen.findByText('hana@example.jp を確認しました。')
    expect(calls.find((call) => call.url.endsWith('/verified/'))?.body).toEqual({ token: 'secret-token' })
    expect(location.history.at(-1)).not.toContain('token')
  })

  it('a used or broken link says so and offers to start again', async () => {
    stubApi({ [`/sp/2/api/email_verifications/${ID}/verified/`]: fail('VERIFICATION_NOT_FOUND', 404) })
    renderWithProviders(<RegisterMailSentScreen />, {
      path: `/sp/account/registerMailSent?verificationId=${ID}&token=forged`,
    })
    expect((await screen.findByRole('alert')).textContent).toContain('このリンクは正しくありません')
    expect(screen.getByRole('link', { name: 'メールアドレスの入力へ' })).toBeTruthy()
  })

  it('a link without a verification id is refused without a call', () => {
    const calls = stubApi({})
    renderWithProviders(<RegisterMailSentScreen />, { path: '/sp/account/registerMailSent?token=x' })
    expect(screen.getByRole('alert').textContent).toContain('確認の手続きが見つかりません')
    expect(calls.filter((call) => !call.url.endsWith('/account/self') && call.url !== LATEST)).toEqual([])
  })

  const passwordPath = `/sp/account/registerMailSent?verificationId=${ID}&mailAddress=hana%40example.jp&step=password&next=%2Fweb%2Fpreview`

  /** The password step's button, once the policies it agrees to have loaded (it waits for them). */
  async function agreeButton() {
    await screen.findByRole('region', { name: 'プライバシーポリシー' })
    return screen.getByRole<HTMLButtonElement>('button', { name: '同意して登録する' })
  }

  it.each([
    ['short', 'パスワードは8文字以上にしてください。'],
    ['aaaaaaaaaa', '同じ文字の繰り返しは、パスワードに使えません。'],
    ['HANA@example.jp', 'メールアドレスと同じパスワードは使えません。'],
  ])('refuses the password %j before sending', async (password, message) => {
    const calls = stubApi({})
    renderWithProviders(<RegisterMailSentScreen />, { path: passwordPath })
    type('パスワード', password)
    fireEvent.click(await agreeButton())
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(calls.filter((call) => !call.url.endsWith('/account/self') && call.url !== LATEST)).toEqual([])
  })

  it('shows both policies on the password step, and agrees to both with the one button that registers', async () => {
    const calls = stubApi({
      '/sp/2/api/account/': () =>
        wrapperResponse({ entity: { account: null, membershipStatus: 'MINI' } }, 201),
    })
    renderWithProviders(<RegisterMailSentScreen />, { path: passwordPath })
    expect(screen.getByRole('navigation', { name: '登録の流れ' }).textContent).toContain('ステップ 3/3')
    const privacy = await screen.findByRole('region', { name: 'プライバシーポリシー' })
    expect(privacy.textContent).toContain('取得する情報')
    expect(screen.getByRole('region', { name: 'PuriBox特約（情報の外部送信）' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /プライバシーポリシーの全文を読む/ }).getAttribute('href')).toBe(
      '/web/common/information/privacyPolicy?version=2026-04-01',
    )
    expect(screen.getByText(/「同意して登録する」を押すと/).textContent).toContain('PuriBox特約')
    expect(screen.queryByRole('button', { name: '登録する' })).toBeNull()

    type('パスワード', 'sakura-purikura-7')
    fireEvent.click(screen.getByRole('button', { name: '同意して登録する' }))
    await waitFor(() => expect(goToServer).toHaveBeenCalled())
    expect(calls.at(-1)).toEqual({
      url: '/sp/2/api/account/',
      body: { verificationId: ID, password: 'sakura-purikura-7', policies: BOTH },
    })
    // The server has nothing left to ask: afterRegister goes on to where the person was going.
    expect(goToServer.mock.calls[0]?.[0]).toBe('/sp/2/cookie/afterRegister?method=mail&next=%2Fweb%2Fpreview')
  })

  it('a version published while the step was open: says so, shows it, and agrees to it next', async () => {
    const newer = policy('furyu', '2026-12-01')
    const versions = [inForce(policy('furyu'), policy('puribox')), inForce(newer, policy('puribox'))]
    let reads = 0
    let posts = 0
    const calls = stubApi({
      [LATEST]: () => versions[Math.min(reads++, 1)]!(),
      '/sp/2/api/account/': () =>
        posts++ === 0
          ? fail('POLICY_VERSION_OUTDATED', 409)()
          : wrapperResponse({ entity: { account: null, membershipStatus: 'MINI' } }, 201),
    })
    renderWithProviders(<RegisterMailSentScreen />, { path: passwordPath })
    type('パスワード', 'sakura-purikura-7')
    fireEvent.click(await agreeButton())
    expect((await screen.findByRole('alert')).textContent).toContain('内容が更新されました')
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: /プライバシーポリシーの全文を読む/ }).getAttribute('href'),
      ).toContain('version=2026-12-01'),
    )
    expect(goToServer).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: '同意して登録する' }))
    await waitFor(() => expect(goToServer).toHaveBeenCalled())
    expect(calls.at(-1)?.body).toEqual({
      verificationId: ID,
      password: 'sakura-purikura-7',
      policies: [
        { kind: 'furyu', version: '2026-12-01' },
        { kind: 'puribox', version: '2026-04-01' },
      ],
    })
  })

  it('the policies failed to load: no account without them, and a tap reloads', async () => {
    const calls = stubApi({ [LATEST]: () => Promise.reject(new TypeError('Failed to fetch')) })
    renderWithProviders(<RegisterMailSentScreen />, { path: passwordPath })
    expect((await screen.findByRole('alert')).textContent).toContain('タップして再読み込み')
    type('パスワード', 'sakura-purikura-7')
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '同意して登録する' })
    expect(button.disabled).toBe(true)
    fireEvent.click(button)
    expect(calls.some((call) => call.url === '/sp/2/api/account/')).toBe(false)
  })

  it('nothing published: nothing to agree to, the button only registers', async () => {
    const calls = stubApi({
      [LATEST]: inForce(),
      '/sp/2/api/account/': () =>
        wrapperResponse({ entity: { account: null, membershipStatus: 'MINI' } }, 201),
    })
    renderWithProviders(<RegisterMailSentScreen />, { path: passwordPath })
    type('パスワード', 'sakura-purikura-7')
    fireEvent.click(await screen.findByRole('button', { name: '登録する' }))
    await waitFor(() => expect(goToServer).toHaveBeenCalled())
    expect(calls.at(-1)?.body).toEqual({ verificationId: ID, password: 'sakura-purikura-7' })
    expect(screen.queryByRole('region', { name: 'プライバシーポリシー' })).toBeNull()
  })

  it('an address registered meanwhile: says so, keeps the password typed', async () => {
    stubApi({ '/sp/2/api/account/': fail('MAIL_ADDRESS_TAKEN', 409) })
    renderWithProviders(<RegisterMailSentScreen />, { path: passwordPath })
    type('パスワード', 'sakura-purikura-7')
    fireEvent.click(await agreeButton())
    expect((await screen.findByRole('alert')).textContent).toContain('すでに登録されています')
    expect(screen.getByLabelText<HTMLInputElement>('パスワード').value).toBe('sakura-purikura-7')
  })

  describe('a member adding an address', () => {
    const member = {
      account: {
        id: 'a1',
        protected: false,
        canAddOn: false,
        snsPenalty: null,
        purigetPenalty: 'GREEN',
        official: false,
        mailAddress: null,
        registeredAt: '2026-11-20T12:00:00',
      },
      membershipStatus: 'MINI',
    }

    const stubMember = (answers: Record<string, Answer>) => stubApi(answers, member)

    it('a member whose account has a password confirms in one tap, and stays signed in', async () => {
      const calls = stubMember({
        '/sp/2/api/account/mail_address/verification': () =>
          wrapperResponse({
            entity: { verificationId: ID, mailAddress: 'hana@example.jp', passwordRequired: false },
          }),
        '/sp/2/api/account/mail_address/registration': () =>
          wrapperResponse({
            entity: { ...member, account: { ...member.account, mailAddress: 'hana@example.jp' } },
          }),
      })
      const { location, queryClient } = renderWithProviders(<RegisterMailSentScreen />, { path: codePath })
      await screen.findByRole('heading', { level: 1, name: 'メールアドレスの登録・変更' })
      type('確認コード（6桁）', '123456')
      fireEvent.click(screen.getByRole('button', { name: '確認する' }))
      fireEvent.click(await screen.findByRole('button', { name: '登録する' }))
      expect((await screen.findByRole('status')).textContent).toContain('メールアドレスを登録しました')
      expect(location.history.at(-1)).toContain('step=confirm')
      expect(calls.at(-1)?.body).toEqual({ verificationId: ID })
      expect(queryClient.getQueryData<typeof member>(['account', 'self'])?.account.mailAddress).toBe(
        'hana@example.jp',
      )
      expect(goToServer).not.toHaveBeenCalled()
    })

    it('an address taken by another account is said so, for a member', async () => {
      stubMember({ '/sp/2/api/account/mail_address/registration': fail('MAIL_ADDRESS_TAKEN', 409) })
      renderWithProviders(<RegisterMailSentScreen />, {
        path: `/sp/account/registerMailSent?verificationId=${ID}&mailAddress=hana%40example.jp&step=password`,
      })
      await screen.findByRole('heading', { level: 1, name: 'メールアドレスの登録・変更' })
      type('パスワード', 'sakura-purikura-7')
      fireEvent.click(screen.getByRole('button', { name: '登録する' }))
      expect((await screen.findByRole('alert')).textContent).toBe(
        'このメールアドレスは、別のアカウントで登録されています。別のメールアドレスを入力してください。',
      )
    })
  })
})
