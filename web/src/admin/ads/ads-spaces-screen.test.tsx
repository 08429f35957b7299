// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { ADS_API, adminAd, adSpace, answer, refusal, stubAdsApi } from './testing/ads-fixtures'

const SPACES = `GET ${ADS_API}/spaces`
const LIST = `GET ${ADS_API}/spaces/sp-top/ads`
const spring = adSpace({
  id: 'sp-spring',
  name: '春の特集',
  placement: null,
  counts: { draft: 0, scheduled: 0, published: 0, ended: 0, withdrawn: 0 },
})

const page = (items: ReturnType<typeof adminAd>[], next: string | null = null) =>
  answer({ space: adSpace(), items, next })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the ad spaces', () => {
  it('lists each space with where it shows and its ads by state, offering an editor to add one', async () => {
    stubAdsApi({ [SPACES]: answer({ spaces: [adSpace(), spring] }) })
    renderConsole('/admin/ads')
    await screen.findByRole('heading', { name: '広告', level: 1 })
    const links = await screen.findAllByRole('link', { name: /トップページの広告|春の特集/ })
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      [
        '/admin/ads/spaces/sp-top',
        'トップページの広告sp-top トップページに表示中配信中 2件・配信予約 0件・下書き 1件配信終了 0件・取り下げ済み 1件',
      ],
      [
        '/admin/ads/spaces/sp-spring',
        '春の特集sp-spring どのページにも表示していません配信中 0件・配信予約 0件・下書き 0件配信終了 0件・取り下げ済み 0件',
      ],
    ])
    expect(screen.getByRole('link', { name: '広告枠を追加' }).getAttribute('href')).toBe(
      '/admin/ads/new-space',
    )
  })

  it('lets a viewer read only', async () => {
    stubAdsApi({ [SPACES]: answer({ spaces: [adSpace()] }) }, 'VIEWER')
    renderConsole('/admin/ads')
    await screen.findByRole('link', { name: /トップページの広告/ })
    expect(screen.queryByRole('link', { name: '広告枠を追加' })).toBeNull()
    expect(screen.getByText(/閲覧者の権限では、見ることだけができます。/)).toBeTruthy()
  })

  it('adds a space, its id checked in Japanese before and after sending', async () => {
    const calls = stubAdsApi({
      [`POST ${ADS_API}/spaces`]: ({ body }) =>
        (body as { id: string }).id === 'sp-top' ? refusal('AD_SPACE_EXISTS', 409)() : answer(spring)(),
      [`GET ${ADS_API}/spaces/sp-spring/ads`]: answer({ space: spring, items: [], next: null }),
    })
    const view = renderConsole('/admin/ads/new-space')
    await screen.findByRole('heading', { name: '広告枠を追加', level: 1 })
    const id = screen.getByLabelText('広告枠ID')
    fireEvent.change(id, { target: { value: '春 特集' } })
    fireEvent.click(screen.getByRole('button', { name: '広告枠を追加する' }))
    const errorOf = (label: string) =>
      within(screen.getByLabelText(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
    expect(errorOf('広告枠ID')).toBe('広告枠IDは、半角の英数字と「-」「_」で入力してください。')
    expect(errorOf('名前')).toBe('名前を入力してください。')
    fireEvent.change(id, { target: { value: 'sp-top' } })
    fireEvent.change(screen.getByLabelText('名前'), { target: { value: '春の特集' } })
    fireEvent.click(screen.getByRole('button', { name: '広告枠を追加する' }))
    await waitFor(() =>
      expect(errorOf('広告枠ID')).toBe('この広告枠IDは、すでに使われています。別のIDにしてください。'),
    )
    fireEvent.change(id, { target: { value: 'sp-spring' } })
    fireEvent.click(screen.getByRole('button', { name: '広告枠を追加する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/ads/spaces/sp-spring'))
    expect(await screen.findByText('広告枠を追加しました。')).toBeTruthy()
    expect(calls.filter((call) => call.key === `POST ${ADS_API}/spaces`).map((call) => call.body)).toEqual([
      { id: 'sp-top', name: '春の特集' },
      { id: 'sp-spring', name: '春の特集' },
    ])
  })

  it('moves the top page to a space, with its reason', async () => {
    const calls = stubAdsApi({
      [SPACES]: answer({ spaces: [adSpace(), spring] }),
      [`PUT ${ADS_API}/spaces/sp-spring`]: answer({ ...spring, placement: 'topPage' }),
      [`GET ${ADS_API}/spaces/sp-spring/ads`]: answer({
        space: { ...spring, placement: 'topPage' },
        items: [],
        next: null,
      }),
    })
    renderConsole('/admin/ads/spaces/sp-spring/edit')
    const placement = await screen.findByLabelText('表示する場所')
    fireEvent.change(placement, { target: { value: 'topPage' } })
    fireEvent.change(screen.getByLabelText('理由（任意）'), { target: { value: '春のキャンペーン' } })
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect(await screen.findByText('変更を保存しました。')).toBeTruthy()
    expect(calls.filter((call) => call.key.startsWith('PUT')).map((call) => call.body)).toEqual([
      { placement: 'topPage', reason: '春のキャンペーン' },
    ])
    await waitFor(() =>
      expect(document.querySelector('.page__lead')?.textContent).toBe(
        '広告枠ID sp-spring。トップページに表示中。 この広告枠の監査ログ',
      ),
    )
  })
})

describe("a space's ads", () => {
  it('lists them by state from the address, a page at a time, with their reactions so far', async () => {
    const calls = stubAdsApi({
      [LIST]: page([adminAd({ state: 'published', startsAt: '2026-11-20T01:00:00.000Z' })], '42'),
      [`${LIST}?after=42`]: page([
        adminAd({ id: 41, name: '春のネイル', totals: { IMPRESSION: 0, CLICK: 0 } }),
      ]),
      [`${LIST}?state=draft`]: page([]),
    })
    const view = renderConsole('/admin/ads/spaces/sp-top')
    await screen.findByRole('heading', { name: 'トップページの広告', level: 1 })
    const rows = () =>
      [...document.querySelectorAll('tbody tr')].map((row) =>
        [...row.children].map((cell) => cell.textContent),
      )
    await waitFor(() =>
      expect(rows()).toEqual([
        [
          '冬の新色リップ冬の新色リップ、プリ映えカラー',
          '配信中',
          '2026/11/20 10:00 〜 終了しない',
          '表示 1,234・タップ 56',
        ],
      ]),
    )
    expect(screen.getByRole('link', { name: '冬の新色リップ' }).getAttribute('href')).toBe('/admin/ads/42')
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[1]).toEqual([
      '春のネイル冬の新色リップ、プリ映えカラー',
      '下書き',
      '未定 〜 終了しない',
      '表示 0・タップ 0',
    ])
    expect(screen.getByText('これ以上の広告はありません。')).toBeTruthy()
    expect(calls.map((call) => call.key)).toContain(`${LIST}?after=42`)

    fireEvent.click(screen.getByRole('link', { name: '下書き' }))
    await waitFor(() => expect(view.address()).toBe('/admin/ads/spaces/sp-top?state=draft'))
    expect(await screen.findByText('「下書き」の広告はありません。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '広告を作成' }).getAttribute('href')).toBe(
      '/admin/ads/spaces/sp-top/new',
    )
  })

  it('says so when the space is not there, or the address names no state', async () => {
    stubAdsApi({ [LIST]: refusal('AD_SPACE_NOT_FOUND', 404) })
    renderConsole('/admin/ads/spaces/sp-top')
    expect((await screen.findByRole('alert')).textContent).toContain('この広告枠は見つかりませんでした。')
    expect(screen.queryByRole('link', { name: '広告を作成' })).toBeNull()
    cleanup()
    stubAdsApi({})
    renderConsole('/admin/ads/spaces/sp-top?state=nothing')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このURLの状態では絞り込めません。上の状態から選んでください。',
    )
  })
})
