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

/** A saved picture of my page's list. */
function image(sealId: string, number: number, rawPuri = false) {
  const imageId = `00000000-0000-4000-8000-${sealId.slice(0, 2)}${String(number).padStart(10, '0')}`
  const url = (suffix: string) => `/sp/2/mypage/image/${imageId}${suffix}.jpg`
  return {
    imageId,
    puriNumber: number,
    rawPuri,
    savedAt: '2026-11-20T12:00:00',
    thumbnailUrl: url('_thumb'),
    qvgaUrl: url('_qvga'),
    mediumUrl: url('_medium'),
    originalUrl: url(''),
  }
}

function play(sealId: string, shotAt: string, images: ReturnType<typeof image>[]) {
  return {
    sealId,
    shotAt,
    machine: { id: 'm1', name: 'ぷりっとスタジオ', seriesId: 's1', version: '1' },
    registeredAt: shotAt,
    sealExpireDate: '2026-11-27T12:00:00',
    images,
    unsavedCount: 0,
    zipUrl: `/sp/2/mypage/plays/${sealId}/zip`,
  }
}

const PLAYS = [
  play('AAAAA11111', '2026-11-20T10:00:00', [image('AAAAA11111', 1), image('AAAAA11111', 2, true)]),
  play('BBBBB22222', '2026-11-03T18:30:00', [image('BBBBB22222', 1)]),
]

const page = (items: unknown[], currentPage = 1, totalPage = 1) => ({
  totalCount: items.length,
  currentPage,
  totalPage,
  items,
})

type Check = { status: string; passwordRequired: boolean; premiumUntil?: string | null }

/** A member with the junior-high free premium until the end of March of their third school year. */
const JHS_PREMIUM = { ...MINI, membershipStatus: 'JHS_PREMIUM', schoolPremiumUntil: '2028-03-31T23:59:59' }

function member(
  check: Check = { status: 'ALLOWED', passwordRequired: true },
  post: Handler = () => wrapperResponse({ entity: GUEST }),
  plays: Record<string, Handler> = {
    'GET /sp/2/mypage/plays?page=1': () => wrapperResponse({ entity: page(PLAYS) }),
  },
  status: object = MINI,
) {
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: status }),
    'GET /sp/2/account/leave': () => wrapperResponse({ entity: { premiumUntil: null, ...check } }),
    'POST /sp/2/account/leave': post,
    ...plays,
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

  it('one screen titled 「退会」 for both paths; each path opens with its own line', async () => {
    member()
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('退会')
    expect(screen.getByText(/^PuriBoxを退会します。退会すると、無料会員の/)).toBeTruthy()
    expect(await screen.findByRole('button', { name: '退会する' })).toBeTruthy()
    cleanup()

    member()
    renderWithProviders(<AccountDeleteScreen />, { path: '/sp/account/delete' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('退会')
    expect(screen.getByText(/^PuriBoxを退会します。/)).toBeTruthy()
    expect(await screen.findByRole('button', { name: '退会する' })).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/削除/)
  })

  it('「先にプリをスマホに保存」: the saved pictures themselves, all in one ZIP or a play at a time', async () => {
    member()
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    const section = (await screen.findByRole('heading', { name: '先にプリをスマホに保存' })).closest(
      'section',
    ) as HTMLElement
    const all = await within(section).findByRole('link', {
      name: 'すべてのプリをまとめてスマホに保存（ZIP）',
    })
    expect(all.getAttribute('href')).toBe('/sp/2/mypage/zip')
    expect(all.hasAttribute('download')).toBe(true)
    // The pictures, as thumbnails of the member's own files, by play.
    const thumbnails = within(section).getAllByRole<HTMLImageElement>('img')
    expect(thumbnails.map((img) => img.alt)).toEqual([
      '11月20日のプリ 1枚目',
      '11月20日のプリ 2枚目（らくがき前）',
      '11月3日のプリ 1枚目',
    ])
    expect(thumbnails[0]!.getAttribute('src')).toBe(PLAYS[0]!.images[0]!.thumbnailUrl)
    const first = within(section)
      .getByRole('heading', { name: /11月20日のシール/ })
      .closest('section')!
    expect(within(first as HTMLElement).getByText('2枚')).toBeTruthy()
    // Each play's own ZIP, as on my page.
    expect(within(section).getAllByRole('button', { name: 'まとめてスマホに保存（ZIP）' })).toHaveLength(2)
    // What else goes, in words.
    expect(screen.getByRole('heading', { name: 'ほかに消えるもの' })).toBeTruthy()
    expect(screen.getByText(/LINE・X・携帯電話会社との連携/)).toBeTruthy()
  })

  it('more plays than a page: the next ones on request', async () => {
    member(undefined, undefined, {
      'GET /sp/2/mypage/plays?page=1': () => wrapperResponse({ entity: page([PLAYS[0]], 1, 2) }),
      'GET /sp/2/mypage/plays?page=2': () => wrapperResponse({ entity: page([PLAYS[1]], 2, 2) }),
    })
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    fireEvent.click(await screen.findByRole('button', { name: 'ほかのシールも見る' }))
    expect(await screen.findByAltText('11月3日のプリ 1枚目')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'ほかのシールも見る' })).toBeNull()
  })

  it('nothing saved: says so, and offers no download', async () => {
    member(undefined, undefined, {
      'GET /sp/2/mypage/plays?page=1': () => wrapperResponse({ entity: page([]) }),
    })
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    expect(await screen.findByText('保存したプリはありません。')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /ZIP/ })).toBeNull()
  })

  it('a cancelled premium still running: says leaving gives up the rest', async () => {
    member({ status: 'ALLOWED', passwordRequired: true, premiumUntil: '2026-12-20T12:00:00' })
    renderWithProviders(<AccountDeleteScreen />, { path: '/sp/account/delete' })
    expect((await screen.findByRole('note')).textContent).toBe(
      'プレミアム会員の期間が2026年12月20日まで残っています。退会すると、残りの期間も使えなくなります（返金はありません）。',
    )
  })

  it('a junior-high free premium member is called one, and told that leaving ends it and what goes with it', async () => {
    for (const Screen of [FreeMemberLeaveScreen, AccountDeleteScreen]) {
      // What the server's check answers such a member: nothing renews, so they may leave.
      member(undefined, undefined, undefined, JHS_PREMIUM)
      renderWithProviders(<Screen />, { path: '/sp/account/leave' })
      expect(
        await screen.findByText(
          'PuriBoxを退会します。退会すると、中学生無料プレミアム会員のアカウントと保存したプリはすべて消え、元に戻せません。',
        ),
      ).toBeTruthy()
      const ends = (await screen.findByRole('heading', { name: '中学生無料プレミアムも終わります' })).closest(
        '[role="note"]',
      ) as HTMLElement
      expect(ends.textContent).toContain(
        '2028年3月31日まで使える中学生無料プレミアムは、退会したときに終わります。',
      )
      expect(
        within(ends).getByText('らくがき前のプリも含めて、撮ったプリをすべて保存できること'),
      ).toBeTruthy()
      expect(within(ends).getByText('毎月届くプレミアム会員のクーポン')).toBeTruthy()
      expect(ends.textContent).toContain(
        'もう一度会員登録しても、中学生無料プレミアムは戻りません。使うには、あらためて申し込みと審査が必要です。',
      )
      expect(screen.getByRole('checkbox', { name: /中学生無料プレミアムも終わり、元に戻せない/ })).toBe(
        tick(),
      )
      // Never called a free member: that is what they are not.
      expect(document.body.textContent).not.toContain('無料会員')
      cleanup()
    }
  })

  it('a free member is not told about the junior-high free premium', async () => {
    member()
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    await screen.findByRole('checkbox')
    expect(document.body.textContent).not.toContain('中学生無料プレミアム')
  })

  it('asks for the tick and the password before sending anything', async () => {
    const calls = member()
    renderWithProviders(<FreeMemberLeaveScreen />, { path: '/sp/account/leave' })
    await screen.findByRole('checkbox')
    submit()
    const tickAlert = within(tick().closest('.field') as HTMLElement).getByRole('alert')
    expect(tickAlert.textContent).toBe('退会するには、確認のチェックを入れてください。')
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
    expect(await screen.findByRole('heading', { name: '退会しました' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
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
    await screen.findByRole('heading', { name: '退会しました' })
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

  it('a premium member whose payment renews is sent to cancel premium first', async () => {
    const calls = member({ status: 'PREMIUM_ACTIVE', passwordRequired: true })
    renderWithProviders(<AccountDeleteScreen />, { path: '/sp/account/delete' })
    expect(await screen.findByRole('heading', { name: '先にプレミアム会員の解約が必要です' })).toBeTruthy()
    expect(screen.getByText(/解約したあとは、期間の終わりを待たずに退会できます。/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'プレミアム会員の解約へ' }).getAttribute('href')).toBe(
      '/sp/payment/cancel',
    )
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(calls.some((call) => call.key.startsWith('GET /sp/2/mypage/plays'))).toBe(false)
  })
})
