// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminBanner,
  answer,
  BANNER_IDS,
  BANNERS_API,
  bannerSpace,
  refusal,
  stubContentApi,
} from './testing/content-fixtures'

const SPACE = `${BANNERS_API}/spaces/photos_banner`
const PATH = '/admin/banners/spaces/photos_banner'
const PREVIEW = `POST ${BANNERS_API}/preview`
const banner = adminBanner({ spaceId: 'photos_banner', html: '<p class="banner-text">夏のフレーム</p>' })

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const typeHtml = (value: string) => {
  fireEvent.input(field('バナーのHTML'), { target: { value } })
  fireEvent.change(field('バナーのHTML'), { target: { value } })
}
/** The date and time fields of a time, by its fieldset's legend. */
const timeOf = (legend: string) => screen.getByRole('group', { name: legend })
const errorIn = (element: HTMLElement) => within(element).queryByRole('alert')?.textContent
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('adding a banner', () => {
  it('previews the HTML as the server sanitises it, drawn as members see it, saying what was taken out', async () => {
    const calls = stubContentApi({
      [PREVIEW]: answer({ html: '<p class="banner-text">夏のフレーム</p>', changed: true }),
    })
    renderConsole(`${PATH}/new`)
    await screen.findByRole('heading', { name: 'バナーを追加', level: 1 })
    expect(screen.getByText(/「マイページのプリの下」の枠に追加します。/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'プレビュー' }))
    expect(screen.getByText('プレビューするHTMLを入力してください。')).toBeTruthy()
    typeHtml('<p class="banner-text" onclick="alert(1)">夏のフレーム</p><script>alert(2)</script>')
    fireEvent.click(screen.getByRole('button', { name: 'プレビュー' }))
    const preview = await screen.findByRole('region', { name: '会員への表示（プレビュー）' })
    expect(preview.textContent).toContain('使えないタグや属性、リンクを取り除きました。')
    const drawn = within(preview).getByRole('figure')
    expect(drawn.innerHTML).toBe('<div class="banner"><p class="banner-text">夏のフレーム</p></div>')
    expect(within(preview).getByText('<p class="banner-text">夏のフレーム</p>').tagName).toBe('PRE')
    expect(sent(calls, PREVIEW)).toEqual([
      { html: '<p class="banner-text" onclick="alert(1)">夏のフレーム</p><script>alert(2)</script>' },
    ])
    // Typing afterwards says the preview is of what was there before.
    typeHtml('<p>別の内容</p>')
    expect(
      within(preview).getByText(
        'プレビューのあとでHTMLを書き換えました。もう一度プレビューで確かめてください。',
      ),
    ).toBeTruthy()
  })

  it('says when nothing of the HTML would be shown, and when the preview failed', async () => {
    stubContentApi({ [PREVIEW]: answer({ html: null, changed: true }) })
    renderConsole(`${PATH}/new`)
    await screen.findByRole('heading', { name: 'バナーを追加', level: 1 })
    typeHtml('<script>alert(1)</script>')
    fireEvent.click(screen.getByRole('button', { name: 'プレビュー' }))
    expect(
      await screen.findByText(
        '表示できる内容が残りませんでした。このままでは保存できません。使えるタグで書き直してください。',
      ),
    ).toBeTruthy()
    cleanup()
    stubContentApi({ [PREVIEW]: refusal('FORBIDDEN', 403) })
    renderConsole(`${PATH}/new`)
    await screen.findByRole('heading', { name: 'バナーを追加', level: 1 })
    typeHtml('<p>x</p>')
    fireEvent.click(screen.getByRole('button', { name: 'プレビュー' }))
    expect((await screen.findByRole('alert')).textContent).toContain('プレビューを作成できませんでした。')
  })

  it('tells fields left wrong in Japanese, sending nothing and keeping what was typed', async () => {
    const calls = stubContentApi({})
    renderConsole(`${PATH}/new`)
    await screen.findByRole('heading', { name: 'バナーを追加', level: 1 })
    fireEvent.change(within(timeOf('掲載開始日時（任意）')).getByLabelText('日付'), {
      target: { value: '2026-12-01' },
    })
    fireEvent.change(within(timeOf('掲載終了日時（任意）')).getByLabelText('日付'), {
      target: { value: '2026-11-30' },
    })
    fireEvent.change(within(timeOf('掲載終了日時（任意）')).getByLabelText('時刻'), {
      target: { value: '10:00' },
    })
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    expect(errorIn(field('バナーのHTML').closest('.field') as HTMLElement)).toBe(
      'バナーのHTMLを入力してください。',
    )
    expect(errorIn(timeOf('掲載開始日時（任意）'))).toBe(
      '掲載開始日時は、日付と時刻の両方を入力してください。',
    )
    fireEvent.change(within(timeOf('掲載開始日時（任意）')).getByLabelText('時刻'), {
      target: { value: '10:00' },
    })
    typeHtml('<p>冬</p>')
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    expect(errorIn(timeOf('掲載終了日時（任意）'))).toBe('掲載終了日時は、掲載開始日時より後にしてください。')
    typeHtml('あ'.repeat(20_001))
    fireEvent.change(within(timeOf('掲載終了日時（任意）')).getByLabelText('日付'), { target: { value: '' } })
    fireEvent.change(within(timeOf('掲載終了日時（任意）')).getByLabelText('時刻'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    expect(errorIn(field('バナーのHTML').closest('.field') as HTMLElement)).toBe(
      'バナーのHTMLは、20000文字以内で入力してください。',
    )
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])
    expect(within(timeOf('掲載開始日時（任意）')).getByLabelText<HTMLInputElement>('日付').value).toBe(
      '2026-12-01',
    )
  })

  it('adds it with its window in Japan time, first in the space, keeping a half-typed one through a reload', async () => {
    stubContentApi({})
    renderConsole(`${PATH}/new`)
    await screen.findByRole('heading', { name: 'バナーを追加', level: 1 })
    typeHtml('<p class="banner-text">夏のフレーム</p>')
    cleanup()

    const calls = stubContentApi({
      [`POST ${SPACE}`]: answer(banner),
      [`GET ${SPACE}`]: answer(bannerSpace([banner])),
    })
    const view = renderConsole(`${PATH}/new`)
    await waitFor(() => expect(field('バナーのHTML').value).toBe('<p class="banner-text">夏のフレーム</p>'))
    fireEvent.change(within(timeOf('掲載終了日時（任意）')).getByLabelText('日付'), {
      target: { value: '2026-12-31' },
    })
    fireEvent.change(within(timeOf('掲載終了日時（任意）')).getByLabelText('時刻'), {
      target: { value: '23:59' },
    })
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    await waitFor(() => expect(view.address()).toBe(PATH))
    expect(sent(calls, `POST ${SPACE}`)).toEqual([
      { html: '<p class="banner-text">夏のフレーム</p>', publishUntil: '2026-12-31T23:59:00+09:00' },
    ])
    expect((await screen.findByRole('status')).textContent).toBe('バナーを追加しました。')
    expect(sessionStorage.getItem('puribox:draft:admin:banner:new:photos_banner')).toBeNull()
  })

  it('tells a banner the server refused whole', async () => {
    stubContentApi({ [`POST ${SPACE}`]: refusal('VALIDATION_FAILED', 400) })
    renderConsole(`${PATH}/new`)
    await screen.findByRole('heading', { name: 'バナーを追加', level: 1 })
    typeHtml('<img src="https://evil.example/x.png">')
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      '追加できませんでした。表示できる内容がないか、掲載終了日時が掲載開始日時より前になっています。プレビューで確かめてください。',
    )
    expect(field('バナーのHTML').value).toBe('<img src="https://evil.example/x.png">')
  })

  it('offers no form to a viewer or support who followed a link to it', async () => {
    for (const role of ['VIEWER', 'SUPPORT'] as const) {
      stubContentApi({}, role)
      renderConsole(`${PATH}/new`)
      expect(await screen.findByText(/この画面は、編集者か管理者だけが使えます。/)).toBeTruthy()
      expect(screen.queryByRole('button', { name: '追加する' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'プレビュー' })).toBeNull()
      cleanup()
    }
  })
})

describe('changing a banner', () => {
  const scheduled = adminBanner({
    id: BANNER_IDS[1],
    spaceId: 'photos_banner',
    state: 'scheduled',
    shown: false,
    publishAt: '2026-12-01T01:00:30.000Z',
    publishUntil: null,
  })
  const EDIT = `${PATH}/banners/${BANNER_IDS[1]}/edit`

  it('starts from the banner as members get it, and sends only what changed with the reason', async () => {
    const calls = stubContentApi({
      [`GET ${SPACE}`]: answer(bannerSpace([banner, scheduled])),
      [`PUT ${BANNERS_API}/${BANNER_IDS[1]}`]: answer(scheduled),
    })
    const view = renderConsole(EDIT)
    await screen.findByRole('heading', { name: 'バナーを変更', level: 1 })
    await waitFor(() => expect(field('バナーのHTML').value).toBe(scheduled.html))
    expect(within(timeOf('掲載開始日時')).getByLabelText<HTMLInputElement>('日付').value).toBe('2026-12-01')
    expect(within(timeOf('掲載開始日時')).getByLabelText<HTMLInputElement>('時刻').value).toBe('10:00')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      '変更された項目がないため、保存しませんでした。',
    )

    // The start may move but not go.
    fireEvent.change(within(timeOf('掲載開始日時')).getByLabelText('日付'), { target: { value: '' } })
    fireEvent.change(within(timeOf('掲載開始日時')).getByLabelText('時刻'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect(errorIn(timeOf('掲載開始日時'))).toBe('掲載開始日時の日付と時刻を入力してください。')

    fireEvent.change(within(timeOf('掲載開始日時')).getByLabelText('日付'), {
      target: { value: '2026-12-02' },
    })
    fireEvent.change(within(timeOf('掲載開始日時')).getByLabelText('時刻'), { target: { value: '09:00' } })
    type('理由（任意）', '1日遅らせる')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    await waitFor(() => expect(view.address()).toBe(PATH))
    expect(sent(calls, `PUT ${BANNERS_API}/${BANNER_IDS[1]}`)).toEqual([
      { publishAt: '2026-12-02T09:00:00+09:00', reason: '1日遅らせる' },
    ])
    expect((await screen.findByRole('status')).textContent).toBe('変更を保存しました。')
  })

  it('warns that members see the banner now, and tells a banner withdrawn meanwhile', async () => {
    stubContentApi({
      [`GET ${SPACE}`]: answer(bannerSpace([banner])),
      [`PUT ${BANNERS_API}/${BANNER_IDS[0]}`]: refusal('BANNER_WITHDRAWN', 409),
    })
    renderConsole(`${PATH}/banners/${BANNER_IDS[0]}/edit`)
    expect(
      await screen.findByText(
        'このバナーは、いま会員に表示されています。保存すると、すぐに表示が変わります。',
      ),
    ).toBeTruthy()
    typeHtml('<p>変更</p>')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このバナーは取り下げ済みのため、変更できません。もう一度出すときは、新しく追加してください。',
    )
  })

  it('says so when the banner is not among the space’s current ones', async () => {
    stubContentApi({ [`GET ${SPACE}`]: answer(bannerSpace([banner])) })
    renderConsole(EDIT)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('このバナーは、この枠の掲載中・掲載予定のバナーにありません。')
    expect(within(alert).getByRole('link').getAttribute('href')).toBe(PATH)
  })
})
