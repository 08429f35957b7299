// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminShop, answer, BOOTHS_API, refusal, SHOP_ID, stubBoothsApi } from './testing/booth-fixtures'

const SHOPS = `GET ${BOOTHS_API}/shops`
const shibuya = adminShop()
const umeda = adminShop({
  id: '0192f0c4-0000-7000-8000-000000000002',
  name: 'プリパーク梅田',
  prefectureCode: 27,
  prefectureName: '大阪府',
  city: '大阪市北区',
  address: '角田町1-1',
  openingHours: '',
  machineCount: 0,
})

const shopCalls = (calls: { key: string }[]) => calls.filter((call) => call.key.startsWith(SHOPS))
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the shop list', () => {
  it('lists shops with their place, hours and machines, each linking to its page; the frame and home name the area', async () => {
    stubBoothsApi({
      [SHOPS]: answer({ shops: [shibuya, umeda], next: null }),
      'GET /admin/api/session': answer({ id: 'x', mailAddress: 'aoi@puribox.example', role: 'EDITOR' }),
    })
    renderConsole('/admin/booths')
    await screen.findByRole('heading', { name: '店舗', level: 1 })
    expect(document.title).toBe('店舗 | PuriBox 管理')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]?.textContent).toContain('東京都 渋谷区 道玄坂1-2-3 4階')
    expect(rows()[0]?.textContent).toContain('1台')
    expect(within(rows()[1] as HTMLElement).getByText('なし')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'プリスタ渋谷店' }).getAttribute('href')).toBe(
      `/admin/booths/shops/${SHOP_ID}`,
    )
    expect(screen.getByText('これ以上の店舗はありません。')).toBeTruthy()
    // Without a search, the search is folded on a phone (the tests' window has no matchMedia).
    expect(screen.getByRole('heading', { name: '店舗をさがす' }).closest('details')?.open).toBe(false)
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    const area = within(nav).getByRole('link', { name: '店舗・筐体' })
    expect(area.getAttribute('aria-current')).toBe('page')
    // An editor registers shops, one or a file of them.
    expect(screen.getByRole('link', { name: '店舗を登録' }).getAttribute('href')).toBe(
      '/admin/booths/shops/new',
    )
    expect(screen.getByRole('link', { name: 'CSVで取り込む' }).getAttribute('href')).toBe(
      '/admin/booths/shops/import',
    )
  })

  it('searches by keyword, prefecture and city through the address, and asks the server with the same', async () => {
    const calls = stubBoothsApi({
      [SHOPS]: answer({ shops: [shibuya, umeda], next: null }),
      [`${SHOPS}?q=%E3%83%97%E3%83%AA&prefecture=27&city=%E5%A4%A7%E9%98%AA%E5%B8%82%E5%8C%97%E5%8C%BA`]:
        answer({
          shops: [umeda],
          next: null,
        }),
    })
    const view = renderConsole('/admin/booths')
    await waitFor(() => expect(rows()).toHaveLength(2))
    fireEvent.change(field('キーワード'), { target: { value: ' プリ ' } })
    fireEvent.change(field<HTMLSelectElement>('都道府県'), { target: { value: '27' } })
    fireEvent.change(field('市区町村'), { target: { value: '大阪市北区' } })
    fireEvent.click(screen.getByRole('button', { name: 'この条件でさがす' }))
    await waitFor(() =>
      expect(view.address()).toBe(
        '/admin/booths?q=%E3%83%97%E3%83%AA&prefecture=27&city=%E5%A4%A7%E9%98%AA%E5%B8%82%E5%8C%97%E5%8C%BA',
      ),
    )
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]?.textContent).toContain('プリパーク梅田')
    // The form shows the search of the address; clearing it goes back to every shop.
    expect(field('キーワード').value).toBe('プリ')
    expect(field<HTMLSelectElement>('都道府県').selectedOptions[0]?.textContent).toBe('大阪府')
    fireEvent.click(screen.getByRole('link', { name: '条件をクリア' }))
    await waitFor(() => expect(view.address()).toBe('/admin/booths'))
    expect([...new Set(shopCalls(calls).map((call) => call.key))]).toEqual([
      SHOPS,
      `${SHOPS}?q=%E3%83%97%E3%83%AA&prefecture=27&city=%E5%A4%A7%E9%98%AA%E5%B8%82%E5%8C%97%E5%8C%BA`,
    ])
  })

  it('opens at the search of its address, and shows the next page from the cursor with the same search', async () => {
    const calls = stubBoothsApi({
      [`${SHOPS}?prefecture=13`]: answer({ shops: [shibuya], next: 'cursor-1' }),
      [`${SHOPS}?prefecture=13&after=cursor-1`]: answer({
        shops: [adminShop({ id: '0192f0c4-0000-7000-8000-000000000003', name: 'プリスタ新宿店' })],
        next: null,
      }),
    })
    renderConsole('/admin/booths?prefecture=13')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(field<HTMLSelectElement>('都道府県').value).toBe('13')
    const search = screen.getByRole('heading', { name: '店舗をさがす' }).closest('details')
    expect(search?.open).toBe(true)
    expect(search?.textContent).toContain('1件の条件でさがし中')
    expect(screen.getByText('1件を表示しています。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.getByText('2件を表示しています。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull()
    expect([...new Set(shopCalls(calls).map((call) => call.key))]).toEqual([
      `${SHOPS}?prefecture=13`,
      `${SHOPS}?prefecture=13&after=cursor-1`,
    ])
  })

  it('tells a search the server would refuse beside its field, asking nothing', async () => {
    const calls = stubBoothsApi({})
    renderConsole('/admin/booths?prefecture=48')
    expect(await screen.findByText('都道府県は、一覧から選んでください。')).toBeTruthy()
    expect(
      screen.getByText('検索の条件にまちがいがあります。条件を直してから、さがしてください。'),
    ).toBeTruthy()
    expect(shopCalls(calls)).toEqual([])
    fireEvent.change(field('キーワード'), { target: { value: 'あ'.repeat(51) } })
    fireEvent.click(screen.getByRole('button', { name: 'この条件でさがす' }))
    expect(
      screen.getByText('キーワードは、50文字以内で、改行などの制御文字を含めずに入力してください。'),
    ).toBeTruthy()
  })

  it('says when no shop matches', async () => {
    stubBoothsApi({ [`${SHOPS}?q=none`]: answer({ shops: [], next: null }) })
    renderConsole('/admin/booths?q=none')
    expect(await screen.findByRole('heading', { name: '該当する店舗はありません' })).toBeTruthy()
    expect(screen.getByText('条件を変えて、もう一度お試しください。')).toBeTruthy()
  })

  it.each(['VIEWER', 'SUPPORT'] as const)('offers a %s nothing to change, and says why', async (role) => {
    stubBoothsApi({ [SHOPS]: answer({ shops: [shibuya], next: null }) }, role)
    renderConsole('/admin/booths')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.queryByRole('link', { name: '店舗を登録' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'CSVで取り込む' })).toBeNull()
    expect(
      screen.getByText(/の権限では、見ることだけができます。登録と変更は、編集者か管理者が行います。/),
    ).toBeTruthy()
  })

  it('says so when the shops could not be read', async () => {
    stubBoothsApi({ [SHOPS]: refusal('INTERNAL_ERROR', 500) })
    renderConsole('/admin/booths')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('店舗を表示できませんでした。')
  })

  it('is listed on the home with the other sections', async () => {
    stubBoothsApi({})
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム', level: 1 })
    const link = within(screen.getByRole('main')).getByRole('link', { name: /^店舗・筐体/ })
    expect(link.getAttribute('href')).toBe('/admin/booths')
    expect(link.textContent).toContain('店舗はCSVファイルでまとめて取り込めます。')
  })
})
