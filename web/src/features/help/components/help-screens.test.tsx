// @vitest-environment jsdom
import type { HelpDocument } from '@puribox/contract/help'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route } from 'wouter'
import { renderWithProviders } from '../../../testing/render'
import { HelpAnswerScreen } from './help-answer-screen'
import { HelpCategoryScreen } from './help-category-screen'

const document: HelpDocument = {
  updatedAt: '2026-11-20T12:00:00',
  categories: [
    {
      id: 'premium',
      title: 'プレミアム会員について',
      lead: '料金やお支払い方法について。',
      answers: [
        {
          id: 'premium-price',
          question: 'プレミアム会員の料金はいくらですか？',
          featured: true,
          body: [
            { type: 'text', text: '月額330円（税込）です。' },
            { type: 'steps', items: ['お支払い方法を選びます。', 'お支払いを済ませます。'] },
            { type: 'note', text: '解約するまで続きます。' },
            { type: 'link', label: 'プレミアム会員について見る', href: '/web/payment' },
          ],
          keywords: ['料金'],
          related: ['cancel-how', 'gone-answer'],
        },
      ],
    },
    {
      id: 'cancel',
      title: '解約について',
      lead: '解約のしかたについて。',
      answers: [
        {
          id: 'cancel-how',
          question: 'プレミアム会員を解約するには？',
          featured: false,
          body: [{ type: 'list', items: ['フッターの「プレミアム会員の解約」を開きます。'] }],
          keywords: ['かいやく'],
          related: [],
        },
      ],
    },
  ],
}

function answerHelp(status = 200) {
  const fetch = vi.fn(async (_url: string) =>
    status === 200
      ? new Response(JSON.stringify(document), { headers: { 'Content-Type': 'application/json' } })
      : new Response(
          JSON.stringify({ entity: null, error: { code: 'INTERNAL_ERROR', message: 'x' }, clock: null }),
          {
            status,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function renderHelp(path: string) {
  return renderWithProviders(
    <>
      <Route path="/web/common/help/top/:categoryId" component={HelpCategoryScreen} />
      <Route path="/web/common/help/answer/:answerId" component={HelpAnswerScreen} />
    </>,
    { path },
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the help top', () => {
  it('fetches the static help with a timestamp of the current five minutes, and lists the categories', async () => {
    const fetch = answerHelp()
    renderHelp('/web/common/help/top/index')
    expect(await screen.findByRole('heading', { level: 1, name: 'ヘルプ' })).toBeTruthy()
    const url = fetch.mock.calls[0]![0]
    expect(url).toMatch(/^\/static\/help\.json\?t=\d+$/)
    expect(Number(url.split('=')[1]) % 300).toBe(0)
    const categories = screen.getByRole('heading', { name: 'カテゴリからさがす' }).closest('section')!
    expect(
      within(categories)
        .getByRole('link', { name: /プレミアム会員について/ })
        .getAttribute('href'),
    ).toBe('/web/common/help/top/premium')
    const featured = screen.getByRole('heading', { name: 'よくある質問' }).closest('section')!
    expect(
      within(featured)
        .getByRole('link', { name: 'プレミアム会員の料金はいくらですか？' })
        .getAttribute('href'),
    ).toBe('/web/common/help/answer/premium-price')
    expect(screen.getByRole('link', { name: 'お問い合わせする' }).getAttribute('href')).toBe(
      '/sp/common/inquiry',
    )
  })

  it('asks once when the screen is left and opened again while the help is on its way', async () => {
    let answer: ((response: Response) => void) | undefined
    const fetch = vi.fn(
      (_url: string) =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    )
    vi.stubGlobal('fetch', fetch)
    const routes = <Route path="/web/common/help/top/:categoryId" component={HelpCategoryScreen} />
    const { rerender } = renderHelp('/web/common/help/top/index')
    expect(fetch).toHaveBeenCalledTimes(1)
    rerender(null)
    rerender(routes)
    answer?.(new Response(JSON.stringify(document), { headers: { 'Content-Type': 'application/json' } }))
    expect(await screen.findByRole('heading', { name: 'よくある質問' })).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('searches as one types, in hiragana too, and keeps the search in the address', async () => {
    answerHelp()
    const { location } = renderHelp('/web/common/help/top/index')
    const box = await screen.findByRole('searchbox', { name: 'キーワードでさがす' })
    fireEvent.change(box, { target: { value: 'ぷれみあむ' } })
    expect(await screen.findByRole('heading', { name: '「ぷれみあむ」の検索結果' })).toBeTruthy()
    expect(screen.getByText('2件の質問が見つかりました。')).toBeTruthy()
    expect(screen.getByRole('link', { name: /プレミアム会員の料金はいくらですか？/ })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'カテゴリからさがす' })).toBeNull()
    expect(location.history?.at(-1)).toBe(
      `/web/common/help/top/index?q=${encodeURIComponent('ぷれみあむ')}`.replace(/%20/g, '+'),
    )
    fireEvent.change(box, { target: { value: '  ' } })
    expect(await screen.findByRole('heading', { name: 'カテゴリからさがす' })).toBeTruthy()
    expect(location.history?.at(-1)).toBe('/web/common/help/top/index')
  })

  it('opens with the search of its address (a reload keeps it), odd and huge ones included', async () => {
    answerHelp()
    renderHelp(`/web/common/help/top/index?q=${encodeURIComponent('ﾌﾟﾚﾐ')}`)
    expect(((await screen.findByRole('searchbox')) as HTMLInputElement).value).toBe('ﾌﾟﾚﾐ')
    expect(await screen.findByRole('heading', { name: '「ﾌﾟﾚﾐ」の検索結果' })).toBeTruthy()
    cleanup()
    renderHelp(`/web/common/help/top/index?q=${'%E3%81%82'.repeat(5000)}&q=x`)
    const box = (await screen.findByRole('searchbox')) as HTMLInputElement
    expect(Array.from(box.value)).toHaveLength(100)
    expect(await screen.findByText(/に合う質問は見つかりませんでした/)).toBeTruthy()
  })

  it('says clearly when nothing is found, with the way to the inquiry page and to the categories', async () => {
    answerHelp()
    renderHelp('/web/common/help/top/index?q=ぴよぴよ')
    expect(
      await screen.findByRole('heading', { name: '「ぴよぴよ」に合う質問は見つかりませんでした' }),
    ).toBeTruthy()
    const none = screen.getByRole('heading', { name: /見つかりませんでした/ }).closest('section')!
    expect(none.textContent).toContain('お問い合わせからご連絡ください')
    // The way to ask comes right after it, once.
    expect(screen.getByRole('link', { name: 'お問い合わせする' }).getAttribute('href')).toBe(
      '/sp/common/inquiry',
    )
    fireEvent.click(within(none).getByRole('button', { name: 'カテゴリからさがす' }))
    expect(await screen.findByRole('heading', { name: 'カテゴリからさがす' })).toBeTruthy()
  })

  it('says why when the help cannot be loaded, with a retry', async () => {
    const fetch = answerHelp(500)
    renderHelp('/web/common/help/top/index')
    expect(await screen.findByText('ヘルプを表示できませんでした。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})

describe('a category and an answer', () => {
  it('lists a category’s questions, with the way back to the help top', async () => {
    answerHelp()
    renderHelp('/web/common/help/top/premium')
    expect(await screen.findByRole('heading', { level: 1, name: 'プレミアム会員について' })).toBeTruthy()
    const list = screen.getByRole('list', { name: '質問一覧' })
    expect(within(list).getByRole('link').getAttribute('href')).toBe('/web/common/help/answer/premium-price')
    expect(screen.getByRole('link', { name: 'ヘルプトップへ戻る' }).getAttribute('href')).toBe(
      '/web/common/help/top/index',
    )
  })

  it('shows an answer as it is written, its related questions and the way to ask', async () => {
    answerHelp()
    renderHelp('/web/common/help/answer/premium-price')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'プレミアム会員の料金はいくらですか？' }),
    ).toBeTruthy()
    const answer = screen.getByRole('article')
    expect(within(answer).getByText('月額330円（税込）です。')).toBeTruthy()
    expect(
      within(answer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['お支払い方法を選びます。', 'お支払いを済ませます。'])
    expect(
      within(answer).getByRole('link', { name: 'プレミアム会員について見る' }).getAttribute('href'),
    ).toBe('/web/payment')
    const related = screen.getByRole('heading', { name: '関連する質問' }).closest('section')!
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['プレミアム会員を解約するには？'])
    const crumbs = screen.getByRole('navigation', { name: '現在の位置' })
    expect(within(crumbs).getByRole('link', { name: 'プレミアム会員について' }).getAttribute('href')).toBe(
      '/web/common/help/top/premium',
    )
    expect(screen.getByRole('link', { name: 'お問い合わせする' })).toBeTruthy()
  })

  it.each([
    ['/web/common/help/answer/no-such-answer', 'この質問は見つかりませんでした'],
    ['/web/common/help/answer/%3Cscript%3E', 'この質問は見つかりませんでした'],
    ['/web/common/help/top/no-such-category', 'このカテゴリは見つかりませんでした'],
    [`/web/common/help/top/${'x'.repeat(3000)}`, 'このカテゴリは見つかりませんでした'],
  ])('answers an unknown id (%s) with a page that says so and leads back', async (path, title) => {
    answerHelp()
    renderHelp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ヘルプトップへ' }).getAttribute('href')).toBe(
      '/web/common/help/top/index',
    )
    expect(screen.getByRole('link', { name: 'お問い合わせする' }).getAttribute('href')).toBe(
      '/sp/common/inquiry',
    )
  })
})
