// @vitest-environment jsdom
import type { CertificateUpload } from '@puribox/contract/jhs-free'
import { links } from '@puribox/contract/pages'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { JhsFreeScreen } from './jhs-free-screen'

const upload = (slot: CertificateUpload['slot']): CertificateUpload => ({
  id: `id-${slot}`,
  slot,
  fileName: `${slot}.jpg`,
  byteSize: 100,
  offset: 100,
  state: 'COMPLETE',
  contentType: 'image/jpeg',
  createdAt: '2026-11-20T12:00:00',
})

const STATE = {
  application: null,
  canApply: true,
  blocker: null,
  isPremium: false,
  uploads: [upload('kind'), upload('insurance'), upload('schoolFront'), upload('schoolBack')],
}

/** A second-year pupil on the test clock's day (the school year of November 2026 began in April). */
function secondYearDraft() {
  const schoolYear = 2026
  return {
    familyName: '山田',
    givenName: '花子',
    birthYear: String(schoolYear - 14),
    birthMonth: '6',
    birthDay: '1',
    mailAddress: 'hanako@example.jp',
    grade: '2',
    kindDocument: 'PASSPORT',
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.location.hash = ''
})

describe('JhsFreeScreen', () => {
  it('sends the application once when 申し込む is tapped twice in a row', async () => {
    const applied: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`
        if (key === 'GET /sp/2/account/self') return wrapperResponse({ entity: accountStatus('MINI') })
        if (key === 'GET /sp/2/jhs_free/self') return wrapperResponse({ entity: STATE })
        if (key === 'POST /sp/2/jhs_free/self/application') {
          applied.push(init?.body)
          return applied.length === 1
            ? wrapperResponse({ entity: { ...STATE, uploads: [] } })
            : wrapperResponse({ error: { code: 'JHS_APPLICATION_PENDING', message: 'pending' } }, 409)
        }
        return new Response('', { status: 404 })
      }),
    )
    window.location.hash = '#/input/confirm'
    renderWithProviders(<JhsFreeScreen />, { path: '/sp/jhs_free' })
    sessionStorage.setItem('puribox:draft:jhsFree:a1', JSON.stringify(secondYearDraft()))

    const submit = await screen.findByRole('button', { name: '申し込む' })
    fireEvent.click(submit)
    fireEvent.click(submit)

    expect(await screen.findByText('申し込みを受け付けました')).toBeTruthy()
    expect(applied).toHaveLength(1)
    expect(window.location.hash).toBe('#/input/sent')
  })

  it('says once on the sent page that it is under review and the result comes by mail, and links on to my page', async () => {
    const submitted = {
      ...STATE,
      canApply: false,
      blocker: 'PENDING',
      uploads: [],
      application: {
        id: 'app1',
        state: 'SUBMITTED',
        familyName: '山田',
        givenName: '花子',
        grade: 2,
        submittedAt: '2026-11-20T12:00:00',
        reviewedAt: null,
        rejectReason: null,
        premiumUntil: null,
      },
    }
    let applied = false
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`
        if (key === 'GET /sp/2/account/self') return wrapperResponse({ entity: accountStatus('MINI') })
        if (key === 'GET /sp/2/jhs_free/self') return wrapperResponse({ entity: applied ? submitted : STATE })
        if (key === 'POST /sp/2/jhs_free/self/application') {
          applied = true
          return wrapperResponse({ entity: submitted })
        }
        return new Response('', { status: 404 })
      }),
    )
    window.location.hash = '#/input/confirm'
    renderWithProviders(<JhsFreeScreen />, { path: '/sp/jhs_free' })
    sessionStorage.setItem('puribox:draft:jhsFree:a1', JSON.stringify(secondYearDraft()))
    fireEvent.click(await screen.findByRole('button', { name: '申し込む' }))

    const sent = (await screen.findByRole('heading', { name: '申し込みを受け付けました' })).closest(
      'section',
    )!
    expect(sent.textContent).toContain('審査中')
    expect(sent.textContent).toContain('確認が終わったら、hanako@example.jp にメールでお知らせします。')
    const page = document.body.textContent ?? ''
    expect(page.match(/受け付けました/g)).toHaveLength(1)
    expect(page.match(/メールでお知らせします/g)).toHaveLength(1)
    expect(screen.queryByRole('link', { name: '申し込みの状況を見る' })).toBeNull()
    expect(screen.getByRole('link', { name: 'マイページへ' }).getAttribute('href')).toBe(links.mypage)
  })
  it('focuses the first wrong field from the top of the form: the grade above the mail address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`
        if (key === 'GET /sp/2/account/self') return wrapperResponse({ entity: accountStatus('MINI') })
        if (key === 'GET /sp/2/jhs_free/self') return wrapperResponse({ entity: STATE })
        return new Response('', { status: 404 })
      }),
    )
    window.location.hash = '#/input/profile'
    renderWithProviders(<JhsFreeScreen />, { path: '/sp/jhs_free' })
    sessionStorage.setItem(
      'puribox:draft:jhsFree:a1',
      JSON.stringify({ ...secondYearDraft(), grade: '3', mailAddress: 'hanako@example' }),
    )

    fireEvent.click(await screen.findByRole('button', { name: '確認画面へ' }))

    expect(await screen.findByText(/いま中学2年生です/)).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('学年'))
  })
})
