// @vitest-environment jsdom
import { type DayNumbers, japanDaysBetween } from '@puribox/contract/admin-numbers'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../testing/mock-api'
import { wrapperResponse } from '../../testing/render'
import { renderConsole, signedInOperator } from '../testing/render-console'
import { scaleTop } from './daily-chart'

const SESSION = 'GET /admin/api/session'
const NUMBERS = 'GET /admin/api/numbers'

/** A day's numbers, different on every day (`n` is its place in the range), some of them zero. */
function dayNumbers(day: string, n: number): DayNumbers {
  return {
    day,
    sealLookups: { inputSealId: n * 3, qr: n * 2, other: n % 3 },
    picturesSaved: n * 5,
    sealsRegistered: n,
    newMembers: n % 4,
    premiumStarts: { CREDIT: n % 2, AU: n % 3, DOCOMO: 0, SOFTBANK: n % 5 === 0 ? 1 : 0 },
    auTrialStarts: n % 3 === 2 ? 1 : 0,
    premiumCancellations: { CREDIT: n % 7 === 0 ? 1 : 0, AU: 0, DOCOMO: 0, SOFTBANK: 0 },
    adImpressions: 1000 + n * 37,
    adClicks: n % 6,
  }
}

function numbersOf(from: string, to: string, clock: { date: string } | null = null) {
  return () =>
    wrapperResponse({
      entity: { from, to, days: japanDaysBetween(from, to).map((day, index) => dayNumbers(day, index)) },
      clock,
    })
}

const signedIn =
  (clock: { date: string } | null = null) =>
  () =>
    wrapperResponse({ entity: signedInOperator('VIEWER'), clock })
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const numbersCalls = (calls: { key: string }[]) => calls.filter((call) => call.key.startsWith(NUMBERS))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the numbers screen', () => {
  it('shows the last 30 Japan days ending today without a range in the address, a chart per measure, and the CSV of the same days', async () => {
    const calls = mockApi({
      [SESSION]: signedIn(),
      [`${NUMBERS}?from=2026-10-22&to=2026-11-20`]: numbersOf('2026-10-22', '2026-11-20'),
    })
    const view = renderConsole('/admin/numbers')
    await screen.findByRole('heading', { name: 'シール検索' })
    expect(document.title).toBe('数字 | PuriBox 管理')
    expect(view.address()).toBe('/admin/numbers')
    expect(screen.getByText('2026年10月22日〜2026年11月20日（30日間）')).toBeTruthy()
    expect(field('開始日').value).toBe('2026-10-22')
    expect(field('終了日').value).toBe('2026-11-20')
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent)
        .slice(1),
    ).toEqual([
      'シール検索',
      '保存されたプリ',
      '保存されたシール',
      '新規会員',
      'プレミアム開始',
      'プレミアム解約',
      '広告表示',
      '広告クリック',
    ])
    const csv = screen.getByRole('link', { name: 'CSVをダウンロード' })
    expect(csv.getAttribute('href')).toBe('/admin/api/numbers.csv?from=2026-10-22&to=2026-11-20')
    expect(csv.hasAttribute('download')).toBe(true)
    expect(new Set(numbersCalls(calls).map((call) => call.key))).toEqual(
      new Set([`${NUMBERS}?from=2026-10-22&to=2026-11-20`]),
    )
  })

  it("counts today by the server's time-travel day when its answers carry one", async () => {
    // Every answer carries the time-travel clock while it is on.
    const clock = { date: '2027-01-10T09:00:00' }
    mockApi({
      [SESSION]: signedIn(clock),
      [`${NUMBERS}?from=2026-12-12&to=2027-01-10`]: numbersOf('2026-12-12', '2027-01-10', clock),
    })
    renderConsole('/admin/numbers')
    expect(await screen.findByText('2026年12月12日〜2027年1月10日（30日間）')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'CSVをダウンロード' }).getAttribute('href')).toBe(
      '/admin/api/numbers.csv?from=2026-12-12&to=2027-01-10',
    )
  })

  it('has in each table the figures its chart draws, day by day, with their sums', async () => {
    mockApi({
      [SESSION]: signedIn(),
      [`${NUMBERS}?from=2026-11-14&to=2026-11-20`]: numbersOf('2026-11-14', '2026-11-20'),
    })
    renderConsole('/admin/numbers?from=2026-11-14&to=2026-11-20')
    const heading = await screen.findByRole('heading', { name: 'シール検索' })
    const chart = heading.closest('section') as HTMLElement
    expect(chart.textContent).toContain('合計 111')
    const drawing = within(chart).getByRole('img')
    expect(drawing.getAttribute('aria-label')).toBe(
      'シール検索: 2026年11月14日から2026年11月20日までの棒グラフ。合計111、1日の最大30。',
    )
    expect(within(chart).queryByRole('table')).toBeNull()
    fireEvent.click(within(chart).getByText('数値を表で見る'))
    const table = await within(chart).findByRole('table', { name: 'シール検索' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual(['日付', 'ID入力', 'QRコード', 'その他', '合計'])
    const bodyRows = within(table).getAllByRole('row').slice(1, -1)
    const bars = drawing.querySelectorAll('g[data-day]')
    expect(bodyRows).toHaveLength(7)
    expect(bars).toHaveLength(7)
    const series = ['inputSealId', 'qr', 'other']
    bodyRows.forEach((row, index) => {
      const bar = bars[index] as SVGGElement
      const [dayCell, ...figures] = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)
      expect(bar.querySelector('title')?.textContent).toBe(
        `${dayCell} ID入力 ${figures[0]}、QRコード ${figures[1]}、その他 ${figures[2]}`,
      )
      const drawn = series.map(
        (key) => bar.querySelector(`rect[data-series="${key}"]`)?.getAttribute('data-value') ?? '0',
      )
      expect(drawn).toEqual(figures.slice(0, 3))
    })
    expect(bodyRows[0]?.textContent).toBe('11/14（土）0000')
    expect(bodyRows[6]?.textContent).toBe('11/20（金）1812030')
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toBe('合計63426111')

    // The au free trial is a column of the table of starts, not a bar of its own.
    const starts = screen.getByRole('heading', { name: 'プレミアム開始' }).closest('section') as HTMLElement
    fireEvent.click(within(starts).getByText('数値を表で見る'))
    expect(
      within(await within(starts).findByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      '日付',
      'クレジットカード',
      'auかんたん決済',
      'ドコモ払い',
      'ソフトバンクまとめて支払い',
      '合計',
      'うちauかんたん決済の無料体験',
    ])
    // A measure of one figure a day names its column after itself, thousands separated.
    const impressions = screen.getByRole('heading', { name: '広告表示' }).closest('section') as HTMLElement
    fireEvent.click(within(impressions).getByText('数値を表で見る'))
    const impressionRows = within(await within(impressions).findByRole('table')).getAllByRole('row')
    expect(impressionRows[0]?.textContent).toBe('日付広告表示')
    expect(impressionRows[1]?.textContent).toBe('11/14（土）1,000')
  })

  it('keeps a range chosen in the form in the address, and the CSV link follows it', async () => {
    const calls = mockApi({
      [SESSION]: signedIn(),
      [`${NUMBERS}?from=2026-10-22&to=2026-11-20`]: numbersOf('2026-10-22', '2026-11-20'),
      [`${NUMBERS}?from=2026-11-01&to=2026-11-07`]: numbersOf('2026-11-01', '2026-11-07'),
    })
    const view = renderConsole('/admin/numbers')
    await screen.findByRole('heading', { name: 'シール検索' })
    fireEvent.change(field('開始日'), { target: { value: '2026-11-01' } })
    fireEvent.change(field('終了日'), { target: { value: '2026-11-07' } })
    fireEvent.click(screen.getByRole('button', { name: 'この期間で表示' }))
    await waitFor(() => expect(view.address()).toBe('/admin/numbers?from=2026-11-01&to=2026-11-07'))
    expect(await screen.findByText('2026年11月1日〜2026年11月7日（7日間）')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'CSVをダウンロード' }).getAttribute('href')).toBe(
      '/admin/api/numbers.csv?from=2026-11-01&to=2026-11-07',
    )
    await waitFor(() =>
      expect(numbersCalls(calls).at(-1)?.key).toBe(`${NUMBERS}?from=2026-11-01&to=2026-11-07`),
    )

    // Back to the address without a range: the default again, in the form too.
    view.location.navigate('/admin/numbers')
    expect(await screen.findByText('2026年10月22日〜2026年11月20日（30日間）')).toBeTruthy()
    expect(field('開始日').value).toBe('2026-10-22')
  })

  it('offers the last 7, 30 and 90 days as links, the one shown marked', async () => {
    mockApi({
      [SESSION]: signedIn(),
      [`${NUMBERS}?from=2026-10-22&to=2026-11-20`]: numbersOf('2026-10-22', '2026-11-20'),
    })
    renderConsole('/admin/numbers')
    const presets = await screen.findByRole('navigation', { name: 'よく見る期間' })
    const links = within(presets).getAllByRole('link')
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]),
    ).toEqual([
      ['直近7日', '/admin/numbers?from=2026-11-14&to=2026-11-20', null],
      ['直近30日', '/admin/numbers?from=2026-10-22&to=2026-11-20', 'true'],
      ['直近90日', '/admin/numbers?from=2026-08-23&to=2026-11-20', null],
    ])
  })

  it.each([
    [
      '?from=2026-11-20&to=2026-11-01',
      '終了日',
      '終了日は、開始日と同じ日か、それより後の日付にしてください。',
    ],
    ['?from=2025-01-01&to=2026-11-20', '終了日', '期間は366日以内にしてください。'],
    ['?from=2026-02-30&to=2026-03-01', '開始日', '開始日は、実在する日付で入力してください。'],
    ['?to=2026-11-20', '開始日', '開始日を入力してください。'],
  ])(
    'tells a range in the address (%s) the server would refuse beside its field, and asks nothing',
    async (query, label, message) => {
      const calls = mockApi({ [SESSION]: signedIn() })
      renderConsole(`/admin/numbers${query}`)
      await screen.findByRole('heading', { name: '数字', level: 1 })
      const input = field(label)
      expect(input.getAttribute('aria-invalid')).toBe('true')
      expect(document.getElementById(`${input.id}-error`)?.textContent).toBe(message)
      expect(screen.getByText('期間にまちがいがあります。期間を直してから表示してください。')).toBeTruthy()
      expect(screen.queryByRole('link', { name: 'CSVをダウンロード' })).toBeNull()
      expect(numbersCalls(calls)).toEqual([])
    },
  )

  it('says so in Japanese when the server refuses the range all the same', async () => {
    mockApi({
      [SESSION]: signedIn(),
      [`${NUMBERS}?from=2026-11-01&to=2026-11-07`]: () =>
        wrapperResponse({ error: { code: 'VALIDATION_FAILED', message: 'from is after to' } }, 400),
    })
    renderConsole('/admin/numbers?from=2026-11-01&to=2026-11-07')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この期間では表示できませんでした。期間を確かめて、もう一度お試しください。',
    )
  })

  it('ends the scale at a round figure close above the largest day', () => {
    expect([0, 1, 3, 7, 12, 17, 30, 276, 999, 1001, 4855].map(scaleTop)).toEqual([
      1, 1, 3, 8, 15, 20, 30, 300, 1000, 1500, 5000,
    ])
  })
})
