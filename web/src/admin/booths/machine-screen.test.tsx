// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminMachine,
  adminShop,
  answer,
  BOOTHS_API,
  machineDetail,
  refusal,
  SHOP_ID,
  stubBoothsApi,
} from './testing/booth-fixtures'

const MACHINE = `${BOOTHS_API}/machines/shibuya-1`
const KEY = 'pbmk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde'
const ISSUED = { id: 'fedcba9876543210', createdAt: '2026-11-20T03:00:00.000Z', revokedAt: null }

/** The machine's page's requests: the machine (as `detail` answers it now) and its shop. */
function machineApi(detail: () => unknown, more: Record<string, () => Response> = {}) {
  return {
    [`GET ${MACHINE}`]: () => answer(detail())(),
    [`GET ${BOOTHS_API}/shops/${SHOP_ID}`]: answer(adminShop()),
    ...more,
  }
}

const keyRows = () =>
  within(screen.getByRole('region', { name: 'キー' }))
    .getAllByRole('row')
    .slice(1)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("a machine's page", () => {
  it('shows the machine, its last push in Japan time, its keys by id, and the way back to its shop', async () => {
    stubBoothsApi(
      machineApi(() => machineDetail()),
      'VIEWER',
    )
    renderConsole('/admin/booths/machines/shibuya-1')
    await screen.findByRole('heading', { name: '筐体「ミルキースター」', level: 1 })
    const facts = screen.getByRole('region', { name: '筐体の情報' })
    expect(facts.textContent).toContain('最後に送信した日時2026/11/20 11:45')
    expect(facts.textContent).toContain('有効なキー1個')
    expect(keyRows().map((row) => row.textContent)).toEqual(['0123456789abcdef2026/11/02 10:05有効'])
    expect(await screen.findByRole('link', { name: 'プリスタ渋谷店' })).toBeTruthy()
    // A viewer changes nothing and handles no key.
    expect(screen.queryByRole('link', { name: '筐体の情報を変更' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'キーを発行' })).toBeNull()
    expect(screen.queryByRole('button', { name: /無効にする/ })).toBeNull()
    expect(screen.getByText('キーの発行と無効化は、管理者だけができます。')).toBeTruthy()
  })

  it('says when the machine never pushed and has no key to push with', async () => {
    stubBoothsApi(
      machineApi(() => machineDetail({ machine: adminMachine({ liveKeys: 0, lastPushAt: null }), keys: [] })),
    )
    renderConsole('/admin/booths/machines/shibuya-1')
    const facts = await screen.findByRole('region', { name: '筐体の情報' })
    expect(facts.textContent).toContain('まだ送信していません')
    expect(facts.textContent).toContain('なし（送信できません）')
    expect(
      screen.getByText('キーはまだ発行されていません。キーを発行するまで、この筐体はプリを送信できません。'),
    ).toBeTruthy()
  })

  it('offers an editor to change the machine but no key action', async () => {
    stubBoothsApi(
      machineApi(() => machineDetail()),
      'EDITOR',
    )
    renderConsole('/admin/booths/machines/shibuya-1')
    const change = await screen.findByRole('link', { name: '筐体の情報を変更' })
    expect(change.getAttribute('href')).toBe('/admin/booths/machines/shibuya-1/edit')
    expect(screen.queryByRole('button', { name: 'キーを発行' })).toBeNull()
    expect(screen.queryByRole('button', { name: /無効にする/ })).toBeNull()
    expect(screen.getByText('キーの発行と無効化は、管理者だけができます。')).toBeTruthy()
  })
})

describe('issuing a key (admin)', () => {
  it('shows the key once with a copy button and a warning; closing asks whether it was copied, and then it is gone', async () => {
    let keys = machineDetail().keys
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    stubBoothsApi(
      machineApi(() => machineDetail({ keys }), {
        [`POST ${MACHINE}/keys`]: () => {
          keys = [ISSUED, ...keys]
          return answer({ ...ISSUED, key: KEY })()
        },
      }),
    )
    const view = renderConsole('/admin/booths/machines/shibuya-1')
    fireEvent.click(await screen.findByRole('button', { name: 'キーを発行' }))

    const dialog = await screen.findByRole('dialog', { name: 'キーを発行しました' })
    expect(within(dialog).getByText(KEY)).toBeTruthy()
    expect(dialog.textContent).toContain('このキーは、いま一度だけ表示します。閉じると、二度と表示できません')
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'キーをコピー' })),
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'キーをコピー' }))
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('コピーしました。'))
    expect(writeText).toHaveBeenCalledWith(KEY)
    // The new key is listed by its id, never by the key.
    await waitFor(() => expect(keyRows()).toHaveLength(2))
    expect(keyRows()[0]?.textContent).toContain('fedcba9876543210')

    // Closing asks first; going back shows the key again.
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }))
    const confirm = screen.getByRole('dialog', { name: 'キーをコピーしましたか？' })
    expect(within(confirm).queryByText(KEY)).toBeNull()
    fireEvent.click(within(confirm).getByRole('button', { name: 'キーの表示に戻る' }))
    expect(within(screen.getByRole('dialog')).getByText(KEY)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }))
    fireEvent.click(screen.getByRole('button', { name: 'コピーしたので閉じる' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.body.textContent).not.toContain(KEY)
    // Nor does any cache of the console keep it.
    const cached = () =>
      JSON.stringify([
        view.queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
        view.queryClient
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state.data),
      ])
    await waitFor(() => expect(cached()).not.toContain(KEY))
  })

  it('asks before closing on Escape too, and says when the clipboard refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    })
    stubBoothsApi(
      machineApi(() => machineDetail(), { [`POST ${MACHINE}/keys`]: answer({ ...ISSUED, key: KEY }) }),
    )
    renderConsole('/admin/booths/machines/shibuya-1')
    fireEvent.click(await screen.findByRole('button', { name: 'キーを発行' }))
    const dialog = await screen.findByRole('dialog', { name: 'キーを発行しました' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'キーをコピー' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        '自動でコピーできませんでした。キーを選択したので、手動でコピーしてください。',
      ),
    )
    expect(window.getSelection()?.toString()).toBe(KEY)
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    expect(screen.getByRole('dialog', { name: 'キーをコピーしましたか？' })).toBeTruthy()
  })

  it('tells the server’s FORBIDDEN in Japanese', async () => {
    stubBoothsApi(machineApi(() => machineDetail(), { [`POST ${MACHINE}/keys`]: refusal('FORBIDDEN', 403) }))
    renderConsole('/admin/booths/machines/shibuya-1')
    fireEvent.click(await screen.findByRole('button', { name: 'キーを発行' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この操作をする権限がありません。権限が変わった可能性があります。ページを再読み込みして、表示を確かめてください。',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('revoking a key (admin)', () => {
  it('confirms the key by its id, sends the reason, and shows the key revoked', async () => {
    let keys = machineDetail().keys
    const calls = stubBoothsApi(
      machineApi(() => machineDetail({ keys }), {
        [`POST ${MACHINE}/keys/0123456789abcdef/revoke`]: () => {
          keys = [{ ...keys[0]!, revokedAt: '2026-11-20T03:00:00.000Z' }]
          return answer(keys[0])()
        },
      }),
    )
    renderConsole('/admin/booths/machines/shibuya-1')
    fireEvent.click(await screen.findByRole('button', { name: 'キー 0123456789abcdef を無効にする' }))
    const dialog = screen.getByRole('dialog', { name: 'キーを無効にしますか？' })
    expect(dialog.textContent).toContain('キー 0123456789abcdef を無効にします。')

    // Changing one's mind sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'やめる' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'キー 0123456789abcdef を無効にする' }))
    fireEvent.change(screen.getByLabelText('理由（任意）'), { target: { value: '筐体の入れ替え' } })
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '無効にする' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      screen.getByText(
        'キー 0123456789abcdef を無効にしました。このキーでの送信は、すぐに受け付けられなくなります。',
      ),
    ).toBeTruthy()
    await waitFor(() => expect(keyRows()[0]?.textContent).toContain('無効（2026/11/20 12:00）'))
    expect(screen.queryByRole('button', { name: 'キー 0123456789abcdef を無効にする' })).toBeNull()
    expect(calls.find((call) => call.key.endsWith('/revoke'))?.body).toEqual({ reason: '筐体の入れ替え' })
  })

  it('sends no reason when none is given, and tells a refusal in the dialog', async () => {
    const calls = stubBoothsApi(
      machineApi(() => machineDetail(), {
        [`POST ${MACHINE}/keys/0123456789abcdef/revoke`]: refusal('MACHINE_KEY_NOT_FOUND', 404),
      }),
    )
    renderConsole('/admin/booths/machines/shibuya-1')
    fireEvent.click(await screen.findByRole('button', { name: 'キー 0123456789abcdef を無効にする' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '無効にする' }))
    const alert = await within(screen.getByRole('dialog')).findByRole('alert')
    expect(alert.textContent).toBe(
      'このキーは見つかりませんでした。ページを再読み込みして、キーの一覧を確かめてください。',
    )
    expect(calls.find((call) => call.key.endsWith('/revoke'))?.body).toEqual({})
  })
})
