// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminMachine, adminShop, answer, BOOTHS_API, SHOP_ID, stubBoothsApi } from './testing/booth-fixtures'

const SHOP = `${BOOTHS_API}/shops/${SHOP_ID}`
const machineRows = () =>
  within(screen.getByRole('region', { name: /この店舗の筐体/ }))
    .getAllByRole('row')
    .slice(1)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("a shop's page", () => {
  it('shows the shop and its machines a page at a time, each with its keys and last push in Japan time', async () => {
    const calls = stubBoothsApi(
      {
        [`GET ${SHOP}`]: answer(adminShop({ machineCount: 2 })),
        [`GET ${SHOP}/machines`]: answer({ machines: [adminMachine()], next: 'shibuya-1' }),
        [`GET ${SHOP}/machines?after=shibuya-1`]: answer({
          machines: [adminMachine({ id: 'shibuya-2', name: '2号機', liveKeys: 0, lastPushAt: null })],
          next: null,
        }),
      },
      'EDITOR',
    )
    renderConsole(`/admin/booths/shops/${SHOP_ID}`)
    await screen.findByRole('heading', { name: 'プリスタ渋谷店', level: 1 })
    const facts = screen.getByRole('region', { name: '店舗の情報' })
    expect(facts.textContent).toContain('東京都 渋谷区 道玄坂1-2-3 4階')
    expect(facts.textContent).toContain('35.6595, 139.6987')
    expect(facts.textContent).toContain('2026/11/01 10:00')
    await waitFor(() => expect(machineRows()).toHaveLength(1))
    expect(machineRows()[0]?.textContent).toContain('2026/11/20 11:45')
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(machineRows()).toHaveLength(2))
    expect(machineRows()[1]?.textContent).toContain('なし（送信できません）')
    expect(machineRows()[1]?.textContent).toContain('まだ送信していません')
    expect(screen.getByRole('link', { name: 'shibuya-2' }).getAttribute('href')).toBe(
      '/admin/booths/machines/shibuya-2',
    )
    expect(calls.some((call) => call.key === `GET ${SHOP}/machines?after=shibuya-1`)).toBe(true)
    // An editor changes the shop and registers machines in it.
    expect(screen.getByRole('link', { name: '店舗の情報を変更' }).getAttribute('href')).toBe(
      `/admin/booths/shops/${SHOP_ID}/edit`,
    )
    expect(screen.getByRole('link', { name: '筐体を登録' }).getAttribute('href')).toBe(
      `/admin/booths/shops/${SHOP_ID}/machines/new`,
    )
  })

  it('offers support staff nothing to change', async () => {
    stubBoothsApi(
      {
        [`GET ${SHOP}`]: answer(adminShop({ position: null, openingHours: '' })),
        [`GET ${SHOP}/machines`]: answer({ machines: [], next: null }),
      },
      'SUPPORT',
    )
    renderConsole(`/admin/booths/shops/${SHOP_ID}`)
    expect(await screen.findByText('この店舗には、まだ筐体が登録されていません。')).toBeTruthy()
    expect(screen.getByRole('region', { name: '店舗の情報' }).textContent).toContain('未設定')
    expect(screen.queryByRole('link', { name: '店舗の情報を変更' })).toBeNull()
    expect(screen.queryByRole('link', { name: '筐体を登録' })).toBeNull()
    expect(
      screen.getByText(
        'サポート担当の権限では、見ることだけができます。登録と変更は、編集者か管理者が行います。',
      ),
    ).toBeTruthy()
  })
})
