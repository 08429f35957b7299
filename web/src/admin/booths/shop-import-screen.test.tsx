// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { SAMPLE_HEADER } from './shop-import-screen'
import { answer, BOOTHS_API, refusal, stubBoothsApi } from './testing/booth-fixtures'

const IMPORT = `POST ${BOOTHS_API}/shops/import`

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('CSVファイル'), { target: { files: [file] } })
}

const csv = (text: string, name = 'shops.csv') => new File([text], name, { type: 'text/csv' })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('importing shops from a CSV file', () => {
  it('shows the sample header the server reads, in its Japanese labels', async () => {
    stubBoothsApi({})
    renderConsole('/admin/booths/shops/import')
    await screen.findByRole('heading', { name: '店舗をCSVで取り込む', level: 1 })
    expect(SAMPLE_HEADER).toBe('店舗名,都道府県コード,都道府県,市区町村,住所,営業時間,緯度,経度')
    // The same labels as the server's reader takes.
    const server = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../../server/src/locales/ja/booth-import.json'), 'utf8'),
    ) as { columns: Record<string, string> }
    expect(SAMPLE_HEADER.split(',')).toEqual(Object.values(server.columns))
    expect(screen.getByText(new RegExp(`^${SAMPLE_HEADER}`))).toBeTruthy()
  })

  it('asks for a file first', async () => {
    const calls = stubBoothsApi({})
    renderConsole('/admin/booths/shops/import')
    fireEvent.click(await screen.findByRole('button', { name: '取り込む' }))
    expect(screen.getByRole('alert').textContent).toBe('取り込むCSVファイルを選んでください。')
    expect(calls.filter((call) => call.key === IMPORT)).toEqual([])
  })

  it('sends the file as it is, as text/csv, and shows what was created, updated and left unchanged', async () => {
    const calls = stubBoothsApi({ [IMPORT]: answer({ rows: 12, created: 7, changed: 3, unchanged: 2 }) })
    renderConsole('/admin/booths/shops/import')
    await screen.findByRole('heading', { name: '店舗をCSVで取り込む', level: 1 })
    const file = csv(`${SAMPLE_HEADER}\nプリスタ渋谷店,13,東京都,渋谷区,道玄坂1-2-3,,,\n`)
    choose(file)
    fireEvent.click(screen.getByRole('button', { name: '取り込む' }))
    const done = await screen.findByRole('status', { name: '「shops.csv」を取り込みました' })
    const counts = within(done)
      .getAllByRole('definition')
      .map((value) => value.textContent)
    expect(counts).toEqual(['12件', '7件', '3件', '2件'])
    expect(done.textContent).toContain('新しく登録')
    expect(done.textContent).toContain('更新')
    expect(done.textContent).toContain('変更なし')
    expect(calls.filter((call) => call.key === IMPORT)).toHaveLength(1)
    const [, init] = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST') ?? []
    expect(init?.headers).toMatchObject({ 'Content-Type': 'text/csv', 'X-Requested-With': 'XMLHttpRequest' })
    // The bytes as chosen: the server tells UTF-8 from Shift_JIS.
    expect(init?.body).toBe(file)
  })

  it('lists every problem of a refused file by row and column in Japanese, and says nothing was imported', async () => {
    stubBoothsApi({
      [IMPORT]: refusal('SHOP_IMPORT_INVALID', 400, {
        importProblems: [
          { row: 3, column: 'prefectureName', code: 'PREFECTURE_NAME_MISMATCH' },
          { row: 4, column: 'name', code: 'TOO_LONG' },
          { row: 5, column: 'longitude', code: 'POSITION_INCOMPLETE' },
          { row: 7, column: 'name', code: 'DUPLICATE_SHOP' },
          { row: null, column: null, code: 'TOO_MANY_ROWS' },
        ],
      }),
    })
    renderConsole('/admin/booths/shops/import')
    await screen.findByRole('heading', { name: '店舗をCSVで取り込む', level: 1 })
    choose(csv('x', '店舗一覧.csv'))
    fireEvent.click(screen.getByRole('button', { name: '取り込む' }))
    const refused = await screen.findByRole('alert')
    expect(refused.textContent).toBe(
      '「店舗一覧.csv」は取り込みませんでしたファイルに5件の問題があったため、店舗は1件も登録・更新していません。下の表のとおりにファイルを直して、もう一度取り込んでください。',
    )
    const table = screen.getByRole('table', { name: 'ファイルの問題' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent))
    expect(rows).toEqual([
      ['行', '列', '問題'],
      ['3', '都道府県', '都道府県の名前が、都道府県コードと合いません。'],
      ['4', '店舗名', '長すぎます。100文字以内にしてください。'],
      ['5', '経度', '緯度と経度は、両方入れるか、両方とも空欄にしてください。'],
      ['7', '店舗名', '同じ店舗（店舗名・都道府県・市区町村・住所が同じ）が、前の行にもあります。'],
      [
        'ファイル全体',
        'なし',
        '店舗が多すぎます。1つのファイルは10,000店舗までにして、分けて取り込んでください。',
      ],
    ])
    // Choosing another file starts afresh.
    choose(csv('y'))
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull())
  })

  it('tells a failure that is no problem of the file in Japanese', async () => {
    stubBoothsApi({ [IMPORT]: refusal('FORBIDDEN', 403) })
    renderConsole('/admin/booths/shops/import')
    await screen.findByRole('heading', { name: '店舗をCSVで取り込む', level: 1 })
    choose(csv('x'))
    fireEvent.click(screen.getByRole('button', { name: '取り込む' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この操作をする権限がありません。権限が変わった可能性があります。ページを再読み込みして、表示を確かめてください。',
    )
  })

  it('offers a viewer the file’s format but no way to send one', async () => {
    stubBoothsApi({}, 'VIEWER')
    renderConsole('/admin/booths/shops/import')
    await screen.findByRole('heading', { name: 'ファイルの形式' })
    expect(screen.queryByLabelText('CSVファイル')).toBeNull()
    expect(screen.queryByRole('button', { name: '取り込む' })).toBeNull()
  })
})
