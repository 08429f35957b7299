// @vitest-environment jsdom
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

const NEW = '/admin/ads/spaces/sp-top/new'
const CREATE = `POST ${ADS_API}/spaces/sp-top/ads`
const UPLOAD = `POST ${ADS_API}/pictures`
const AD = `${ADS_API}/${AD_ID}`
const SPACES = { [`GET ${ADS_API}/spaces`]: answer({ spaces: [adSpace()] }) }

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field, fieldset') as HTMLElement).queryByRole('alert')?.textContent
const save = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
const posts = (calls: { key: string; body: unknown }[]) => calls.filter((call) => !call.key.startsWith('GET'))

/** Chooses a file for the ad's picture, as the file picker does. */
function choosePicture(file = new File([new Uint8Array(2048)], 'lip.png', { type: 'image/png' })) {
  fireEvent.change(field('画像を選ぶ'), { target: { files: [file] } })
}

/** Types a whole text ad, as an editor would. */
function typeTextAd() {
  type('広告名', '冬の新色リップ')
  type('コンバージョンID', 'cv-winter-lip')
  type('タイトル', '冬の新色リップ、プリ映えカラー')
  type('説明文', 'プリ機のライトの下でもかわいく写ります。')
  type('リンク先', 'https://www.example.com/lip')
  fireEvent.change(field('画像'), { target: { value: 'TEXT' } })
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('writing an ad', () => {
  it('tells every field left wrong in Japanese, beside it, sending nothing and keeping what was typed', async () => {
    const calls = stubAdsApi(SPACES)
    renderConsole(NEW)
    await screen.findByRole('heading', { name: '広告を作成', level: 1 })
    expect(await screen.findByText(/「トップページの広告」の広告を、下書きとして保存します。/)).toBeTruthy()
    type('コンバージョンID', 'cv winter')
    fireEvent.change(field('リンクの種類'), { target: { value: 'INTERNAL' } })
    type('リンク先', 'https://www.example.com/')
    fireEvent.click(field('ゲスト'))
    fireEvent.click(field('無料会員'))
    fireEvent.click(field('プレミアム会員'))
    type('優先度', '101')
    type('日付', '2026-01-01')
    type('時刻', '10:00')
    save('下書きを保存する')
    expect(errorOf('広告名')).toBe('広告名を入力してください。')
    expect(errorOf('コンバージョンID')).toBe(
      'コンバージョンIDは、半角の英数字と記号で入力してください（スペースは使えません）。',
    )
    expect(errorOf('タイトル')).toBe('タイトルを入力してください。')
    expect(errorOf('リンク先')).toBe(
      'PuriBoxのページは、/ で始まるアドレスで入力してください（例: /web/payment）。',
    )
    expect(errorOf('画像を選ぶ')).toBe('広告の画像を選んでください。')
    expect(errorOf('ゲスト')).toBe('表示する相手を1つ以上選んでください。')
    expect(errorOf('優先度')).toBe('優先度は、0から100までの整数で入力してください。')
    expect(errorOf('日付')).toBe('配信終了日時は、いまより後にしてください。')
    expect(
      screen.getByRole('heading', { name: '入力内容にまちがいがあります。下の項目を確認してください。' }),
    ).toBeTruthy()
    // Nothing typed is lost.
    expect(field('リンク先').value).toBe('https://www.example.com/')
    expect(posts(calls)).toEqual([])
  })

  it('uploads a picture when chosen, keeps it and the half-typed ad through a reload, and sends the draft', async () => {
    const first = stubAdsApi({
      ...SPACES,
      [UPLOAD]: answer({ mediaUrl: PICTURE, width: 960, height: 480 }),
    })
    renderConsole(NEW)
    await screen.findByRole('heading', { name: '広告を作成', level: 1 })
    type('広告名', '冬の新色リップ')
    choosePicture()
    expect(await screen.findByText('画像を保存しました。下の画像で表示されます。')).toBeTruthy()
    expect(screen.getByRole('img', { name: '広告の画像' }).getAttribute('src')).toBe(PICTURE)
    expect(first.map((call) => call.key)).toContain(UPLOAD)
    fireEvent.click(field('ゲスト'))
    cleanup()

    const calls = stubAdsApi({
      ...SPACES,
      [CREATE]: answer(adminAd()),
      [`GET ${AD}`]: answer(adRead(adminAd(), reactionDays('2026-11-20', '2026-11-20'))),
    })
    const view = renderConsole(NEW)
    await screen.findByRole('heading', { name: '広告を作成', level: 1 })
    expect(
      screen.getByText('前回の入力途中の内容を表示しています。保存するまで、このタブに残ります。'),
    ).toBeTruthy()
    expect(field('広告名').value).toBe('冬の新色リップ')
    expect(screen.getByRole('img', { name: '広告の画像' }).getAttribute('src')).toBe(PICTURE)
    expect(field('ゲスト').checked).toBe(false)
    expect(field('無料会員').checked).toBe(true)
    type('コンバージョンID', 'cv-winter-lip')
    type('タイトル', '冬の新色リップ、プリ映えカラー')
    type('説明文', 'プリ機のライトの下でもかわいく写ります。')
    type('リンク先', 'https://www.example.com/lip')
    fireEvent.change(field('年齢'), { target: { value: 'OVER_25' } })
    type('優先度', '5')
    save('下書きを保存する')
    await waitFor(() => expect(view.address()).toBe(`/admin/ads/${AD_ID}`))
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        name: '冬の新色リップ',
        conversionId: 'cv-winter-lip',
        title: '冬の新色リップ、プリ映えカラー',
        text: 'プリ機のライトの下でもかわいく写ります。',
        linkType: 'EXTERNAL',
        linkUrl: 'https://www.example.com/lip',
        mediaType: 'IMAGE',
        mediaUrl: PICTURE,
        forGuests: false,
        forMini: true,
        forPremium: true,
        ageTarget: 'OVER_25',
        priority: 5,
        endsAt: null,
      },
    ])
    expect((await screen.findByRole('status')).textContent).toBe(
      '下書きを保存しました。会員には、まだ表示されません。',
    )
    expect(sessionStorage.getItem('puribox:draft:admin:ad:new:sp-top')).toBeNull()
  })

  it('tells a picture the server cannot read, and a conversion id taken, beside their fields', async () => {
    stubAdsApi({
      ...SPACES,
      [UPLOAD]: refusal('IMAGE_INVALID', 400),
      [CREATE]: refusal('AD_CONVERSION_ID_TAKEN', 409),
    })
    renderConsole(NEW)
    await screen.findByRole('heading', { name: '広告を作成', level: 1 })
    choosePicture()
    expect(await screen.findByText(/画像を読み取れませんでした。/)).toBeTruthy()
    choosePicture(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(errorOf('画像を選ぶ')).toBe('画像のファイルを選んでください。')
    typeTextAd()
    save('下書きを保存する')
    await waitFor(() =>
      expect(errorOf('コンバージョンID')).toBe(
        'このコンバージョンIDは、ほかの広告で使われています。広告ごとに別のIDにしてください。',
      ),
    )
  })

  it('offers no form to a viewer or support who followed a link to it', async () => {
    for (const role of ['VIEWER', 'SUPPORT'] as const) {
      stubAdsApi(SPACES, role)
      renderConsole(NEW)
      expect(
        (await screen.findByText(/この画面は、編集者か管理者だけが使えます。/)).closest('[role=status]'),
      ).toBeTruthy()
      expect(screen.queryByRole('button', { name: '下書きを保存する' })).toBeNull()
      cleanup()
    }
  })
})

describe('changing an ad', () => {
  it('sends only what changed with its reason, and says so when nothing did', async () => {
    const ad = adminAd({
      state: 'published',
      startsAt: '2026-11-20T01:00:00.000Z',
      mediaUrl: 'data:image/svg+xml;base64,AAAA',
    })
    const calls = stubAdsApi({
      ...SPACES,
      [`GET ${AD}`]: answer(adRead(ad, reactionDays('2026-11-20', '2026-11-20'))),
      [`PUT ${AD}`]: answer({ ...ad, title: '新しいタイトル' }),
    })
    renderConsole(`/admin/ads/${AD_ID}/edit`)
    await screen.findByRole('heading', { name: '広告の内容を変更', level: 1 })
    expect(
      await screen.findByText('この広告は配信中です。保存すると、すぐに会員への表示が変わります。'),
    ).toBeTruthy()
    save('変更を保存する')
    expect(
      (await screen.findByText('変更された項目がないため、保存しませんでした。')).getAttribute('role'),
    ).toBe('status')
    type('タイトル', '新しいタイトル')
    fireEvent.click(field('ゲスト'))
    type('理由（任意）', '広告主の依頼')
    save('変更を保存する')
    await screen.findByText('変更を保存しました。')
    expect(posts(calls).map((call) => call.body)).toEqual([
      { title: '新しいタイトル', forGuests: false, reason: '広告主の依頼' },
    ])
  })
})
