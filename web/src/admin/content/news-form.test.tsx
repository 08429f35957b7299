// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminNewsItem, answer, NEWS_API, NEWS_ID, refusal, stubContentApi } from './testing/content-fixtures'

const ITEM = `${NEWS_API}/${NEWS_ID}`
const item = adminNewsItem()

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const save = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
const posts = (calls: { key: string; body: unknown }[]) => calls.filter((call) => !call.key.startsWith('GET'))

/** Types a whole draft, as an editor would. */
function typeDraft() {
  fireEvent.change(field('種類'), { target: { value: 'important' } })
  type('タイトル', ' 年末年始のお休み ')
  type('本文', '12月31日から1月3日まで、\r\nお問い合わせへの返信をお休みします。')
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('writing a draft', () => {
  it('tells every field left wrong in Japanese, beside it, sending nothing and keeping what was typed', async () => {
    const calls = stubContentApi({})
    renderConsole('/admin/news/new')
    await screen.findByRole('heading', { name: 'お知らせを作成', level: 1 })
    type('ボタンの文字', '詳しく')
    type('日付', '2026-12-31')
    save('下書きを保存する')
    expect(errorOf('種類')).toBe('種類を選んでください。')
    expect(errorOf('タイトル')).toBe('タイトルを入力してください。')
    expect(errorOf('本文')).toBe('本文を入力してください。')
    expect(errorOf('リンク先')).toBe('ボタンの文字とリンク先は、両方入力するか、両方とも空欄にしてください。')
    expect(errorOf('日付')).toBe('掲載終了日時は、日付と時刻の両方を入力してください。')
    expect(
      screen.getByRole('heading', { name: '入力内容にまちがいがあります。下の項目を確認してください。' }),
    ).toBeTruthy()

    type('タイトル', 'あ'.repeat(81))
    type('本文', 'お休みします。')
    type('リンク先', 'javascript:alert(1)')
    type('時刻', '23:59')
    save('下書きを保存する')
    expect(errorOf('タイトル')).toBe('タイトルは、80文字以内で入力してください。')
    expect(errorOf('本文')).toBeUndefined()
    expect(errorOf('リンク先')).toBe(
      'リンク先は、https:// で始まるアドレスか、/ で始まるPuriBoxのページにしてください。',
    )
    type('タイトル', 'タブ\tつき')
    save('下書きを保存する')
    expect(errorOf('タイトル')).toBe('タイトルには、改行やタブなどの制御文字は使えません。')
    // Nothing typed is lost.
    expect(field('本文').value).toBe('お休みします。')
    expect(field('リンク先').value).toBe('javascript:alert(1)')
    expect(field('日付').value).toBe('2026-12-31')
    expect(posts(calls)).toEqual([])
  })

  it('keeps a half-typed draft through a reload, and forgets it once saved', async () => {
    stubContentApi({})
    renderConsole('/admin/news/new')
    await screen.findByRole('heading', { name: 'お知らせを作成', level: 1 })
    typeDraft()
    fireEvent.change(field('重要度'), { target: { value: '5' } })
    cleanup()

    const calls = stubContentApi({
      [`POST ${NEWS_API}`]: answer(item),
      [`GET ${ITEM}`]: answer(item),
    })
    const view = renderConsole('/admin/news/new')
    await screen.findByRole('heading', { name: 'お知らせを作成', level: 1 })
    expect(
      screen.getByText('前回の入力途中の内容を表示しています。保存するまで、このタブに残ります。'),
    ).toBeTruthy()
    expect(field('タイトル').value).toBe(' 年末年始のお休み ')
    expect(field<HTMLSelectElement>('重要度').value).toBe('5')
    type('リンク先', '/sp/top/menu')
    type('ボタンの文字', 'メニューへ')
    type('日付', '2026-12-31')
    type('時刻', '23:59')
    save('下書きを保存する')
    await waitFor(() => expect(view.address()).toBe(`/admin/news/${NEWS_ID}`))
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        category: 'important',
        title: '年末年始のお休み',
        body: '12月31日から1月3日まで、\nお問い合わせへの返信をお休みします。',
        link: { label: 'メニューへ', url: '/sp/top/menu' },
        priorityLevel: 5,
        publishUntil: '2026-12-31T23:59:00+09:00',
      },
    ])
    expect((await screen.findByRole('status')).textContent).toBe(
      '下書きを保存しました。会員には、まだ表示されません。',
    )
    expect(sessionStorage.getItem('puribox:draft:admin:news:new')).toBeNull()
  })

  it('forgets a draft on request, and when the operator goes back without sending', async () => {
    stubContentApi({ 'GET /admin/api/news': answer({ items: [], next: null }) })
    renderConsole('/admin/news/new')
    await screen.findByRole('heading', { name: 'お知らせを作成', level: 1 })
    typeDraft()
    cleanup()
    const view = renderConsole('/admin/news/new')
    fireEvent.click(await screen.findByRole('button', { name: '入力途中の内容を消す' }))
    expect(field('タイトル').value).toBe('')
    expect(screen.queryByText(/前回の入力途中の内容/)).toBeNull()
    typeDraft()
    fireEvent.click(screen.getByRole('link', { name: 'やめる' }))
    await waitFor(() => expect(view.address()).toBe('/admin/news'))
    expect(sessionStorage.getItem('puribox:draft:admin:news:new')).toBeNull()
  })

  it('keeps what was typed when the server refuses it, and says why', async () => {
    stubContentApi({ [`POST ${NEWS_API}`]: refusal('NETWORK', 0) })
    renderConsole('/admin/news/new')
    await screen.findByRole('heading', { name: 'お知らせを作成', level: 1 })
    typeDraft()
    save('下書きを保存する')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'サーバーに接続できませんでした。ネットワークの接続を確認して、もう一度お試しください。',
    )
    expect(field('タイトル').value).toBe(' 年末年始のお休み ')
  })

  it('offers no form to a viewer or support who followed a link to it', async () => {
    for (const role of ['VIEWER', 'SUPPORT'] as const) {
      stubContentApi({}, role)
      renderConsole('/admin/news/new')
      expect(
        await screen.findByText(
          'この画面は、編集者か管理者だけが使えます。いまの権限では、作成や変更はできません。',
        ),
      ).toBeTruthy()
      expect(screen.queryByRole('button', { name: '下書きを保存する' })).toBeNull()
      cleanup()
    }
  })
})

describe('changing an item', () => {
  const published = adminNewsItem({
    state: 'published',
    publishAt: '2026-11-20T00:00:00.000Z',
    publishUntil: '2026-12-31T14:59:30.000Z',
    link: { label: '詳しく', url: 'https://example.com/a' },
    priorityLevel: 3,
  })

  it('starts from the item, warns that members see it, and sends only what changed with the reason', async () => {
    const calls = stubContentApi({
      [`GET ${ITEM}`]: answer(published),
      [`PUT ${ITEM}`]: answer({ ...published, title: '年末年始のお休みについて', link: null }),
    })
    const view = renderConsole(`/admin/news/${NEWS_ID}/edit`)
    await screen.findByRole('heading', { name: 'お知らせの内容を変更', level: 1 })
    await waitFor(() => expect(field('タイトル').value).toBe('年末年始のお休み'))
    expect(
      screen.getByText('このお知らせは公開中です。保存すると、すぐに会員への表示が変わります。'),
    ).toBeTruthy()
    expect(field<HTMLSelectElement>('種類').value).toBe('important')
    expect(field('日付').value).toBe('2026-12-31')
    expect(field('時刻').value).toBe('23:59')

    // Nothing changed (the end's seconds are not the operator's): nothing is sent.
    save('変更を保存する')
    expect((await screen.findByRole('status')).textContent).toBe(
      '変更された項目がないため、保存しませんでした。',
    )

    // An end before the publication is told before sending.
    type('日付', '2026-11-19')
    save('変更を保存する')
    expect(errorOf('日付')).toBe('掲載終了日時は、公開日時（2026/11/20 09:00）より後にしてください。')
    type('日付', '2026-12-31')

    type('タイトル', '年末年始のお休みについて')
    type('ボタンの文字', '')
    type('リンク先', '')
    type('理由（任意）', '題名を直した')
    save('変更を保存する')
    await waitFor(() => expect(view.address()).toBe(`/admin/news/${NEWS_ID}`))
    expect(posts(calls).map((call) => call.body)).toEqual([
      { title: '年末年始のお休みについて', link: null, reason: '題名を直した' },
    ])
    expect((await screen.findByRole('status')).textContent).toBe('変更を保存しました。')
  })

  it('clears the end when both its fields are emptied', async () => {
    const calls = stubContentApi({ [`GET ${ITEM}`]: answer(published), [`PUT ${ITEM}`]: answer(published) })
    renderConsole(`/admin/news/${NEWS_ID}/edit`)
    await waitFor(() => expect(field('タイトル').value).toBe('年末年始のお休み'))
    type('日付', '')
    type('時刻', '')
    save('変更を保存する')
    await waitFor(() => expect(posts(calls).map((call) => call.body)).toEqual([{ publishUntil: null }]))
  })

  it('says so when the item is not there', async () => {
    stubContentApi({ [`GET ${ITEM}`]: refusal('NEWS_NOT_FOUND', 404) })
    renderConsole(`/admin/news/${NEWS_ID}/edit`)
    expect((await screen.findByRole('alert')).textContent).toContain('このお知らせは見つかりませんでした。')
  })
})
