// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminModel, answer, BOOTHS_API, refusal, stubBoothsApi } from './testing/booth-fixtures'

const MODELS = `${BOOTHS_API}/models`
const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('machine models', () => {
  it('lists the models with what they support; an editor registers and changes them', async () => {
    stubBoothsApi(
      {
        [`GET ${MODELS}`]: answer({
          models: [
            adminModel(),
            adminModel({
              id: 'plain',
              name: 'プレーン',
              supportsRawPuri: false,
              supportsIdFederation: false,
            }),
          ],
        }),
      },
      'EDITOR',
    )
    renderConsole('/admin/booths/models')
    await screen.findByRole('heading', { name: '機種', level: 1 })
    const rows = await waitFor(() => within(screen.getByRole('table')).getAllByRole('row').slice(1))
    expect(rows[0]?.textContent).toContain('らくがき前のプリ')
    expect(rows[0]?.textContent).toContain('2026-04-01発売・6枚撮り')
    expect(within(rows[1] as HTMLElement).getByText('なし')).toBeTruthy()
    expect(screen.getByRole('link', { name: '機種を登録' }).getAttribute('href')).toBe(
      '/admin/booths/models/new',
    )
    expect(screen.getByRole('link', { name: 'プレーンを変更' }).getAttribute('href')).toBe(
      '/admin/booths/models/plain/edit',
    )
    expect(screen.getByRole('link', { name: '機種' }).getAttribute('aria-current')).toBe('page')
  })

  it('offers a viewer no change', async () => {
    stubBoothsApi({ [`GET ${MODELS}`]: answer({ models: [adminModel()] }) }, 'VIEWER')
    renderConsole('/admin/booths/models')
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2))
    expect(screen.queryByRole('link', { name: '機種を登録' })).toBeNull()
    expect(screen.queryByRole('link', { name: /を変更$/ })).toBeNull()
  })

  it('tells each wrong field of a new model in Japanese, then sends it', async () => {
    const calls = stubBoothsApi({
      [`POST ${MODELS}`]: answer(adminModel()),
      [`GET ${MODELS}`]: answer({ models: [adminModel()] }),
    })
    const view = renderConsole('/admin/booths/models/new')
    await screen.findByRole('heading', { name: '機種を登録', level: 1 })
    type('機種ID', 'Milky Star')
    type('撮影枚数', '100')
    type('見本画像の枚数', '1.5')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    expect(errorOf('機種ID')).toBe(
      '機種IDは、半角の英小文字・数字・ハイフン（-）で、英小文字か数字から始めて、64文字以内で入力してください。',
    )
    expect(errorOf('機種名')).toBe('機種名を入力してください。')
    // Left empty, a field is asked for; typed wrong, its rule is told.
    expect(errorOf('シリーズID')).toBe('シリーズIDを入力してください。')
    expect(errorOf('発売日')).toBe('発売日を入力してください。')
    expect(errorOf('撮影枚数')).toBe('撮影枚数は、1から99までの整数を入力してください。')
    expect(errorOf('見本画像の枚数')).toBe('見本画像の枚数は、0から99までの整数を入力してください。')
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])

    type('機種ID', 'milky-star')
    type('機種名', 'ミルキースター')
    type('機種名のよみがな', 'ミルキースター')
    type('シリーズID', 'milky')
    type('シリーズ名', 'ミルキー')
    type('バージョン', '1.0')
    type('発売日', '2026-04-01')
    type('撮影枚数', '６')
    type('見本画像の枚数', '3')
    fireEvent.click(screen.getByLabelText('らくがき前のプリ'))
    type('説明（任意）', '明るく写る。\n落書きが多い。')
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/booths/models'))
    expect(calls.find((call) => call.key === `POST ${MODELS}`)?.body).toEqual({
      id: 'milky-star',
      name: 'ミルキースター',
      nameKana: 'ミルキースター',
      seriesId: 'milky',
      seriesName: 'ミルキー',
      version: '1.0',
      releasedOn: '2026-04-01',
      description: '明るく写る。\n落書きが多い。',
      supportsRawPuri: true,
      supportsIdFederation: false,
      shots: 6,
      sampleCount: 3,
    })
    expect(await screen.findByText('機種「ミルキースター」を登録しました。')).toBeTruthy()
  })

  it('tells an id taken beside it', async () => {
    stubBoothsApi({ [`POST ${MODELS}`]: refusal('MACHINE_MODEL_TAKEN', 409) })
    renderConsole('/admin/booths/models/new')
    await screen.findByRole('heading', { name: '機種を登録', level: 1 })
    for (const [label, value] of [
      ['機種ID', 'milky-star'],
      ['機種名', 'ミルキースター'],
      ['機種名のよみがな', 'ミルキースター'],
      ['シリーズID', 'milky'],
      ['シリーズ名', 'ミルキー'],
      ['バージョン', '1.0'],
      ['発売日', '2026-04-01'],
      ['撮影枚数', '6'],
    ] as const) {
      type(label, value)
    }
    fireEvent.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() =>
      expect(errorOf('機種ID')).toBe('この機種IDは、すでに使われています。別のIDにしてください。'),
    )
  })

  it('changes a model: only what changed, with the reason', async () => {
    const calls = stubBoothsApi({
      [`GET ${MODELS}`]: answer({ models: [adminModel()] }),
      [`PUT ${MODELS}/milky-star`]: answer(adminModel({ supportsIdFederation: false })),
    })
    const view = renderConsole('/admin/booths/models/milky-star/edit')
    await waitFor(() => expect(field('機種名').value).toBe('ミルキースター'))
    expect(screen.queryByLabelText('機種ID')).toBeNull()
    fireEvent.click(screen.getByLabelText('ID連携'))
    type('理由（任意）', 'メーカーの仕様変更')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/booths/models'))
    expect(calls.find((call) => call.key === `PUT ${MODELS}/milky-star`)?.body).toEqual({
      supportsIdFederation: false,
      reason: 'メーカーの仕様変更',
    })
  })
})
