// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminModel, adminShop } from '../booths/testing/booth-fixtures'
import { renderConsole } from '../testing/render-console'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'
import { adminCoupon, COUPON_ID, COUPONS_API } from './testing/coupon-fixtures'

const ITEM = `${COUPONS_API}/${COUPON_ID}`
const SHOPS = `GET /admin/api/booths/shops?q=${encodeURIComponent('渋谷')}&limit=10`
const MODELS = 'GET /admin/api/booths/models'
const DRAFT_KEY = 'puribox:draft:admin:coupon:new'

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const choose = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (control: HTMLElement) =>
  within(control.closest('.field, fieldset') as HTMLElement).queryByRole('alert')?.textContent
/** The date or time control of one of the form's two times (they share their labels). */
const timeOf = (legend: string, part: '日付' | '時刻') =>
  within(screen.getByRole('group', { name: legend })).getByLabelText<HTMLInputElement>(part)
const setTime = (legend: string, date: string, time: string) => {
  fireEvent.change(timeOf(legend, '日付'), { target: { value: date } })
  fireEvent.change(timeOf(legend, '時刻'), { target: { value: time } })
}
const save = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
const posts = (calls: { key: string; body: unknown }[]) => calls.filter((call) => !call.key.startsWith('GET'))

/** Types a whole coupon but where it is used, as an editor would. */
function typeCoupon() {
  type('タイトル', ' 冬のプレミアム感謝クーポン ')
  type('特典', '1回 100円引き')
  type('利用条件', 'どの店舗でも使えます。\r\n1回だけ使えます。')
  choose('対象', 'PREMIUM')
  type('有効期間（日数）', '１４')
  setTime('配布開始日時', '2026-12-01', '10:00')
  setTime('配布終了日時（任意）', '2026-12-31', '23:59')
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('making a coupon', () => {
  it('tells every field left empty in Japanese, beside it, sending nothing', async () => {
    const calls = stubContentApi({})
    renderConsole('/admin/coupons/new')
    await screen.findByRole('heading', { name: 'クーポンを作成', level: 1 })
    save('下書きを保存する')
    expect(errorOf(field('タイトル'))).toBe('タイトルを入力してください。')
    expect(errorOf(field('特典'))).toBe('特典を入力してください。')
    expect(errorOf(field('利用条件'))).toBe('利用条件を入力してください。')
    expect(errorOf(field('対象'))).toBe('対象を選んでください。')
    expect(errorOf(field('有効期間（日数）'))).toBe('有効期間（日数）を入力してください。')
    expect(errorOf(timeOf('配布開始日時', '日付'))).toBe('配布開始日時の日付と時刻を入力してください。')
    expect(
      screen.getByRole('heading', { name: '入力内容にまちがいがあります。下の項目を確認してください。' }),
    ).toBeTruthy()
    expect(posts(calls)).toEqual([])
  })

  it('tells what is typed wrong, and a window that closes before it opens or has closed', async () => {
    const calls = stubContentApi({})
    renderConsole('/admin/coupons/new')
    await screen.findByRole('heading', { name: 'クーポンを作成', level: 1 })
    typeCoupon()
    type('タイトル', 'あ'.repeat(61))
    type('有効期間（日数）', '400')
    setTime('配布終了日時（任意）', '2026-11-30', '10:00')
    choose('使える店舗・機種', 'SHOP')
    save('下書きを保存する')
    expect(errorOf(field('タイトル'))).toBe('タイトルは、60文字以内で入力してください。')
    expect(errorOf(field('有効期間（日数）'))).toBe(
      '有効期間は、1から366までの日数を数字で入力してください。',
    )
    expect(errorOf(timeOf('配布終了日時（任意）', '日付'))).toBe(
      '配布終了日時は、配布開始日時より後にしてください。',
    )
    expect(errorOf(field('店舗名・市区町村・住所'))).toBe('店舗をさがして、1つ選んでください。')

    setTime('配布開始日時', '2026-11-01', '10:00')
    setTime('配布終了日時（任意）', '2026-11-19', '10:00')
    save('下書きを保存する')
    expect(errorOf(timeOf('配布終了日時（任意）', '日付'))).toBe(
      '配布終了日時が過ぎています。いまより後の日時にしてください。',
    )
    expect(posts(calls)).toEqual([])
  })

  it('keeps a half-made coupon, the chosen shop included, through a reload, and forgets it once saved', async () => {
    stubContentApi({ [SHOPS]: answer({ shops: [adminShop()], next: null }) })
    renderConsole('/admin/coupons/new')
    await screen.findByRole('heading', { name: 'クーポンを作成', level: 1 })
    typeCoupon()
    choose('使える店舗・機種', 'SHOP')
    const words = field('店舗名・市区町村・住所')
    fireEvent.change(words, { target: { value: '渋谷' } })
    // Enter searches: it does not send the coupon.
    fireEvent.keyDown(words, { key: 'Enter' })
    fireEvent.click(await screen.findByRole('button', { name: 'プリスタ渋谷店にする' }))
    expect(await screen.findByText('プリスタ渋谷店')).toBeTruthy()
    await waitFor(() => expect(sessionStorage.getItem(DRAFT_KEY)).toContain('プリスタ渋谷店'))
    cleanup()

    const saved = adminCoupon({ scope: 'SHOP' })
    const calls = stubContentApi({ [`POST ${COUPONS_API}`]: answer(saved), [`GET ${ITEM}`]: answer(saved) })
    const view = renderConsole('/admin/coupons/new')
    await screen.findByRole('heading', { name: 'クーポンを作成', level: 1 })
    expect(
      screen.getByText('前回の入力途中の内容を表示しています。保存するまで、このタブに残ります。'),
    ).toBeTruthy()
    expect(field('タイトル').value).toBe(' 冬のプレミアム感謝クーポン ')
    expect(field<HTMLSelectElement>('対象').value).toBe('PREMIUM')
    expect(screen.getByText('プリスタ渋谷店')).toBeTruthy()
    save('下書きを保存する')
    await waitFor(() => expect(view.address()).toBe(`/admin/coupons/${COUPON_ID}`))
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        title: '冬のプレミアム感謝クーポン',
        benefit: '1回 100円引き',
        conditions: 'どの店舗でも使えます。\n1回だけ使えます。',
        grant: 'PREMIUM',
        validDays: 14,
        scope: 'SHOP',
        shopId: adminShop().id,
        modelIds: [],
        startsAt: '2026-12-01T10:00:00+09:00',
        endsAt: '2026-12-31T23:59:00+09:00',
      },
    ])
    expect((await screen.findByRole('status')).textContent).toBe(
      '下書きを保存しました。会員には、まだ届きません。',
    )
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it('applies a coupon to the models ticked', async () => {
    const second = adminModel({ id: 'milky-moon', name: 'ミルキームーン' })
    const calls = stubContentApi({
      [MODELS]: answer({ models: [adminModel(), second] }),
      [`POST ${COUPONS_API}`]: answer(adminCoupon()),
      [`GET ${ITEM}`]: answer(adminCoupon()),
    })
    renderConsole('/admin/coupons/new')
    await screen.findByRole('heading', { name: 'クーポンを作成', level: 1 })
    typeCoupon()
    choose('使える店舗・機種', 'MODELS')
    await screen.findByLabelText(/ミルキームーン/)
    save('下書きを保存する')
    expect((await screen.findByText('機種を1つ以上選んでください。')).getAttribute('role')).toBe('alert')
    fireEvent.click(screen.getByLabelText(/ミルキームーン/))
    save('下書きを保存する')
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0]?.body).toMatchObject({ scope: 'MODELS', shopId: null, modelIds: ['milky-moon'] })
  })

  it('offers no form to a viewer or support who followed a link to it', async () => {
    for (const role of ['VIEWER', 'SUPPORT'] as const) {
      stubContentApi({}, role)
      renderConsole('/admin/coupons/new')
      expect(
        await screen.findByText(
          'この画面は、編集者か管理者だけが使えます。いまの権限では、クーポンの作成や変更はできません。',
        ),
      ).toBeTruthy()
      expect(screen.queryByRole('button', { name: '下書きを保存する' })).toBeNull()
      cleanup()
      vi.unstubAllGlobals()
    }
  })
})

describe('changing a draft', () => {
  it('starts from the draft, saves nothing when nothing changed, and sends it whole with the reason', async () => {
    const draft = adminCoupon()
    const calls = stubContentApi({
      [`GET ${ITEM}`]: answer(draft),
      [`PUT ${ITEM}`]: answer({ ...draft, title: '冬の感謝クーポン' }),
    })
    const view = renderConsole(`/admin/coupons/${COUPON_ID}/edit`)
    await screen.findByRole('heading', { name: 'クーポンの内容を変更', level: 1 })
    await waitFor(() => expect(field('タイトル').value).toBe('冬のプレミアム感謝クーポン'))
    expect(field('有効期間（日数）').value).toBe('14')
    expect(timeOf('配布開始日時', '日付').value).toBe('2026-11-20')
    expect(timeOf('配布開始日時', '時刻').value).toBe('10:00')
    save('変更を保存する')
    expect((await screen.findByRole('status')).textContent).toBe(
      '変更された項目がないため、保存しませんでした。',
    )

    type('タイトル', '冬の感謝クーポン')
    type('理由（任意）', '題名を短くした')
    save('変更を保存する')
    await waitFor(() => expect(view.address()).toBe(`/admin/coupons/${COUPON_ID}`))
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        title: '冬の感謝クーポン',
        benefit: '1回 100円引き',
        conditions: 'どの店舗でも使えます。\n1回だけ使えます。',
        grant: 'PREMIUM',
        validDays: 14,
        scope: 'EVERY_BOOTH',
        shopId: null,
        modelIds: [],
        startsAt: '2026-11-20T10:00:00+09:00',
        endsAt: '2026-12-31T23:59:00+09:00',
        reason: '題名を短くした',
      },
    ])
  })

  it('offers no form for a published coupon, and tells one the server refuses', async () => {
    stubContentApi({ [`GET ${ITEM}`]: answer(adminCoupon({ state: 'published' })) })
    renderConsole(`/admin/coupons/${COUPON_ID}/edit`)
    expect(await screen.findByText(/このクーポンは公開済みのため、内容を変更できません。/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: '変更を保存する' })).toBeNull()
    cleanup()
    vi.unstubAllGlobals()

    stubContentApi({
      [`GET ${ITEM}`]: answer(adminCoupon()),
      [`PUT ${ITEM}`]: refusal('COUPON_STATE_CONFLICT', 409),
    })
    renderConsole(`/admin/coupons/${COUPON_ID}/edit`)
    await waitFor(() => expect(field('タイトル').value).toBe('冬のプレミアム感謝クーポン'))
    type('タイトル', '冬の感謝クーポン')
    save('変更を保存する')
    expect((await screen.findByRole('alert')).textContent).toContain(
      'いまの状態のクーポンには、この操作はできません。',
    )
    expect(field('タイトル').value).toBe('冬の感謝クーポン')
  })
})
