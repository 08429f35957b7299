// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  APPLICATION_ID,
  APPLICATIONS_API,
  answer,
  applicationSummary,
  OTHER_ID,
  refusal,
  stubApplicationsApi,
} from './testing/application-fixtures'

const QUEUE = `GET ${APPLICATIONS_API}`
const counts = { SUBMITTED: 1, APPROVED: 1, REJECTED: 0 }
const waiting = applicationSummary()
const approved = applicationSummary({
  id: OTHER_ID,
  state: 'APPROVED',
  familyName: '佐藤',
  givenName: '葵',
  grade: 1,
  submittedAt: '2026-11-01T05:30:00.000Z',
  reviewedAt: '2026-11-02T01:00:00.000Z',
  premiumEndsAt: '2029-03-31T15:00:00.000Z',
})

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const tabs = () => within(screen.getByRole('navigation', { name: '状態で絞り込み' }))
/** The queue's requests, each once (StrictMode renders a screen twice in the tests). */
const queueCalls = (calls: { key: string }[]) => [
  ...new Set(calls.filter((call) => call.key.startsWith(QUEUE)).map((call) => call.key)),
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the junior-high queue', () => {
  it('lists the applications as the server orders them, each linking to its page, with the counts per state', async () => {
    stubApplicationsApi({ [QUEUE]: answer({ applications: [waiting, approved], counts, next: null }) })
    renderConsole('/admin/applications')
    await screen.findByRole('heading', { name: '中学生無料プレミアムの申し込み', level: 1 })
    expect(document.title).toBe('中学生無料プレミアムの申し込み | PuriBox 管理')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]?.textContent).toBe('山田 花子審査待ち中学2年生2026/11/18 10:002028年3月31日まで')
    expect(rows()[1]?.textContent).toBe('佐藤 葵承認済み中学1年生2026/11/01 14:302029年3月31日まで')
    expect(screen.getByRole('link', { name: '山田 花子' }).getAttribute('href')).toBe(
      `/admin/applications/${APPLICATION_ID}`,
    )
    expect(screen.getByText('これ以上の申し込みはありません。')).toBeTruthy()
    // The tabs count each state; all is the one shown.
    expect(tabs().getByRole('link', { name: 'すべて 2' }).getAttribute('aria-current')).toBe('page')
    expect(tabs().getByRole('link', { name: '審査待ち 1' }).getAttribute('href')).toBe(
      '/admin/applications?state=SUBMITTED',
    )
    expect(tabs().getByRole('link', { name: '不承認 0' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: '中学生の申し込み' }).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it('shows one state through the address, and asks the server for it', async () => {
    const calls = stubApplicationsApi({
      [QUEUE]: answer({ applications: [waiting, approved], counts, next: null }),
      [`${QUEUE}?state=APPROVED`]: answer({ applications: [approved], counts, next: null }),
    })
    const view = renderConsole('/admin/applications')
    await waitFor(() => expect(rows()).toHaveLength(2))
    fireEvent.click(tabs().getByRole('link', { name: '承認済み 1' }))
    await waitFor(() => expect(view.address()).toBe('/admin/applications?state=APPROVED'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]?.textContent).toContain('佐藤 葵')
    expect(tabs().getByRole('link', { name: '承認済み 1' }).getAttribute('aria-current')).toBe('page')
    expect(queueCalls(calls)).toEqual([QUEUE, `${QUEUE}?state=APPROVED`])
  })

  it('opens at the state of its address, and shows the next page from the cursor with the same state', async () => {
    const later = applicationSummary({ id: OTHER_ID, familyName: '鈴木', givenName: '凛' })
    const calls = stubApplicationsApi({
      [`${QUEUE}?state=SUBMITTED`]: answer({ applications: [waiting], counts, next: 'cursor-1' }),
      [`${QUEUE}?state=SUBMITTED&after=cursor-1`]: answer({ applications: [later], counts, next: null }),
    })
    renderConsole('/admin/applications?state=SUBMITTED')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByText('1件を表示しています。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.getByText('2件を表示しています。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull()
    expect(queueCalls(calls)).toEqual([`${QUEUE}?state=SUBMITTED`, `${QUEUE}?state=SUBMITTED&after=cursor-1`])
  })

  it('tells a state the server would refuse, asking nothing, with the way to all of them', async () => {
    const calls = stubApplicationsApi({})
    renderConsole('/admin/applications?state=PENDING')
    expect(await screen.findByText('URLの状態の指定が正しくありません。')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'すべての申し込みを表示' }).getAttribute('href')).toBe(
      '/admin/applications',
    )
    expect(queueCalls(calls)).toEqual([])
  })

  it('says when a state has no application', async () => {
    stubApplicationsApi({
      [`${QUEUE}?state=SUBMITTED`]: answer({
        applications: [],
        counts: { SUBMITTED: 0, APPROVED: 3, REJECTED: 1 },
        next: null,
      }),
    })
    renderConsole('/admin/applications?state=SUBMITTED')
    expect(await screen.findByRole('heading', { name: '該当する申し込みはありません' })).toBeTruthy()
    expect(screen.getByText('審査待ちの申し込みはありません。')).toBeTruthy()
    expect(tabs().getByRole('link', { name: 'すべて 4' })).toBeTruthy()
  })

  it('points out a waiting application whose premium ends soon, or has ended, and no end for a rejected one', async () => {
    stubApplicationsApi({
      [QUEUE]: answer({
        applications: [
          // 20 days after the tests' day, and the day before it.
          applicationSummary({ premiumEndsAt: '2026-12-10T15:00:00.000Z' }),
          applicationSummary({ id: OTHER_ID, premiumEndsAt: '2026-11-19T15:00:00.000Z' }),
          applicationSummary({
            id: '0192f0c4-0000-7000-8000-0000000000a3',
            state: 'REJECTED',
            reviewedAt: '2026-11-19T01:00:00.000Z',
          }),
        ],
        counts: { SUBMITTED: 2, APPROVED: 0, REJECTED: 1 },
        next: null,
      }),
    })
    renderConsole('/admin/applications')
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(rows()[0]?.textContent).toContain('2026年12月10日まで期限が近づいています')
    expect(rows()[1]?.textContent).toContain('2026年11月19日まで期限を過ぎています（承認できません）')
    expect(rows()[2]?.textContent).toMatch(/不承認.*なし$/)
  })

  it('names no applicant to a role that may not read it', async () => {
    stubApplicationsApi(
      {
        [QUEUE]: answer({
          applications: [applicationSummary({ familyName: '***', givenName: '***' })],
          counts,
          next: null,
        }),
      },
      'VIEWER',
    )
    renderConsole('/admin/applications')
    const link = await screen.findByRole('link', { name: '申込者（非表示）' })
    expect(link.getAttribute('href')).toBe(`/admin/applications/${APPLICATION_ID}`)
    expect(screen.queryByText(/\*\*\*/)).toBeNull()
  })

  it('says so when the queue could not be read, with a way to try again', async () => {
    stubApplicationsApi({ [QUEUE]: refusal('INTERNAL_ERROR', 500) })
    renderConsole('/admin/applications')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('申し込みを表示できませんでした。')
    expect(within(alert).getByRole('button', { name: 'もう一度試す' })).toBeTruthy()
  })

  it('is listed on the home with the other sections', async () => {
    stubApplicationsApi({})
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム', level: 1 })
    const link = within(screen.getByRole('main')).getByRole('link', { name: /^中学生の申し込み/ })
    expect(link.getAttribute('href')).toBe('/admin/applications')
    expect(link.textContent).toContain('書類の画像を見て承認・不承認にできます。')
  })
})
