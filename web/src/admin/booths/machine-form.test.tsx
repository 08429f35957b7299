// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminMachine,
  adminModel,
  adminShop,
  answer,
  BOOTHS_API,
  machineDetail,
  refusal,
  SHOP_ID,
  stubBoothsApi,
} from './testing/booth-fixtures'

const SHOP = `${BOOTHS_API}/shops/${SHOP_ID}`
const MACHINE = `${BOOTHS_API}/machines/shibuya-1`
const models = answer({ models: [adminModel(), adminModel({ id: 'hana-yome', name: '花よめフォト' })] })

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('registering a machine in a shop', () => {
  it('tells a wrong id and a missing model in Japanese, then sends the machine and shows it', async () => {
    const calls = stubBoothsApi({
      [`GET ${SHOP}`]: answer(adminShop()),
      [`GET ${BOOTHS_API}/models`]: models,
      [`POST ${SHOP}/machines`]: answer(adminMachine({ liveKeys: 0, lastPushAt: null })),
      [`GET ${MACHINE}`]: answer(machineDetail({ keys: [] })),
    })
    const view = renderConsole(`/admin/booths/shops/${SHOP_ID}/machines/new`)
    expect(await screen.findByText('「プリスタ渋谷店」に置かれている筐体を登録します。')).toBeTruthy()
    await screen.findByLabelText('機種')
    expect(
      within(field<HTMLSelectElement>('機種'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['選んでください', 'ミルキースター（milky-star）', '花よめフォト（hana-yome）'])
    type('筐体ID', 'Shibuya 1')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    expect(errorOf('筐体ID')).toBe(
      '筐体IDは、半角の英小文字・数字・ハイフン（-）で、英小文字か数字から始めて、64文字以内で入力してください。',
    )
    expect(errorOf('機種')).toBe('機種を選んでください。')

    type('筐体ID', 'shibuya-1')
    fireEvent.change(field('機種'), { target: { value: 'milky-star' } })
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/booths/machines/shibuya-1'))
    // The name and version left empty are the model's (the server fills them in).
    expect(calls.find((call) => call.key === `POST ${SHOP}/machines`)?.body).toEqual({
      id: 'shibuya-1',
      modelId: 'milky-star',
    })
    expect(
      await screen.findByText(
        '筐体を登録しました。プリを送信できるようにするには、管理者がキーを発行します。',
      ),
    ).toBeTruthy()
  })

  it('tells an id already taken beside the id', async () => {
    stubBoothsApi({
      [`GET ${SHOP}`]: answer(adminShop()),
      [`GET ${BOOTHS_API}/models`]: models,
      [`POST ${SHOP}/machines`]: refusal('BOOTH_MACHINE_TAKEN', 409),
    })
    renderConsole(`/admin/booths/shops/${SHOP_ID}/machines/new`)
    await screen.findByLabelText('機種')
    type('筐体ID', 'shibuya-1')
    fireEvent.change(field('機種'), { target: { value: 'milky-star' } })
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() =>
      expect(errorOf('筐体ID')).toBe('この筐体IDは、すでに使われています。別のIDにしてください。'),
    )
  })
})

describe('changing a machine', () => {
  it('sends only what changed, with the reason', async () => {
    const calls = stubBoothsApi({
      [`GET ${MACHINE}`]: answer(machineDetail()),
      [`GET ${SHOP}`]: answer(adminShop()),
      [`GET ${BOOTHS_API}/models`]: models,
      [`PUT ${MACHINE}`]: answer(adminMachine({ name: '1号機' })),
    })
    const view = renderConsole('/admin/booths/machines/shibuya-1/edit')
    await screen.findByRole('heading', { name: '筐体の情報を変更', level: 1 })
    await waitFor(() => expect(field('名前').value).toBe('ミルキースター'))
    expect(field<HTMLSelectElement>('機種').value).toBe('milky-star')
    type('名前', '')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect(errorOf('名前')).toBe('名前を入力してください。')
    type('名前', '1号機')
    type('理由（任意）', '店内の呼び方に合わせた')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/booths/machines/shibuya-1'))
    expect(calls.find((call) => call.key === `PUT ${MACHINE}`)?.body).toEqual({
      name: '1号機',
      reason: '店内の呼び方に合わせた',
    })
  })
})
