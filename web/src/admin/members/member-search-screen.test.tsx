// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  ACCOUNT_ID,
  answer,
  MEMBERS_API,
  memberSummary,
  OTHER_ID,
  refusal,
  stubMembersApi,
} from './testing/member-fixtures'

const FIND = `GET ${MEMBERS_API}`
/** The searches asked, each once (the tests' strict mode may mount a screen twice). */
const findCalls = (calls: { key: string }[]) => [
  ...new Set(calls.filter((call) => call.key.startsWith(`${FIND}?`)).map((call) => call.key)),
]
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const search = () => fireEvent.click(screen.getByRole('button', { name: 'さがす' }))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('finding members', () => {
  it('is the first section of the console, and asks nothing until a search is made', async () => {
    const calls = stubMembersApi({})
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム', level: 1 })
    const first = within(screen.getByRole('main')).getAllByRole('link')[0]
    expect(first?.getAttribute('href')).toBe('/admin/members')
    expect(first?.textContent).toMatch(/^会員アカウントID、メールアドレス、保存したシールIDで会員をさがし/)
    fireEvent.click(first as HTMLElement)

    await screen.findByRole('heading', { name: '会員をさがす', level: 1 })
    expect(document.title).toBe('会員をさがす | PuriBox 管理')
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: '会員' }).getAttribute('aria-current')).toBe('page')
    expect(
      screen.getByText(
        'アカウントID、メールアドレス、会員が保存したシールIDのどれか1つで、会員をさがせます。',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(findCalls(calls)).toEqual([])
  })

  it('finds by account id through the address, listing each member with a link to their page', async () => {
    const calls = stubMembersApi({
      [`${FIND}?accountId=${ACCOUNT_ID}`]: answer({
        members: [memberSummary({ purigetPenalty: 'RED', snsPenalty: 'WARNING', official: true })],
        next: null,
      }),
    })
    const view = renderConsole('/admin/members')
    fireEvent.change(await screen.findByLabelText('アカウントID'), { target: { value: ` ${ACCOUNT_ID} ` } })
    search()
    await waitFor(() => expect(view.address()).toBe(`/admin/members?accountId=${ACCOUNT_ID}`))
    await waitFor(() => expect(rows()).toHaveLength(1))
    const row = rows()[0] as HTMLElement
    expect(row.textContent).toContain('hana@example.jp')
    expect(row.textContent).toContain('プレミアム会員公式アカウント')
    expect(row.textContent).toContain('プリ取得: レッド')
    expect(row.textContent).toContain('SNS: 警告')
    expect(row.textContent).toContain('2026/04/01 10:00')
    expect(within(row).getByRole('link', { name: ACCOUNT_ID }).getAttribute('href')).toBe(
      `/admin/members/${ACCOUNT_ID}`,
    )
    expect(screen.getByText('これ以上の会員はいません。')).toBeTruthy()
    // The form shows the search of the address.
    expect(field('アカウントID').value).toBe(ACCOUNT_ID)
    expect(findCalls(calls)).toEqual([`${FIND}?accountId=${ACCOUNT_ID}`])
  })

  it('finds by a mail address, every account that differs only in case, and clears back to no search', async () => {
    const calls = stubMembersApi({
      [`${FIND}?mailAddress=Hana%40example.jp`]: answer({
        members: [
          memberSummary(),
          memberSummary({ id: OTHER_ID, mailAddress: 'HANA@example.jp', membership: 'MINI' }),
        ],
        next: null,
      }),
    })
    const view = renderConsole('/admin/members')
    fireEvent.change(await screen.findByLabelText('メールアドレス'), { target: { value: 'Hana@example.jp' } })
    search()
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(view.address()).toBe('/admin/members?mailAddress=Hana%40example.jp')
    expect(rows()[1]?.textContent).toContain('無料会員')
    expect(rows()[1]?.textContent).toContain('なし')
    expect(screen.getByText('2人を表示しています。')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: '条件をクリア' }))
    await waitFor(() => expect(view.address()).toBe('/admin/members'))
    expect(field('メールアドレス').value).toBe('')
    expect(findCalls(calls)).toHaveLength(1)
  })

  it('finds the owners of a seal by its ID as people type it, a page at a time', async () => {
    const calls = stubMembersApi({
      [`${FIND}?sealId=abcde-12345`]: answer({ members: [memberSummary()], next: ACCOUNT_ID }),
      [`${FIND}?sealId=abcde-12345&after=${ACCOUNT_ID}`]: answer({
        members: [memberSummary({ id: OTHER_ID, mailAddress: 'mei@example.jp' })],
        next: null,
      }),
    })
    renderConsole('/admin/members?sealId=abcde-12345')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(field('シールID').value).toBe('abcde-12345')
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[1]?.textContent).toContain('mei@example.jp')
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull()
    expect(findCalls(calls)).toEqual([
      `${FIND}?sealId=abcde-12345`,
      `${FIND}?sealId=abcde-12345&after=${ACCOUNT_ID}`,
    ])
  })

  it('asks for one key when none is given, and sends nothing', async () => {
    const calls = stubMembersApi({})
    const view = renderConsole('/admin/members')
    fireEvent.change(await screen.findByLabelText('メールアドレス'), { target: { value: '   ' } })
    search()
    const alert = await screen.findByText(
      'アカウントID、メールアドレス、シールIDのどれか1つを入力してください。',
    )
    expect(alert.closest('[role="alert"]')).toBeTruthy()
    expect(view.address()).toBe('/admin/members')
    expect(findCalls(calls)).toEqual([])
  })

  it('refuses two keys at once, in the form and in the address, and sends nothing', async () => {
    const calls = stubMembersApi({})
    const view = renderConsole('/admin/members')
    fireEvent.change(await screen.findByLabelText('アカウントID'), { target: { value: ACCOUNT_ID } })
    fireEvent.change(field('シールID'), { target: { value: 'ABCDE-12345' } })
    search()
    expect(
      await screen.findByText('さがす条件は1つだけにしてください。使わない条件は空欄にしてください。'),
    ).toBeTruthy()
    expect(view.address()).toBe('/admin/members')
    cleanup()

    const fromAddress = stubMembersApi({})
    renderConsole(`/admin/members?accountId=${ACCOUNT_ID}&mailAddress=hana%40example.jp`)
    expect(
      await screen.findByText('さがす条件は1つだけにしてください。使わない条件は空欄にしてください。'),
    ).toBeTruthy()
    expect(
      screen.getByText('さがす条件にまちがいがあります。条件を直してから、さがしてください。'),
    ).toBeTruthy()
    expect(findCalls(calls)).toEqual([])
    expect(findCalls(fromAddress)).toEqual([])
  })

  it('tells a seal ID or an account id that cannot be read beside its field, and sends nothing', async () => {
    const calls = stubMembersApi({})
    renderConsole('/admin/members')
    fireEvent.change(await screen.findByLabelText('シールID'), { target: { value: 'ABCDE-1234' } })
    search()
    expect(
      await screen.findByText(
        'シールIDは、シールに印刷された英数字10文字（例: ABCDE-12345）で入力してください。',
      ),
    ).toBeTruthy()
    expect(document.activeElement).toBe(field('シールID'))
    // A letter the alphabet lacks (U) is no seal ID either, once read.
    fireEvent.change(field('シールID'), { target: { value: 'ABCDU-12345' } })
    search()
    expect(screen.getByText(/シールIDは、シールに印刷された英数字10文字/)).toBeTruthy()
    fireEvent.change(field('シールID'), { target: { value: '' } })
    fireEvent.change(field('アカウントID'), { target: { value: '12345' } })
    search()
    expect(
      await screen.findByText(
        'アカウントIDは、UUIDの形（例: 0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d）で入力してください。',
      ),
    ).toBeTruthy()
    expect(findCalls(calls)).toEqual([])
  })

  it('says when nobody is found, and what the server refused', async () => {
    stubMembersApi({
      [`${FIND}?mailAddress=nobody%40example.jp`]: answer({ members: [], next: null }),
      [`${FIND}?sealId=ABCDE-12345`]: refusal('SEAL_ID_MALFORMED', 400),
    })
    renderConsole('/admin/members?mailAddress=nobody%40example.jp')
    expect(await screen.findByRole('heading', { name: '該当する会員はいません' })).toBeTruthy()
    cleanup()
    renderConsole('/admin/members?sealId=ABCDE-12345')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('会員をさがせませんでした。')
    expect(alert.textContent).toContain('シールIDを読み取れませんでした。')
  })

  it('shows a viewer the mail address as hidden', async () => {
    stubMembersApi(
      {
        [`${FIND}?accountId=${ACCOUNT_ID}`]: answer({
          members: [memberSummary({ mailAddress: '***' })],
          next: null,
        }),
      },
      'VIEWER',
    )
    renderConsole(`/admin/members?accountId=${ACCOUNT_ID}`)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]?.textContent).toContain('非表示')
    expect(rows()[0]?.textContent).not.toContain('***')
  })
})
