// @vitest-environment jsdom
import type { AuditEntryView } from '@puribox/contract/admin-audit'
import type { ConsoleRole } from '@puribox/contract/routes'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ApiHandler, mockApi } from '../../testing/mock-api'
import { wrapperResponse } from '../../testing/render'
import { renderConsole, signedInOperator } from '../testing/render-console'

const SESSION = 'GET /admin/api/session'
const AUDIT = 'GET /admin/api/audit'
const OPERATOR_ID = '0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d'

function entry(overrides: Partial<AuditEntryView> & Pick<AuditEntryView, 'id' | 'action'>): AuditEntryView {
  return {
    at: '2026-11-20T03:00:05.000Z',
    actor: {
      kind: 'operator',
      operatorId: OPERATOR_ID,
      operatorMailAddress: 'aoi@puribox.example',
      job: null,
    },
    target: { kind: 'shop', id: 'shop-1' },
    reason: null,
    before: null,
    after: null,
    clientIp: '203.0.113.7',
    ...overrides,
  }
}

const shopChanged = entry({
  id: 30,
  action: 'booth.shop-changed',
  reason: '住所の誤りを直した',
  before: { openingHours: '10:00-22:00', address: '***', closed: false },
  after: { openingHours: '10:00-23:00', address: '***', closed: true },
  clientIp: '***',
})
const strangerFailed = entry({
  id: 29,
  at: '2026-11-19T15:30:00.000Z',
  action: 'operator.sign-in-failed',
  actor: { kind: 'anonymous', operatorId: null, operatorMailAddress: null, job: null },
  target: { kind: 'operator-mail', id: '***' },
  after: { failure: 'unknown-mail' },
  clientIp: '***',
})
const expired = entry({
  id: 28,
  at: '2026-11-19T14:59:59.000Z',
  action: 'audit.expired-removed',
  actor: { kind: 'system', operatorId: null, operatorMailAddress: null, job: 'audit log retention' },
  target: { kind: 'audit-log', id: 'audit-log' },
  after: { removed: 12, before: '2024-11-19T15:00:00.000Z' },
  clientIp: null,
})
const unknownAction = entry({
  id: 27,
  at: '2026-11-18T01:00:00.000Z',
  action: 'later.something-done',
  target: { kind: 'something', id: 's-1' },
  before: null,
  after: { title: 'お知らせ' },
})

const page =
  (entries: AuditEntryView[], next: string | null = null) =>
  () =>
    wrapperResponse({ entity: { entries, next } })

function stubApi(handlers: Record<string, ApiHandler>, role: ConsoleRole = 'ADMIN') {
  return mockApi({ [SESSION]: () => wrapperResponse({ entity: signedInOperator(role) }), ...handlers })
}

const auditCalls = (calls: { key: string }[]) => calls.filter((call) => call.key.startsWith(AUDIT))
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the audit log screen', () => {
  it('lists the entries newest first: Japan time, who, the action by its name (its code when it has none), the target, the reason and the change', async () => {
    stubApi({ [AUDIT]: page([shopChanged, strangerFailed, expired, unknownAction]) }, 'VIEWER')
    renderConsole('/admin/audit')
    await screen.findByRole('heading', { name: '監査ログ', level: 1 })
    await screen.findByRole('table')
    expect(document.title).toBe('監査ログ | PuriBox 管理')
    const [changed, failed, removed, unknown] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell')

    const [at, who, action, target, reason, change] = cells(changed)
    expect(at?.textContent).toBe('2026/11/20 12:00:05')
    expect(at?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T03:00:05.000Z')
    expect(who?.textContent).toContain('aoi@puribox.example')
    expect(action?.textContent).toBe('店舗を変更booth.shop-changed')
    expect(target?.textContent).toContain('店舗')
    expect(target?.textContent).toContain('shop-1')
    expect(reason?.textContent).toBe('住所の誤りを直した')
    expect(
      within(change as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'openingHours 変更前10:00-22:00→変更後10:00-23:00',
      'address 変更前非表示→変更後非表示',
      'closed 変更前いいえ→変更後はい',
    ])

    // A stranger's failed sign-in, 00:30 of the next day in Japan.
    expect(cells(failed)[0]?.textContent).toBe('2026/11/20 00:30:00')
    expect(cells(failed)[1]?.textContent).toBe('ログインしていない人接続元 非表示')
    expect(cells(failed)[2]?.textContent).toBe('管理画面へのログインに失敗operator.sign-in-failed')
    expect(cells(failed)[3]?.textContent).toBe('ログインに使われたメールアドレス非表示')
    expect(cells(failed)[4]?.textContent).toBe('なし')
    expect(cells(failed)[5]?.textContent).toBe('failure unknown-mail')

    expect(cells(removed)[0]?.textContent).toBe('2026/11/19 23:59:59')
    expect(cells(removed)[1]?.textContent).toBe('自動処理 audit log retention')
    expect(cells(removed)[2]?.textContent).toBe('保存期間の過ぎた監査ログを削除audit.expired-removed')

    // An action newer than the console's names: its code, nothing made up.
    expect(cells(unknown)[2]?.textContent).toBe('later.something-done')
    expect(cells(unknown)[3]?.textContent).toBe('somethings-1この対象の記録だけ表示')

    // Masked values look masked, and the viewer is told why.
    expect(screen.getByText('閲覧者の権限では、個人情報は「非表示」と表示されます。')).toBeTruthy()
    expect(document.querySelectorAll('.audit-masked').length).toBe(5)
    expect(document.body.textContent).not.toContain('***')
    // No narrowing to a target whose id is hidden.
    expect(within(failed as HTMLElement).queryByRole('link', { name: 'この対象の記録だけ表示' })).toBeNull()
  })

  it('writes the filters into the address, asks the server with them, and reads them back from the address', async () => {
    const calls = stubApi({
      [AUDIT]: page([shopChanged, unknownAction]),
      [`${AUDIT}?targetKind=shop&targetId=shop-1&action=booth.shop-changed&from=2026-11-01&to=2026-11-20`]:
        page([shopChanged]),
    })
    const view = renderConsole('/admin/audit')
    await screen.findByRole('table')
    // Folded while no filter is in force (on a phone: this test's window knows no media queries).
    const filters = screen.getByText('絞り込み').closest('details') as HTMLDetailsElement
    expect(filters.open).toBe(false)
    fireEvent.click(screen.getByText('絞り込み'))
    await waitFor(() => expect(filters.open).toBe(true))
    fireEvent.change(field<HTMLSelectElement>('対象の種類'), { target: { value: 'shop' } })
    fireEvent.change(field('対象ID'), { target: { value: ' shop-1 ' } })
    fireEvent.change(field<HTMLSelectElement>('操作'), { target: { value: 'booth.shop-changed' } })
    fireEvent.change(field('開始日'), { target: { value: '2026-11-01' } })
    fireEvent.change(field('終了日'), { target: { value: '2026-11-20' } })
    fireEvent.click(screen.getByRole('button', { name: 'この条件で表示' }))
    await waitFor(() =>
      expect(view.address()).toBe(
        '/admin/audit?targetKind=shop&targetId=shop-1&action=booth.shop-changed&from=2026-11-01&to=2026-11-20',
      ),
    )
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByText('5件の条件で絞り込み中')).toBeTruthy()
    expect(auditCalls(calls).at(-1)?.key).toBe(
      `${AUDIT}?targetKind=shop&targetId=shop-1&action=booth.shop-changed&from=2026-11-01&to=2026-11-20`,
    )
    expect(screen.getByRole('link', { name: '条件をクリア' }).getAttribute('href')).toBe('/admin/audit')

    // Back: the address without filters draws the form empty and the whole list again.
    view.location.navigate('/admin/audit')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(field<HTMLSelectElement>('操作').value).toBe('')
    expect(field('対象ID').value).toBe('')

    // Forward (or a link someone sent): the form shows the address's filters.
    view.location.navigate(
      '/admin/audit?targetKind=shop&targetId=shop-1&action=booth.shop-changed&from=2026-11-01&to=2026-11-20',
    )
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(field<HTMLSelectElement>('操作').value).toBe('booth.shop-changed')
    expect(field<HTMLSelectElement>('対象の種類').value).toBe('shop')
    expect(field('対象ID').value).toBe('shop-1')
    expect(field('開始日').value).toBe('2026-11-01')
    expect(field('終了日').value).toBe('2026-11-20')
  })

  it("narrows to an entry's operator or target from the list, keeping the other filters", async () => {
    stubApi({
      [`${AUDIT}?action=booth.shop-changed`]: page([shopChanged]),
      [`${AUDIT}?operatorId=${OPERATOR_ID}&action=booth.shop-changed`]: page([shopChanged]),
    })
    const view = renderConsole('/admin/audit?action=booth.shop-changed')
    await screen.findByRole('table')
    expect(screen.getByRole('link', { name: 'この対象の記録だけ表示' }).getAttribute('href')).toBe(
      '/admin/audit?targetKind=shop&targetId=shop-1&action=booth.shop-changed',
    )
    fireEvent.click(screen.getByRole('link', { name: 'この人の操作だけ表示' }))
    await waitFor(() =>
      expect(view.address()).toBe(`/admin/audit?operatorId=${OPERATOR_ID}&action=booth.shop-changed`),
    )
    expect((await screen.findByLabelText<HTMLInputElement>('運営スタッフID')).value).toBe(OPERATOR_ID)
    // Already narrowed to that operator: no link to do it again.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'この人の操作だけ表示' })).toBeNull())
  })

  it('shows the next page from the cursor the server gave, under the first, until there is none', async () => {
    const cursor = '2026-11-19T14:59:59.000Z_28'
    const calls = stubApi({
      [`${AUDIT}?action=booth.shop-changed`]: page([shopChanged, strangerFailed], cursor),
      [`${AUDIT}?action=booth.shop-changed&after=${encodeURIComponent(cursor)}`]: page([expired]),
    })
    renderConsole('/admin/audit?action=booth.shop-changed')
    await screen.findByRole('table')
    expect(rows()).toHaveLength(2)
    expect(screen.getByRole('status').textContent).toBe('2件を表示しています。')
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(rows()[2]?.textContent).toContain('audit.expired-removed')
    expect(screen.getByRole('status').textContent).toBe('3件を表示しています。')
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull()
    expect(screen.getByText('これ以上の記録はありません。')).toBeTruthy()
    // (A test renders in StrictMode, whose second mount may ask the first page again.)
    expect([...new Set(auditCalls(calls).map((call) => call.key))]).toEqual([
      `${AUDIT}?action=booth.shop-changed`,
      `${AUDIT}?action=booth.shop-changed&after=2026-11-19T14%3A59%3A59.000Z_28`,
    ])
  })

  it('says when nothing matches, and how to find more', async () => {
    stubApi({ [`${AUDIT}?action=operator.reset`]: page([]), [AUDIT]: page([]) })
    const view = renderConsole('/admin/audit?action=operator.reset')
    expect(await screen.findByRole('heading', { name: '該当する記録はありません' })).toBeTruthy()
    expect(screen.getByText('条件を変えて、もう一度お試しください。')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    view.location.navigate('/admin/audit')
    expect(await screen.findByText('記録はまだありません。')).toBeTruthy()
  })

  it('tells a filter the server would refuse beside its field, in Japanese, and asks nothing', async () => {
    const calls = stubApi({ [`${AUDIT}?from=2026-11-01`]: page([]) })
    renderConsole('/admin/audit?operatorId=aoi&from=2026-02-30')
    await screen.findByRole('heading', { name: '監査ログ', level: 1 })
    const operatorField = field('運営スタッフID')
    expect(operatorField.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(`${operatorField.id}-error`)?.textContent).toBe(
      '運営スタッフIDは、UUIDの形（例: 0192f0c4-7d1e-7a3b-9c2d-4e5f6a7b8c9d）で入力してください。',
    )
    const fromField = field('開始日')
    expect(document.getElementById(`${fromField.id}-error`)?.textContent).toBe(
      '開始日は、実在する日付で入力してください。',
    )
    expect(
      screen.getByText('絞り込みの条件にまちがいがあります。条件を直してから表示してください。'),
    ).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(auditCalls(calls)).toEqual([])

    // Days the wrong way round, typed into the form: the end day is the one to move.
    fireEvent.change(field('運営スタッフID'), { target: { value: '' } })
    fireEvent.change(field('開始日'), { target: { value: '2026-11-20' } })
    fireEvent.change(field('終了日'), { target: { value: '2026-11-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'この条件で表示' }))
    const toField = field('終了日')
    await waitFor(() =>
      expect(document.getElementById(`${toField.id}-error`)?.textContent).toBe(
        '終了日は、開始日と同じ日か、それより後の日付にしてください。',
      ),
    )
    expect(auditCalls(calls)).toEqual([])
  })

  it('says so in Japanese when the server refuses the filters all the same', async () => {
    stubApi({
      [`${AUDIT}?targetKind=shop`]: () =>
        wrapperResponse({ error: { code: 'VALIDATION_FAILED', message: 'invalid querystring' } }, 400),
    })
    renderConsole('/admin/audit?targetKind=shop')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この条件では表示できませんでした。条件を確かめて、もう一度お試しください。',
    )
  })

  it('goes to sign-in when the session has ended, and comes back to the same filters', async () => {
    let signedIn = true
    mockApi({
      [SESSION]: () =>
        signedIn
          ? wrapperResponse({ entity: signedInOperator() })
          : wrapperResponse({ error: { code: 'OPERATOR_UNAUTHENTICATED', message: 'x' } }, 401),
      [`${AUDIT}?action=operator.created`]: () => {
        signedIn = false
        return wrapperResponse({ error: { code: 'OPERATOR_UNAUTHENTICATED', message: 'x' } }, 401)
      },
    })
    const view = renderConsole('/admin/audit?action=operator.created')
    await screen.findByRole('heading', { name: 'ログイン' })
    expect(view.address()).toBe(
      '/admin/login?next=%2Fadmin%2Faudit%3Faction%3Doperator.created&reason=sessionEnded',
    )
  })
})
