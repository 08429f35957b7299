// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'
import { adminFlow, adminFlows, FLOWS_API } from './testing/flow-fixtures'

const ITEM = `${FLOWS_API}/PURI_GRID`
const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const posts = (calls: { key: string; body: unknown }[]) => calls.filter((call) => !call.key.startsWith('GET'))
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('the trial offer screens (optimised flows)', () => {
  it('lists every flow with what it is set to and for whom, the judge first', async () => {
    stubContentApi({
      [`GET ${FLOWS_API}`]: answer(
        adminFlows({
          PURI_GRID: { caseName: 'NORMAL', updatedAt: '2026-11-20T01:30:00.000Z' },
          MY_PAGE: { rolloutPercent: 30 },
          PURIGET_LP: { rolloutPercent: 0 },
        }),
      ),
    })
    renderConsole('/admin/flows')
    await screen.findByRole('heading', { name: '無料体験の案内', level: 1 })
    await waitFor(() => expect(rows()).toHaveLength(4))
    expect(rows().map((row) => row.textContent)).toEqual([
      '無料体験の受付（すべての画面）/web/payment受け付けるすべての会員変更なし（初期設定）',
      'プリのプレビュー/web/preview案内しない—2026/11/20 10:30',
      'マイページ/sp/2/mypage/#/puri/new案内する会員の30%変更なし（初期設定）',
      'プリを見る/sp/puri/get案内する一時停止中（0%）変更なし（初期設定）',
    ])
    expect(screen.getByRole('link', { name: 'マイページ' }).getAttribute('href')).toBe('/admin/flows/MY_PAGE')
    expect(screen.getByText(/auの回線で見ている無料会員のうち/)).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: '無料体験の案内' }).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it("shows a screen's flow, and that the judge turned the trial off everywhere", async () => {
    stubContentApi(
      {
        [`GET ${ITEM}`]: answer(adminFlow()),
        [`GET ${FLOWS_API}`]: answer(adminFlows({ TRIAL_JUDGE: { caseName: 'NORMAL' } })),
      },
      'VIEWER',
    )
    renderConsole('/admin/flows/PURI_GRID')
    await screen.findByRole('heading', { name: 'プリのプレビュー', level: 1 })
    expect(
      await screen.findByText(
        '「無料体験の受付」が「受け付けない」のため、この画面でも案内は表示されません。',
      ),
    ).toBeTruthy()
    expect(
      screen.getByText('シールのプリを一覧で表示する画面で、無料体験を案内するかどうかを決めます。'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'この設定の監査ログを見る' }).getAttribute('href')).toBe(
      '/admin/audit?targetKind=flow&targetId=PURI_GRID',
    )
    // A viewer reads only.
    expect(screen.queryByRole('link', { name: '設定を変更する' })).toBeNull()
    expect(
      screen.getByText(/の権限では、見ることだけができます。設定の変更は、編集者か管理者が行います。/),
    ).toBeTruthy()
  })

  it('sets a share of members with the reason, telling a share that is none in Japanese first', async () => {
    const calls = stubContentApi({
      [`GET ${ITEM}`]: answer(adminFlow()),
      [`GET ${FLOWS_API}`]: answer(adminFlows()),
      [`PUT ${ITEM}`]: answer(adminFlow({ rolloutPercent: 50, updatedAt: '2026-11-20T03:00:00.000Z' })),
    })
    const view = renderConsole('/admin/flows/PURI_GRID/edit')
    await screen.findByRole('heading', { name: 'プリのプレビューの設定を変更', level: 1 })
    await waitFor(() => expect(field<HTMLSelectElement>('設定').value).toBe('TRIAL'))
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect(await screen.findByText('変更された項目がないため、保存しませんでした。')).toBeTruthy()
    for (const wrong of ['', '101', '2.5', '半分']) {
      type('対象の割合（%）', wrong)
      fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
      expect(errorOf('対象の割合（%）')).toBe('対象の割合は、0から100までの整数で入力してください。')
    }
    type('対象の割合（%）', '５０')
    type('理由（任意）', '半分の会員で効果を見るため')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/flows/PURI_GRID'))
    expect(posts(calls)).toEqual([
      {
        key: `PUT ${ITEM}`,
        body: { caseName: 'TRIAL', rolloutPercent: 50, reason: '半分の会員で効果を見るため' },
      },
    ])
    expect(
      await screen.findByText('設定を保存しました。会員が次に画面を開いたときから反映されます。'),
    ).toBeTruthy()
  })

  it('stops the offer for every member, keeping the choice through a reload', async () => {
    stubContentApi({ [`GET ${ITEM}`]: answer(adminFlow({ rolloutPercent: 30 })) })
    renderConsole('/admin/flows/PURI_GRID/edit')
    await waitFor(() => expect(field<HTMLSelectElement>('設定').value).toBe('TRIAL'))
    fireEvent.change(field('設定'), { target: { value: 'NORMAL' } })
    expect(field('対象の割合（%）').disabled).toBe(true)
    cleanup()

    const calls = stubContentApi({
      [`GET ${ITEM}`]: answer(adminFlow({ rolloutPercent: 30 })),
      [`GET ${FLOWS_API}`]: answer(adminFlows()),
      [`PUT ${ITEM}`]: refusal('FORBIDDEN', 403),
    })
    renderConsole('/admin/flows/PURI_GRID/edit')
    expect(
      await screen.findByText('前回の入力途中の内容を表示しています。保存するまで、このタブに残ります。'),
    ).toBeTruthy()
    expect(field<HTMLSelectElement>('設定').value).toBe('NORMAL')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect((await screen.findByRole('alert')).textContent).toContain('この操作をする権限がありません。')
    expect(posts(calls).map((call) => call.body)).toEqual([{ caseName: 'NORMAL', rolloutPercent: 100 }])
  })

  it('sends a name that is no flow to the console’s not-found screen', async () => {
    stubContentApi({})
    renderConsole('/admin/flows/NO_SUCH_FLOW')
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません', level: 1 })).toBeTruthy()
  })
})
