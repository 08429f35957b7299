// @vitest-environment jsdom
import type { AdminBannerSpace } from '@puribox/contract/admin-banners'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminBanner,
  answer,
  BANNER_IDS,
  BANNERS_API,
  bannerSpace,
  refusal,
  stubContentApi,
} from './testing/content-fixtures'

const SPACE = `${BANNERS_API}/spaces/maintenance_lead`
const PATH = '/admin/banners/spaces/maintenance_lead'

const first = adminBanner({
  html: '<div class="banner-card"><p class="banner-title">メンテナンスのお知らせ</p><a href="/sp/news">お知らせを見る</a></div>',
})
const second = adminBanner({
  id: BANNER_IDS[1],
  html: '<p>アンケートにご協力ください</p>',
  state: 'scheduled',
  shown: false,
  position: 1,
  // 12:00 to 18:00 in Japan on the next day.
  publishAt: '2026-11-21T03:00:00.000Z',
  publishUntil: '2026-11-21T09:00:00.000Z',
})

/** The space's page, answering the space as `current()` holds it now, with the steps given. */
function spaceApi(current: () => AdminBannerSpace, more: Record<string, () => Response> = {}) {
  return { [`GET ${SPACE}`]: () => answer(current())(), ...more }
}

const cardTitles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the banner spaces', () => {
  it('lists every space with where members see it, and the home and frame name the section', async () => {
    stubContentApi({}, 'VIEWER')
    renderConsole('/admin/banners')
    await screen.findByRole('heading', { name: 'バナー', level: 1 })
    const links = within(screen.getByRole('region', { name: '掲載枠' })).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['メンテナンスのお知らせトップページの上（お知らせの前）', '/admin/banners/spaces/maintenance_lead'],
      ['アンケートのご案内トップページの中ほど（広告の後）', '/admin/banners/spaces/questionnaire_lead'],
      ['会社情報トップページの下（商品情報の後）', '/admin/banners/spaces/company_information'],
      ['商品情報トップページの下', '/admin/banners/spaces/product_information'],
      ['マイページのプリの下マイページ（最新のプリの下）', '/admin/banners/spaces/photos_banner'],
    ])
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: 'バナー' }).getAttribute('aria-current')).toBe('page')
  })

  it('leaves a space that is none to the not-found screen', async () => {
    stubContentApi({})
    renderConsole('/admin/banners/spaces/side_banner')
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません', level: 1 })).toBeTruthy()
  })
})

describe("a space's banners", () => {
  it('shows them in order as members see them, the one shown marked, with their windows in Japan time', async () => {
    stubContentApi(spaceApi(() => bannerSpace([first, second])))
    renderConsole(PATH)
    await screen.findByRole('heading', { name: '「メンテナンスのお知らせ」の枠', level: 1 })
    expect(await screen.findByText('いま会員に表示されているのは、1番目のバナーです。')).toBeTruthy()
    const [one, two] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(one.textContent).toContain('1番目掲載中表示中')
    expect(one.textContent).toContain('掲載期間2026/11/20 10:00から 終了しない')
    expect(two.textContent).toContain('2番目掲載予定')
    expect(two.textContent).toContain('掲載期間2026/11/21 12:00から 2026/11/21 18:00まで')
    // The banner as members see it, its link opening in a new tab away from the console.
    const banner = within(one).getByRole('figure', { name: '会員への表示（プレビュー）' })
    expect(within(banner).getByText('メンテナンスのお知らせ').className).toBe('banner-title')
    const link = within(banner).getByRole('link', { name: 'お知らせを見る' })
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      '/sp/news',
      '_blank',
      'noopener noreferrer',
    ])
    // An editor adds, reorders, changes and withdraws.
    expect(screen.getByRole('link', { name: 'バナーを追加' }).getAttribute('href')).toBe(`${PATH}/new`)
    expect(screen.getByRole('link', { name: '2番目のバナーを変更' }).getAttribute('href')).toBe(
      `${PATH}/banners/${BANNER_IDS[1]}/edit`,
    )
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '1番目のバナーを上へ' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '2番目のバナーを下へ' }).disabled).toBe(true)
    expect(screen.getByRole('button', { name: '1番目のバナーを取り下げる' })).toBeTruthy()
  })

  it.each(['VIEWER', 'SUPPORT'] as const)('offers a %s nothing to change, and says why', async (role) => {
    stubContentApi(
      spaceApi(() => bannerSpace([first, second])),
      role,
    )
    renderConsole(PATH)
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect(screen.getAllByRole('article').flatMap((card) => within(card).queryAllByRole('button'))).toEqual(
      [],
    )
    expect(screen.queryByRole('link', { name: 'バナーを追加' })).toBeNull()
    expect(screen.queryByRole('link', { name: /バナーを変更/ })).toBeNull()
    expect(screen.getByText(/の権限では、見ることだけができます。/)).toBeTruthy()
  })

  it('says when a space has no banner, and lists the withdrawn ones apart', async () => {
    stubContentApi({
      [`GET ${SPACE}`]: answer(bannerSpace([], { spaceId: 'maintenance_lead' })),
      [`GET ${SPACE}?list=withdrawn`]: answer(
        bannerSpace([
          adminBanner({ state: 'withdrawn', shown: false, withdrawnAt: '2026-11-20T02:00:00.000Z' }),
        ]),
      ),
    })
    const view = renderConsole(PATH)
    expect(
      await screen.findByText('この枠には、バナーがありません。会員には何も表示されません。'),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: '取り下げ済み' }))
    await waitFor(() => expect(view.address()).toBe(`${PATH}?list=withdrawn`))
    const card = await screen.findByRole('article')
    expect(card.textContent).toContain('2026/11/20 10:00に追加したバナー取り下げ済み')
    expect(card.textContent).toContain('取り下げた日時2026/11/20 11:00')
    expect(within(card).queryByRole('button')).toBeNull()
  })
})

describe('reordering a space', () => {
  it('moves banners here, then saves the whole order with its reason', async () => {
    let space = bannerSpace([first, second])
    const calls = stubContentApi(
      spaceApi(() => space, {
        [`PUT ${SPACE}/order`]: () => {
          space = bannerSpace([
            { ...second, position: 0 },
            { ...first, position: 1 },
          ])
          return answer(space)()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '2番目のバナーを上へ' }))
    expect(cardTitles()).toEqual(['1番目', '2番目'])
    expect(screen.getAllByRole('article')[0]?.textContent).toContain('アンケートにご協力ください')
    expect(screen.getByText('並び順を変えました。保存すると、会員への表示に反映されます。')).toBeTruthy()
    // Changing or withdrawing waits for the order to be saved or undone.
    expect(screen.queryByRole('link', { name: /バナーを変更/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /取り下げる/ })).toBeNull()

    // Undoing goes back to the served order.
    fireEvent.click(screen.getByRole('button', { name: '元に戻す' }))
    expect(screen.getAllByRole('article')[0]?.textContent).toContain('メンテナンスのお知らせ')
    expect(screen.queryByRole('button', { name: '並び順を保存する' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: '1番目のバナーを下へ' }))
    fireEvent.change(screen.getByLabelText('理由（任意）'), { target: { value: 'アンケートを先に' } })
    fireEvent.click(screen.getByRole('button', { name: '並び順を保存する' }))
    expect((await screen.findByRole('status')).textContent).toBe('並び順を保存しました。')
    expect(sent(calls, `PUT ${SPACE}/order`)).toEqual([
      { bannerIds: [BANNER_IDS[1], BANNER_IDS[0]], reason: 'アンケートを先に' },
    ])
    expect(screen.getAllByRole('article')[0]?.textContent).toContain('アンケートにご協力ください')
    expect(screen.queryByRole('button', { name: '並び順を保存する' })).toBeNull()
  })

  it('reads the space again when another operator changed it meanwhile, and says so', async () => {
    let space = bannerSpace([first, second])
    stubContentApi(
      spaceApi(() => space, {
        [`PUT ${SPACE}/order`]: () => {
          space = bannerSpace([
            adminBanner({ id: BANNER_IDS[2], html: '<p>新しいバナー</p>' }),
            first,
            second,
          ])
          return refusal('ORDER_STALE', 409)()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '2番目のバナーを上へ' }))
    fireEvent.click(screen.getByRole('button', { name: '並び順を保存する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ほかの人がバナーを追加したか取り下げたため、並び順を保存できませんでした。最新の一覧を表示したので、もう一度並べ替えてください。',
    )
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3))
    expect(screen.getAllByRole('article')[0]?.textContent).toContain('新しいバナー')
    expect(screen.queryByRole('button', { name: '並び順を保存する' })).toBeNull()
  })
})

describe('withdrawing a banner', () => {
  it('confirms it with the banner shown, sends the reason, and lists the space again', async () => {
    let space = bannerSpace([first, second])
    const calls = stubContentApi(
      spaceApi(() => space, {
        [`POST ${BANNERS_API}/${BANNER_IDS[0]}/withdraw`]: () => {
          space = bannerSpace([{ ...second, position: 1 }], { shownId: null })
          return answer({ ...first, state: 'withdrawn', shown: false })()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '1番目のバナーを取り下げる' }))
    const confirm = screen.getByRole('dialog', { name: 'バナーを取り下げますか？' })
    expect(confirm.textContent).toContain(
      'この枠の1番目のバナーを取り下げます。どの枠にも、二度と表示されません。',
    )
    expect(within(confirm).getByText('メンテナンスのお知らせ')).toBeTruthy()
    fireEvent.change(within(confirm).getByLabelText('理由（任意）'), {
      target: { value: 'メンテナンス終了' },
    })
    fireEvent.click(within(confirm).getByRole('button', { name: '取り下げる' }))
    expect((await screen.findByRole('status')).textContent).toBe('バナーを取り下げました。')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent(calls, `POST ${BANNERS_API}/${BANNER_IDS[0]}/withdraw`)).toEqual([
      { reason: 'メンテナンス終了' },
    ])
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(
      screen.getByText('いま、この枠には何も表示されていません（掲載期間中のバナーがありません）。'),
    ).toBeTruthy()
  })

  it('tells a banner withdrawn already in the dialog', async () => {
    stubContentApi(
      spaceApi(() => bannerSpace([first]), {
        [`POST ${BANNERS_API}/${BANNER_IDS[0]}/withdraw`]: refusal('BANNER_WITHDRAWN', 409),
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '1番目のバナーを取り下げる' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取り下げる' }))
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(
      'このバナーは取り下げ済みのため、変更できません。もう一度出すときは、新しく追加してください。',
    )
  })
})
