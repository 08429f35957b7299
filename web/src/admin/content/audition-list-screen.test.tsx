// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { AUDITIONS_API, adminAudition } from './testing/audition-fixtures'
import { answer, stubContentApi } from './testing/content-fixtures'

const LIST = `GET ${AUDITIONS_API}`
const { progress: _progress, ...open } = adminAudition({ applicationsSent: 3 })
const upcoming = {
  ...open,
  id: 'model-2027-spring',
  state: 'upcoming' as const,
  title: '2027年春 新機種イメージモデル',
  organizer: 'PuriBox × ミルキー',
  minAge: 13,
  maxAge: 19,
  opensAt: '2026-12-01T01:00:00.000Z',
  applicationsSent: 0,
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the audition list', () => {
  it('lists every audition with its state, ages, window in Japan time and applications sent, each linking to its page', async () => {
    stubContentApi({ [LIST]: answer({ items: [upcoming, open], next: null }) })
    renderConsole('/admin/auditions')
    await screen.findByRole('heading', { name: 'オーディション', level: 1 })
    expect(document.title).toBe('オーディション | PuriBox 管理')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]?.textContent).toBe(
      '2027年春 新機種イメージモデルPuriBox × ミルキー受付前13〜19歳2026/12/01 10:00 〜 2026/12/31 23:590件',
    )
    expect(rows()[1]?.textContent).toBe(
      '大人プリ 広告モデル オーディションPuriBox受付中20〜34歳2026/11/20 10:00 〜 2026/12/31 23:593件',
    )
    expect(screen.getByText('受付開始日時が新しい順に表示しています。')).toBeTruthy()
    expect(
      screen.getByRole('link', { name: '大人プリ 広告モデル オーディション' }).getAttribute('href'),
    ).toBe('/admin/auditions/adult-ad-2027')
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: 'オーディション' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(screen.getByRole('link', { name: 'オーディションを作成' }).getAttribute('href')).toBe(
      '/admin/auditions/new',
    )
  })

  it('shows one state through the address, says its order, and pages from the server’s cursor', async () => {
    const calls = stubContentApi({
      [`${LIST}?state=open`]: answer({ items: [open], next: open.id }),
      [`${LIST}?state=open&after=${open.id}`]: answer({ items: [], next: null }),
    })
    renderConsole('/admin/auditions?state=open')
    await waitFor(() => expect(rows()).toHaveLength(1))
    const states = screen.getByRole('navigation', { name: '状態で絞り込む' })
    expect(within(states).getByRole('link', { name: '受付中' }).getAttribute('aria-current')).toBe('page')
    expect(within(states).getByRole('link', { name: '終了' }).getAttribute('href')).toBe(
      '/admin/auditions?state=closed',
    )
    expect(screen.getByText('締め切りが近い順に表示しています。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    expect(await screen.findByText('これ以上のオーディションはありません。')).toBeTruthy()
    expect([...new Set(calls.map((call) => call.key).filter((key) => key.startsWith(LIST)))]).toEqual([
      `${LIST}?state=open`,
      `${LIST}?state=open&after=${open.id}`,
    ])
  })

  it('says a state the address names is none, and when there is nothing to show', async () => {
    stubContentApi({ [`${LIST}?state=closed`]: answer({ items: [], next: null }) })
    renderConsole('/admin/auditions?state=finished')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このURLの状態では絞り込めません。上の状態から選んでください。',
    )
    cleanup()
    renderConsole('/admin/auditions?state=closed')
    expect(await screen.findByText('「終了」のオーディションはありません。')).toBeTruthy()
  })

  it('offers a viewer and support no way to make one, and says who does', async () => {
    for (const role of ['VIEWER', 'SUPPORT'] as const) {
      stubContentApi({ [LIST]: answer({ items: [open], next: null }) }, role)
      renderConsole('/admin/auditions')
      await waitFor(() => expect(rows()).toHaveLength(1))
      expect(screen.queryByRole('link', { name: 'オーディションを作成' })).toBeNull()
      expect(screen.getByText(/の権限では、見ることだけができます。/).textContent).toContain(
        'オーディションの作成・変更・締め切りは、編集者か管理者が行います。',
      )
      cleanup()
      vi.unstubAllGlobals()
    }
  })
})
