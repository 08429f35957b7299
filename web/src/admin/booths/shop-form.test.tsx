// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminShop, answer, BOOTHS_API, refusal, SHOP_ID, stubBoothsApi } from './testing/booth-fixtures'

const SHOP = `${BOOTHS_API}/shops/${SHOP_ID}`
const shop = adminShop()

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('registering a shop', () => {
  it('tells every field left wrong in Japanese, beside it and at the top, and sends nothing', async () => {
    const calls = stubBoothsApi({})
    renderConsole('/admin/booths/shops/new')
    await screen.findByRole('heading', { name: '店舗を登録', level: 1 })
    type('緯度', '35.6595')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    expect(errorOf('店舗名')).toBe('店舗名を入力してください。')
    expect(errorOf('都道府県')).toBe('都道府県を選んでください。')
    expect(errorOf('市区町村')).toBe('市区町村を入力してください。')
    expect(errorOf('住所（市区町村より後）')).toBe('住所を入力してください。')
    expect(errorOf('経度')).toBe('緯度と経度は、両方入力するか、両方とも空欄にしてください。')
    expect(errorOf('営業時間（任意）')).toBeUndefined()
    expect(
      screen.getByRole('heading', { name: '入力内容にまちがいがあります。下の項目を確認してください。' }),
    ).toBeTruthy()

    type('店舗名', 'あ'.repeat(101))
    type('経度', '東経139')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    expect(errorOf('店舗名')).toBe('店舗名は、100文字以内で入力してください。')
    expect(errorOf('経度')).toBe('経度は、半角の数値で入力してください（例: 35.6595）。')

    // Latitude and longitude the wrong way round are outside Japan.
    type('緯度', '139.6987')
    type('経度', '35.6595')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    expect(errorOf('緯度')).toBe(
      '日本国内の位置になっていません。緯度と経度を確かめてください（緯度・経度を逆に入力していませんか）。',
    )
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])
  })

  it('sends the shop with its prefecture by code (full-width digits read as numbers), then shows it', async () => {
    const calls = stubBoothsApi({
      [`POST ${BOOTHS_API}/shops`]: answer(shop),
      [`GET ${SHOP}`]: answer(shop),
      [`GET ${SHOP}/machines`]: answer({ machines: [], next: null }),
    })
    const view = renderConsole('/admin/booths/shops/new')
    await screen.findByRole('heading', { name: '店舗を登録', level: 1 })
    expect(within(field<HTMLSelectElement>('都道府県')).getAllByRole('option')).toHaveLength(48)
    type('店舗名', ' プリスタ渋谷店 ')
    fireEvent.change(field('都道府県'), { target: { value: '13' } })
    type('市区町村', '渋谷区')
    type('住所（市区町村より後）', '道玄坂1-2-3 4階')
    type('緯度', '３５.６５９５')
    type('経度', '139.6987')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() => expect(view.address()).toBe(`/admin/booths/shops/${SHOP_ID}`))
    expect(sent(calls, `POST ${BOOTHS_API}/shops`)[0]?.body).toEqual({
      name: 'プリスタ渋谷店',
      prefectureCode: 13,
      city: '渋谷区',
      address: '道玄坂1-2-3 4階',
      openingHours: '',
      position: { lat: 35.6595, lng: 139.6987 },
    })
    expect((await screen.findByRole('status')).textContent).toBe('店舗を登録しました。')
    await screen.findByRole('heading', { name: 'プリスタ渋谷店', level: 1 })
  })

  it('says in Japanese when the same shop is there already', async () => {
    stubBoothsApi({ [`POST ${BOOTHS_API}/shops`]: refusal('SHOP_TAKEN', 409) })
    renderConsole('/admin/booths/shops/new')
    await screen.findByRole('heading', { name: '店舗を登録', level: 1 })
    type('店舗名', 'プリスタ渋谷店')
    fireEvent.change(field('都道府県'), { target: { value: '13' } })
    type('市区町村', '渋谷区')
    type('住所（市区町村より後）', '道玄坂1-2-3 4階')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      '同じ店舗名・都道府県・市区町村・住所の店舗が、すでに登録されています。',
    )
  })

  it('tells the server’s FORBIDDEN in Japanese (a role changed since the screen was drawn)', async () => {
    stubBoothsApi({ [`POST ${BOOTHS_API}/shops`]: refusal('FORBIDDEN', 403) })
    renderConsole('/admin/booths/shops/new')
    await screen.findByRole('heading', { name: '店舗を登録', level: 1 })
    type('店舗名', 'プリスタ渋谷店')
    fireEvent.change(field('都道府県'), { target: { value: '13' } })
    type('市区町村', '渋谷区')
    type('住所（市区町村より後）', '道玄坂1-2-3 4階')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この操作をする権限がありません。権限が変わった可能性があります。ページを再読み込みして、表示を確かめてください。',
    )
  })

  it('offers no form to a viewer who followed a link to it', async () => {
    stubBoothsApi({}, 'VIEWER')
    renderConsole('/admin/booths/shops/new')
    expect(
      await screen.findByText(
        'この画面は、編集者か管理者だけが使えます。いまの権限では、登録や変更はできません。',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: '登録する' })).toBeNull()
  })
})

describe('changing a shop', () => {
  it('starts from the shop, sends only what changed with the reason, and says it was saved', async () => {
    const calls = stubBoothsApi({
      [`GET ${SHOP}`]: answer(shop),
      [`PUT ${SHOP}`]: answer({ ...shop, openingHours: '10:00〜24:00', position: null }),
      [`GET ${SHOP}/machines`]: answer({ machines: [], next: null }),
    })
    const view = renderConsole(`/admin/booths/shops/${SHOP_ID}/edit`)
    await screen.findByRole('heading', { name: '店舗の情報を変更', level: 1 })
    await waitFor(() => expect(field('店舗名').value).toBe('プリスタ渋谷店'))
    expect(field<HTMLSelectElement>('都道府県').selectedOptions[0]?.textContent).toBe('東京都')
    expect(field('緯度').value).toBe('35.6595')

    // Nothing changed: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      '変更された項目がないため、保存しませんでした。',
    )

    type('営業時間（任意）', '10:00〜24:00')
    type('緯度', '')
    type('経度', '')
    type('理由（任意）', ' 閉店時間が変わった ')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    await waitFor(() => expect(view.address()).toBe(`/admin/booths/shops/${SHOP_ID}`))
    expect(sent(calls, `PUT ${SHOP}`).map((call) => call.body)).toEqual([
      { openingHours: '10:00〜24:00', position: null, reason: '閉店時間が変わった' },
    ])
    expect((await screen.findByRole('status')).textContent).toBe('変更を保存しました。')
  })

  it('tells a reason too long beside it', async () => {
    stubBoothsApi({ [`GET ${SHOP}`]: answer(shop) })
    renderConsole(`/admin/booths/shops/${SHOP_ID}/edit`)
    await waitFor(() => expect(field('店舗名').value).toBe('プリスタ渋谷店'))
    type('理由（任意）', 'あ'.repeat(501))
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect(errorOf('理由（任意）')).toBe('理由は、500文字以内で入力してください。')
  })

  it('says so when the shop is not there', async () => {
    stubBoothsApi({ [`GET ${SHOP}`]: refusal('SHOP_NOT_FOUND', 404) })
    renderConsole(`/admin/booths/shops/${SHOP_ID}/edit`)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('この店舗は見つかりませんでした。')
  })
})
