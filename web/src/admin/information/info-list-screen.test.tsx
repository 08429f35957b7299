// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminDocuments,
  adminPage,
  answer,
  INFO_API,
  stubInfoApi,
  versionSummary,
} from './testing/info-fixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** A page of published versions as the history route answers it. */
const history = (items: ReturnType<typeof versionSummary>[], next: string | null = null) =>
  answer({ items, next })

describe('the information pages and policies in the console', () => {
  it('lists every page with what members see, what is scheduled and the drafts, the policies marked', async () => {
    stubInfoApi({
      [`GET ${INFO_API}`]: answer(
        adminDocuments((document) =>
          document.page === 'privacyPolicy'
            ? {
                ...document,
                scheduled: [
                  versionSummary({
                    version: '2026-12-01',
                    state: 'scheduled',
                    publishedAt: '2026-11-30T15:00:00.000Z',
                  }),
                ],
                drafts: 2,
              }
            : document,
        ),
      ),
    })
    renderConsole('/admin/information')
    await screen.findByRole('heading', { name: '規約・ポリシー', level: 1 })
    const list = await screen.findByRole('list', { name: '規約・ポリシーの一覧' })
    const cards = within(list).getAllByRole('region')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      '利用規約',
      'プライバシーポリシー同意が必要',
      'プリ利用規約',
      'プレミアム会員規約',
      '決済サービスについて',
      '運営ポリシー',
      '個人情報の取り扱いについて',
      'PuriBox特約（情報の外部送信）同意が必要',
    ])
    const privacy = cards[1] as HTMLElement
    expect(privacy.textContent).toContain('新しい版を公開すると、会員にもう一度同意をお願いします。')
    expect(privacy.textContent).toContain('公開中の版版「2026-04-01」2026/04/01 00:00に公開')
    expect(privacy.textContent).toContain('版「2026-12-01」（2026/12/01 00:00に公開）')
    expect(privacy.textContent).toContain('下書き2件')
    expect(within(privacy).getByRole('link', { name: 'プライバシーポリシー' }).getAttribute('href')).toBe(
      '/admin/information/privacyPolicy',
    )
    // Nothing here changes anything: an editor is told nothing about reading only.
    expect(screen.queryByText(/見ることだけができます/)).toBeNull()
  })

  it("shows a policy's page: its agreements, drafts and published versions, with a new version for editors", async () => {
    stubInfoApi({
      [`GET ${INFO_API}/privacyPolicy`]: answer(
        adminPage({
          drafts: [versionSummary({ version: 'next', state: 'draft', publishedAt: null, title: '改定案' })],
        }),
      ),
      [`GET ${INFO_API}/privacyPolicy/history`]: history([versionSummary()], '2026-04-01'),
      [`GET ${INFO_API}/privacyPolicy/history?after=2026-04-01`]: history([
        versionSummary({ version: '2025-04-01', state: 'past', publishedAt: '2025-03-31T15:00:00.000Z' }),
      ]),
    })
    renderConsole('/admin/information/privacyPolicy')
    await screen.findByRole('heading', { name: 'プライバシーポリシー', level: 1 })
    const agreement = await screen.findByRole('region', { name: /会員の同意/ })
    expect(agreement.textContent).toContain(
      'いま同意が必要な版は「2026-04-01」で、1234人の会員が同意しています。',
    )
    expect(agreement.textContent).toContain('次にログインしたときに、新しい版への同意を求められます。')
    const drafts = screen.getByRole('list', { name: '下書き' })
    expect(within(drafts).getByRole('link', { name: '版「next」' }).getAttribute('href')).toBe(
      '/admin/information/privacyPolicy/versions/next',
    )
    expect(screen.getByRole('link', { name: '新しい版を作成' }).getAttribute('href')).toBe(
      '/admin/information/privacyPolicy/new',
    )
    const members = screen.getByRole('link', { name: /会員向けのページを開く/ })
    expect(members.getAttribute('href')).toBe('/web/common/information/privacyPolicy')
    expect(members.getAttribute('target')).toBe('_blank')
    const published = await screen.findByRole('list', { name: '公開した版' })
    expect(within(published).getAllByRole('listitem')).toHaveLength(1)
    screen.getByRole('button', { name: 'さらに表示' }).click()
    expect(await screen.findByRole('link', { name: '版「2025-04-01」' })).toBeTruthy()
    expect(await screen.findByText('これ以上の版はありません。')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'このページの監査ログ' }).getAttribute('href')).toBe(
      '/admin/audit?targetKind=information-page&targetId=privacyPolicy',
    )
  })

  it('offers a viewer nothing to change, and says the role reads only', async () => {
    stubInfoApi(
      {
        [`GET ${INFO_API}/terms`]: answer(adminPage({ page: 'terms', policy: null })),
        [`GET ${INFO_API}/terms/history`]: history([versionSummary({ title: '利用規約' })]),
      },
      'VIEWER',
    )
    renderConsole('/admin/information/terms')
    await screen.findByRole('heading', { name: '利用規約', level: 1 })
    expect(await screen.findByText(/閲覧者の権限では、見ることだけができます。/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: '新しい版を作成' })).toBeNull()
    expect(screen.queryByRole('region', { name: /会員の同意/ })).toBeNull()
  })

  it('leaves an address naming no page to the not-found screen', async () => {
    stubInfoApi({})
    renderConsole('/admin/information/commercialLaw')
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません', level: 1 })).toBeTruthy()
  })
})
