// @vitest-environment jsdom
import type { GuardianConsentRequest } from '@puribox/contract/auditions'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { ConsentScreen } from './consent-screen'

const READ = 'POST /sp/2/auditions/guardian_consents/read'
const ANSWER = 'POST /sp/2/auditions/guardian_consents/answer'
const TOKEN = 'q3ZkL0b6yR1Jm8Vd2xW9cT4pNf7sHa5gEu0iKo3BnQe'
const PAGE = `/sp/audition/consent?token=${TOKEN}`

const request: GuardianConsentRequest = {
  referenceNumber: 'GC261120-7K3M',
  relation: 'MOTHER',
  audition: {
    title: '新機種イメージモデル オーディション',
    organizer: 'ミルキー',
    description: '春の新機種のモデル\n撮影は東京です',
    closesAt: '2027-05-20T23:59:59',
  },
  requestedAt: '2026-11-20T12:00:00',
  expiresAt: '2026-11-23T12:00:00',
}

function serve(more: Record<string, ApiHandler> = {}) {
  return mockApi({ [READ]: () => wrapperResponse({ entity: request }), ...more })
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('ConsentScreen', () => {
  it("shows the request in PuriBox's words, and keeps an agreement only once it is ticked", async () => {
    const calls = serve({
      [ANSWER]: () =>
        wrapperResponse({
          entity: { state: 'AGREED', referenceNumber: 'GC261120-7K3M', answeredAt: '2026-11-20T13:00:00' },
        }),
    })
    renderWithProviders(<ConsentScreen />, { path: PAGE })
    await screen.findByRole('heading', { name: '新機種イメージモデル オーディション' })
    expect(calls[0]!.body).toEqual({ token: TOKEN })
    const page = document.body.textContent ?? ''
    for (const shown of [
      'あなたは応募する方の「母」として',
      '主催：ミルキー',
      '撮影は東京です',
      'GC261120-7K3M',
      '2026年11月23日 12:00',
      '応募番号・生年月日・応募時の年齢・本人確認の結果・保護者の方の同意（続柄と日時）',
      'あなたのお名前とメールアドレスは、主催者に送りません',
    ]) {
      expect(page).toContain(shown)
    }

    fireEvent.click(screen.getByRole('button', { name: '同意する' }))
    expect(await screen.findByText('同意する場合は、確認のチェックを入れてください。')).toBeTruthy()
    expect(calls.some((call) => call.key === ANSWER)).toBe(false)

    fireEvent.click(screen.getByRole('checkbox', { name: /このオーディションへの応募に同意します/ }))
    fireEvent.click(screen.getByRole('button', { name: '同意する' }))
    const done = await screen.findByRole('heading', { name: '同意を受け付けました' })
    expect(calls.find((call) => call.key === ANSWER)!.body).toEqual({
      token: TOKEN,
      answer: 'AGREE',
      confirmed: true,
    })
    expect(done.closest('section')!.textContent).toContain('受付番号 GC261120-7K3M・2026年11月20日 13:00')
    expect(screen.queryByRole('button', { name: '同意する' })).toBeNull()

    // A reload shows the answer again; the link, used, is not read again.
    cleanup()
    const reads = calls.filter((call) => call.key === READ).length
    vi.spyOn(Storage.prototype, 'clear').mockImplementation(() => undefined)
    renderWithProviders(<ConsentScreen />, { path: PAGE })
    vi.mocked(Storage.prototype.clear).mockRestore()
    expect(await screen.findByRole('heading', { name: '同意を受け付けました' })).toBeTruthy()
    expect(calls.filter((call) => call.key === READ)).toHaveLength(reads)
  })

  it('keeps a refusal without the tick', async () => {
    const calls = serve({
      [ANSWER]: () =>
        wrapperResponse({
          entity: { state: 'DECLINED', referenceNumber: 'GC261120-7K3M', answeredAt: '2026-11-20T13:00:00' },
        }),
    })
    renderWithProviders(<ConsentScreen />, { path: PAGE })
    fireEvent.click(await screen.findByRole('button', { name: '同意しない' }))
    expect(await screen.findByRole('heading', { name: '同意しないことを受け付けました' })).toBeTruthy()
    expect(calls.find((call) => call.key === ANSWER)!.body).toMatchObject({ answer: 'DECLINE' })
  })

  it.each([
    ['AUDITION_CONSENT_LINK_INVALID', 404, 'このリンクは使えません。'],
    ['AUDITION_CONSENT_LINK_EXPIRED', 410, 'このリンクの有効期限（72時間）が過ぎました。'],
    ['AUDITION_CONSENT_LINK_REPLACED', 410, 'いちばん新しいメールのリンクを開いてください。'],
    ['AUDITION_CONSENT_ANSWERED', 410, 'この同意のお願いには、もう回答済みです。'],
    ['AUDITION_CONSENT_BY_APPLICANT', 403, 'ログアウトしてからリンクを開いてください。'],
  ])('says in Japanese why the link does not work: %s', async (code, status, said) => {
    serve({ [READ]: () => wrapperResponse({ error: { code, message: code } }, status) })
    renderWithProviders(<ConsentScreen />, { path: PAGE })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('同意のお願いを開けませんでした')
    expect(alert.textContent).toContain(said)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('says the answer was not kept when the link stopped working meanwhile', async () => {
    serve({
      [ANSWER]: () =>
        wrapperResponse({ error: { code: 'AUDITION_CONSENT_LINK_EXPIRED', message: 'late' } }, 410),
    })
    renderWithProviders(<ConsentScreen />, { path: PAGE })
    fireEvent.click(await screen.findByRole('checkbox', { name: /同意します/ }))
    fireEvent.click(screen.getByRole('button', { name: '同意する' }))
    expect((await screen.findByRole('alert')).textContent).toContain('有効期限（72時間）が過ぎました')
  })

  it('asks nothing of the server without a token', async () => {
    const calls = serve()
    renderWithProviders(<ConsentScreen />, { path: '/sp/audition/consent' })
    expect((await screen.findByRole('alert')).textContent).toContain('リンクの一部が欠けているようです')
    expect(calls).toEqual([])
  })
})
