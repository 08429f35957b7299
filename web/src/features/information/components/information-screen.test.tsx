// @vitest-environment jsdom
import type { Block, InformationDocument } from '@puribox/contract/information'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { InformationScreen } from './information-screen'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const API = '/sp/2/information'

const text = (value: string) => ({ type: 'text' as const, text: value })

function doc(overrides: Partial<InformationDocument> = {}): InformationDocument {
  return {
    page: 'terms',
    title: '利用規約',
    version: '2026-04-01',
    publishedAt: '2026-04-01T00:00:00',
    versions: [{ version: '2026-04-01', publishedAt: '2026-04-01T00:00:00' }],
    blocks: [
      { type: 'paragraph', content: [text('この利用規約は、約束ごとを定めたものです。')] },
      { type: 'heading', level: 2, id: 's1', content: [text('第1条（本規約への同意）')] },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [
          [
            text('くわしくは'),
            { type: 'link', text: 'プリ利用規約', href: '/web/common/information/puriTerms' },
            text('をご覧ください。'),
          ],
          [text('一行目'), { type: 'break' }, { type: 'strong', text: '大切なこと' }],
        ],
      },
      { type: 'list', ordered: false, start: 1, items: [[text('号の一つ目')]] },
      { type: 'heading', level: 3, id: 's2', content: [text('お問い合わせ')] },
      {
        type: 'paragraph',
        content: [
          { type: 'link', text: 'support@puribox.jp', href: 'mailto:support@puribox.jp' },
          text(' / '),
          { type: 'link', text: 'Google', href: 'https://policies.google.com/privacy?hl=ja' },
        ],
      },
    ],
    ...overrides,
  }
}

const TABLE: Block = {
  type: 'table',
  head: [[text('送信先の事業者')], [text('送信する情報')], [text('利用の目的')]],
  rows: [
    [[text('Google LLC')], [text('閲覧したページ')], [text('アクセス解析')]],
    [[text('LINEヤフー株式会社')], [text('Cookie')], [text('広告の効果の測定')]],
  ],
}

function open(path: string) {
  return renderWithProviders(<InformationScreen />, { path })
}

describe('InformationScreen', () => {
  it('shows a loading state, then the document with its date and version', async () => {
    let answer!: (response: Response) => void
    const calls = mockApi({ [`GET ${API}/terms`]: () => new Promise((resolve) => (answer = resolve)) })
    open('/web/common/information/terms')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('利用規約')
    expect(screen.getByRole('status').textContent).toContain('読み込んでいます')

    answer(wrapperResponse({ entity: doc() }))
    expect(await screen.findByRole('heading', { level: 2, name: '第1条（本規約への同意）' })).toBeTruthy()
    expect(calls.map((call) => call.key)).toEqual([`GET ${API}/terms`])
    expect(screen.getByText('2026年4月1日 公開')).toBeTruthy()
    expect(screen.getByText('版：2026-04-01')).toBeTruthy()
    expect(window.document.title).toBe('利用規約 | PuriBox')
    expect(screen.queryByRole('status')).toBeNull()
    // One version: no older-version notice, no list of versions.
    expect(screen.queryByRole('note')).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'これまでの版' })).toBeNull()
  })

  it('renders headings, numbered and plain lists, bold, line breaks and each kind of link', async () => {
    mockApi({ [`GET ${API}/terms`]: () => wrapperResponse({ entity: doc() }) })
    open('/web/common/information/terms')
    const article = await screen.findByRole('article')
    const heading = within(article).getByRole('heading', { level: 2 })
    expect(heading.id).toBe('doc-s1')
    expect(within(article).getByRole('heading', { level: 3 }).textContent).toBe('お問い合わせ')
    const [ordered, plain] = within(article).getAllByRole('list')
    expect(ordered?.tagName).toBe('OL')
    expect(ordered?.getAttribute('start')).toBe('1')
    expect(within(ordered!).getAllByRole('listitem')).toHaveLength(2)
    expect(plain?.tagName).toBe('UL')
    expect(article.querySelector('strong')?.textContent).toBe('大切なこと')
    expect(article.querySelectorAll('br')).toHaveLength(1)

    expect(within(article).getByRole('link', { name: 'プリ利用規約' }).getAttribute('href')).toBe(
      '/web/common/information/puriTerms',
    )
    expect(within(article).getByRole('link', { name: 'support@puribox.jp' }).getAttribute('href')).toBe(
      'mailto:support@puribox.jp',
    )
    const external = within(article).getByRole('link', { name: /Google/ })
    expect(external.getAttribute('href')).toBe('https://policies.google.com/privacy?hl=ja')
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
    expect(external.textContent).toContain('新しいタブで開きます')
  })

  it('shows a table with every cell labelled by its column, for the stacked layout of a phone', async () => {
    mockApi({
      [`GET ${API}/externalTransmission`]: () =>
        wrapperResponse({
          entity: doc({
            page: 'externalTransmission',
            title: 'PuriBox特約（情報の外部送信）',
            blocks: [TABLE],
          }),
        }),
    })
    open('/web/common/information/externalTransmission')
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['送信先の事業者', '送信する情報', '利用の目的'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const cells = within(rows[1]!).getAllByRole('cell')
    expect(cells.map((cell) => [cell.dataset.label, cell.textContent])).toEqual([
      ['送信先の事業者', 'LINEヤフー株式会社'],
      ['送信する情報', 'Cookie'],
      ['利用の目的', '広告の効果の測定'],
    ])
  })

  it('never turns text into markup, and shows an unsafe link a server might send as text only', async () => {
    mockApi({
      [`GET ${API}/terms`]: () =>
        wrapperResponse({
          entity: doc({
            blocks: [
              {
                type: 'paragraph',
                content: [text('<img src=x onerror="alert(1)"><script>alert(2)</script>')],
              },
              {
                type: 'paragraph',
                content: [
                  { type: 'link', text: '押して', href: 'javascript:alert(1)' },
                  { type: 'link', text: 'こちらも', href: '//evil.example/' },
                  { type: 'link', text: 'データ', href: 'data:text/html,<script>alert(3)</script>' },
                ],
              },
            ],
          }),
        }),
    })
    open('/web/common/information/terms')
    const article = await screen.findByRole('article')
    expect(article.querySelector('img, script')).toBeNull()
    expect(article.textContent).toContain('<script>alert(2)</script>')
    expect(within(article).queryAllByRole('link')).toEqual([])
    expect(article.textContent).toContain('押してこちらもデータ')
  })

  it('asks for the version in the address, says it is an older one, and links to the one in force', async () => {
    const versions = [
      { version: '2026-12-01', publishedAt: '2026-12-01T00:00:00' },
      { version: '2026-04-01', publishedAt: '2026-04-01T00:00:00' },
    ]
    const calls = mockApi({
      [`GET ${API}/privacyPolicy?version=2026-04-01`]: () =>
        wrapperResponse({
          entity: doc({ page: 'privacyPolicy', title: 'プライバシーポリシー', versions }),
        }),
    })
    const { location } = open('/web/common/information/privacyPolicy?version=2026-04-01')
    const note = await screen.findByRole('note')
    expect(calls.map((call) => call.key)).toEqual([`GET ${API}/privacyPolicy?version=2026-04-01`])
    expect(note.textContent).toContain(
      'これは以前の版です。いま適用されているのは、2026年12月1日に公開した版です。',
    )
    expect(within(note).getByRole('link', { name: '最新の版を見る' }).getAttribute('href')).toBe(
      '/web/common/information/privacyPolicy',
    )

    const list = screen.getByRole('navigation', { name: 'これまでの版' })
    expect(within(list).getByText('2026年4月1日 公開').getAttribute('aria-current')).toBe('page')
    fireEvent.click(within(list).getByRole('link', { name: '2026年12月1日 公開（最新）' }))
    expect(location.history.at(-1)).toBe('/web/common/information/privacyPolicy')
  })

  it('says an unknown version is not there, as a 404 of this page, with the way to the one in force', async () => {
    mockApi({
      [`GET ${API}/terms?version=1999-01-01`]: () =>
        wrapperResponse({ error: { code: 'NOT_FOUND', message: 'no such version' } }, 404),
    })
    open('/web/common/information/terms?version=1999-01-01')
    const alert = await screen.findByRole('alert')
    // The not-found picture, which the app's not-found screen shows too.
    expect(alert.querySelector('.illustration--lost')).not.toBeNull()
    expect(alert.textContent).toContain('指定された版が見つかりません')
    expect(alert.textContent).toContain('「1999-01-01」という版はありません。')
    expect(within(alert).getByRole('link', { name: '最新の版を見る' }).getAttribute('href')).toBe(
      '/web/common/information/terms',
    )
    // The rest of the page is still there.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('利用規約')
    expect(screen.getByRole('navigation', { name: 'ほかの規約・ポリシー' })).toBeTruthy()
  })

  it('takes an empty ?version= as the version in force', async () => {
    const calls = mockApi({ [`GET ${API}/terms`]: () => wrapperResponse({ entity: doc() }) })
    open('/web/common/information/terms?version=')
    await screen.findByRole('article')
    expect(calls.map((call) => call.key)).toEqual([`GET ${API}/terms`])
  })

  it('when loading fails, says so and tries again on a tap', async () => {
    let failing = true
    const calls = mockApi({
      [`GET ${API}/operatingPolicy`]: () =>
        failing
          ? Promise.reject(new TypeError('Failed to fetch'))
          : wrapperResponse({ entity: doc({ page: 'operatingPolicy', title: '運営ポリシー' }) }),
    })
    open('/web/common/information/operatingPolicy')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('ページを読み込めませんでした。')
    failing = false
    fireEvent.click(within(alert).getByRole('button', { name: 'もう一度試す' }))
    expect(await screen.findByRole('article')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('運営ポリシー')
    expect(calls).toHaveLength(2)
  })

  it('offers a folded table of contents for a long document, linked to its chapters', async () => {
    const chapters = ['第1条（目的）', '第2条（定義）', '第3条（登録）', '第4条（退会）']
    mockApi({
      [`GET ${API}/terms`]: () =>
        wrapperResponse({
          entity: doc({
            blocks: chapters.flatMap((chapter, index) => [
              { type: 'heading' as const, level: 2 as const, id: `s${index + 1}`, content: [text(chapter)] },
              { type: 'paragraph' as const, content: [text('本文')] },
            ]),
          }),
        }),
    })
    open('/web/common/information/terms')
    fireEvent.click(await screen.findByText('目次（4項目）'))
    const contents = screen.getByRole('navigation', { name: '目次' })
    const links = within(contents).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      chapters.map((chapter, index) => [chapter, `#doc-s${index + 1}`]),
    )
  })

  it('lists the other documents at its foot, the commercial-law notice among them, not itself', async () => {
    mockApi({ [`GET ${API}/privacy`]: () => wrapperResponse({ entity: doc({ page: 'privacy' }) }) })
    open('/web/common/information/privacy')
    const others = screen.getByRole('navigation', { name: 'ほかの規約・ポリシー' })
    const links = within(others).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/web/common/information/terms',
      '/web/common/information/puriTerms',
      '/web/common/information/operatingPolicy',
      '/web/common/information/privacyPolicy',
      '/web/common/information/externalTransmission',
      '/web/common/information/paymentTerms',
      '/web/common/information/paymentProvider',
      '/web/common/information/commercialLaw',
    ])
    expect(links.map((link) => link.textContent)).toContain('特定商取引法に基づく表記')
    await waitFor(() => expect(screen.getByRole('article')).toBeTruthy())
  })
})
