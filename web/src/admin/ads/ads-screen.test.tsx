// @vitest-environment jsdom
import type { AdminAd } from '@puribox/contract/admin-ads'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  AD_ID,
  ADS_API,
  adminAd,
  adRead,
  adSpace,
  answer,
  PICTURE,
  reactionDays,
  refusal,
  stubAdsApi,
} from './testing/ads-fixtures'

const AD = `${ADS_API}/${AD_ID}`
const PATH = `/admin/ads/${AD_ID}`
const SPACES = `GET ${ADS_API}/spaces`
const DAYS = reactionDays('2026-11-18', '2026-11-20', {
  '2026-11-18': { IMPRESSION: 40, CLICK: 3 },
  '2026-11-20': { IMPRESSION: 10, CLICK: 1 },
})

/** The ad's page, answering the ad as `current()` holds it now, with the steps given. */
function adApi(current: () => AdminAd, more: Record<string, () => Response> = {}) {
  return {
    [`GET ${AD}`]: () => answer(adRead(current(), DAYS))(),
    [SPACES]: answer({ spaces: [adSpace()] }),
    ...more,
  }
}

const dialog = () => screen.getByRole('dialog')
/** The range of days the reactions are of, as the page says it. */
const rangeShown = (text: string) =>
  waitFor(() => expect(document.querySelector('.ads-reactions__range')?.textContent).toBe(text))
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("an ad's page", () => {
  it('shows its state, whom it is for, how members see it, its reactions per day, and reads only for a viewer', async () => {
    const ad = adminAd({
      state: 'scheduled',
      startsAt: '2026-11-21T03:00:00.000Z',
      endsAt: '2026-12-31T14:59:00.000Z',
      ageTarget: 'OVER_25',
    })
    stubAdsApi(
      adApi(() => ad),
      'VIEWER',
    )
    renderConsole(PATH)
    await screen.findByRole('heading', { name: '冬の新色リップ', level: 1 })
    const trail = screen.getByRole('navigation', { name: '現在の位置' })
    await waitFor(() =>
      expect(within(trail).getByRole('link', { name: 'トップページの広告' }).getAttribute('href')).toBe(
        '/admin/ads/spaces/sp-top',
      ),
    )
    const facts = screen.getByRole('region', { name: '広告の情報' })
    expect(facts.textContent).toContain('配信予約 2026/11/21 12:00から、表示する相手の会員に表示されます。')
    expect(facts.textContent).toContain('表示する相手ゲスト、無料会員')
    expect(facts.textContent).toContain('年齢25歳以上')
    expect(facts.textContent).toContain('配信終了日時2026/12/31 23:59')
    expect(facts.textContent).toContain('コンバージョンIDcv-winter-lip')
    expect(within(facts).getByRole('link', { name: 'この広告の監査ログ' }).getAttribute('href')).toBe(
      `/admin/audit?targetKind=ad&targetId=${AD_ID}`,
    )
    const preview = screen.getByRole('region', { name: '会員への表示' })
    const card = within(preview).getByRole('article', { name: '冬の新色リップ、プリ映えカラー' })
    expect(card.querySelector('img')?.getAttribute('src')).toBe(PICTURE)
    expect(card.textContent).toBe('PR冬の新色リップ、プリ映えカラープリ機のライトの下でもかわいく写ります。')
    expect(preview.textContent).toContain('リンク先（ほかのサイト）https://www.example.com/lip')

    const reactions = screen.getByRole('region', { name: '表示・タップの数' })
    await rangeShown('2026年11月18日〜2026年11月20日（3日間）')
    expect(reactions.textContent).toContain(
      'この期間の合計表示 50・タップ 4タップ率8.0%配信開始からの累計表示 1,234・タップ 56',
    )
    // Two charts, each with its figures as a table on request.
    const impressions = within(reactions).getByRole('img', { name: /^表示: / })
    expect(impressions.getAttribute('aria-label')).toBe(
      '表示: 2026年11月18日から2026年11月20日までの棒グラフ。合計50、1日の最大40。',
    )
    fireEvent.click(within(reactions).getAllByText('数値を表で見る')[1] as HTMLElement)
    const table = await within(reactions).findByRole('table', { name: 'タップ' })
    expect([...table.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual([
      '11/18（水）3',
      '11/19（木）0',
      '11/20（金）1',
    ])
    // A viewer reads only.
    expect(screen.queryByRole('link', { name: '内容を変更' })).toBeNull()
    expect(screen.queryByRole('button', { name: /配信/ })).toBeNull()
    expect(screen.getByText(/閲覧者の権限では、見ることだけができます。/)).toBeTruthy()
  })

  it.each([
    ['draft', ['内容を変更', '配信を予約', '今すぐ配信']],
    ['scheduled', ['内容を変更', '予約の日時を変更', '今すぐ配信', '配信を取り下げ']],
    ['published', ['内容を変更', '配信を取り下げ']],
    ['ended', ['内容を変更', '配信を取り下げ']],
    ['withdrawn', []],
  ] as const)('offers an editor the steps a %s ad allows', async (state, offered) => {
    stubAdsApi(adApi(() => adminAd({ state })))
    renderConsole(PATH)
    await screen.findByRole('heading', { name: '冬の新色リップ', level: 1 })
    const head = screen.getByRole('heading', { level: 1 }).closest('.console-head') as HTMLElement
    const controls = () => [...head.querySelectorAll('a, button')].map((control) => control.textContent)
    await waitFor(() => expect(controls()).toEqual(offered))
  })

  it('reads the range of days the address names, and tells a wrong one in Japanese', async () => {
    const calls = stubAdsApi({
      [`GET ${AD}?from=2026-11-18&to=2026-11-20`]: answer(adRead(adminAd(), DAYS)),
      [`GET ${AD}`]: answer(adRead(adminAd(), reactionDays('2026-10-22', '2026-11-20'))),
      [SPACES]: answer({ spaces: [adSpace()] }),
    })
    const view = renderConsole(`${PATH}?from=2026-11-18&to=2026-11-20`)
    await rangeShown('2026年11月18日〜2026年11月20日（3日間）')
    expect(calls.map((call) => call.key)).toContain(`GET ${AD}?from=2026-11-18&to=2026-11-20`)

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-21' } })
    fireEvent.click(screen.getByRole('button', { name: 'この期間で表示' }))
    expect(screen.getByRole('alert').textContent).toBe(
      '終了日は、開始日と同じ日か、それより後の日付にしてください。',
    )
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-19' } })
    fireEvent.click(screen.getByRole('button', { name: 'この期間で表示' }))
    await waitFor(() => expect(view.address()).toBe(`${PATH}?from=2026-11-19&to=2026-11-20`))
    cleanup()

    // A range that is none: the last 30 days the server answers, and why the address's was not used.
    renderConsole(`${PATH}?from=2026-02-30&to=2026-11-20`)
    await rangeShown('2026年10月22日〜2026年11月20日（30日間）')
    expect(screen.getByText('期間にまちがいがあります。期間を直してから表示してください。')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('開始日は、実在する日付で入力してください。')
  })

  it('says so when the ad is not there', async () => {
    stubAdsApi({ [`GET ${AD}`]: refusal('AD_NOT_FOUND', 404) })
    renderConsole(PATH)
    expect((await screen.findByRole('alert')).textContent).toContain('この広告は見つかりませんでした。')
  })
})

describe('the steps of an ad', () => {
  it('schedules a draft at a Japan date and time, with its reason, and says when it will start', async () => {
    let ad = adminAd()
    const calls = stubAdsApi(
      adApi(() => ad, {
        [`POST ${AD}/schedule`]: () => {
          ad = { ...ad, state: 'scheduled', startsAt: '2026-12-01T01:00:00.000Z' }
          return answer(ad)()
        },
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '配信を予約' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約する' }))
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      '配信開始日時の日付と時刻を入力してください。',
    )
    fireEvent.change(within(dialog()).getByLabelText('日付'), { target: { value: '2026-12-01' } })
    fireEvent.change(within(dialog()).getByLabelText('時刻'), { target: { value: '10:00' } })
    fireEvent.change(within(dialog()).getByLabelText('理由（任意）'), { target: { value: '12月から' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: '予約する' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(calls, `POST ${AD}/schedule`)).toEqual([
      { startsAt: '2026-12-01T10:00:00+09:00', reason: '12月から' },
    ])
    expect(
      (await screen.findByText('2026/12/01 10:00から配信するよう予約しました。')).getAttribute('role'),
    ).toBe('status')
  })

  it('publishes now and withdraws after a dialog that says what each does, telling a refusal in Japanese', async () => {
    let ad = adminAd()
    const calls = stubAdsApi(
      adApi(() => ad, {
        [`POST ${AD}/publish`]: () => {
          ad = { ...ad, state: 'published', startsAt: '2026-11-20T03:00:00.000Z' }
          return answer(ad)()
        },
        [`POST ${AD}/withdraw`]: refusal('AD_STATE_CONFLICT', 409),
      }),
    )
    renderConsole(PATH)
    fireEvent.click(await screen.findByRole('button', { name: '今すぐ配信' }))
    expect(dialog().textContent).toContain('「冬の新色リップ」の配信を始めます。')
    fireEvent.click(within(dialog()).getByRole('button', { name: '配信する' }))
    await screen.findByText('配信を始めました。会員に表示されています。')
    expect(sent(calls, `POST ${AD}/publish`)).toEqual([{}])

    fireEvent.click(await screen.findByRole('button', { name: '配信を取り下げ' }))
    expect(dialog().textContent).toContain('取り下げた広告は、もう変更も配信もできません。')
    fireEvent.click(within(dialog()).getByRole('button', { name: '取り下げる' }))
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'いまの状態の広告には、この操作はできません。ほかの人が先に操作した可能性があります。ページを再読み込みして、状態を確かめてください。',
    )
  })
})
