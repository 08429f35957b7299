// @vitest-environment jsdom
import type { Audition } from '@puribox/contract/auditions'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserPage } from '../../../lib/page-navigation'
import { mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { AuditionScreen } from './audition-screen'

const LIST = 'GET /sp/2/auditions/self'
const CHECK_ID = '3f2a0b1c-0000-4000-8000-000000000001'
const startKey = (id: string) => `POST /sp/2/auditions/self/${id}/checks`
const checkKey = (id: string) => `GET /sp/2/auditions/self/checks/${id}`

function audition(overrides: Partial<Audition> & { id: string }): Audition {
  return {
    title: '新機種イメージモデル オーディション',
    organizer: 'PuriBox',
    description: '1行目\n2行目',
    minAge: 13,
    maxAge: 19,
    closesAt: '2027-05-20T12:00:00',
    eligibility: 'ELIGIBLE',
    check: null,
    guardianConsentRequired: false,
    step: (overrides.eligibility ?? 'ELIGIBLE') === 'ELIGIBLE' ? 'IDENTITY_CHECK' : null,
    guardianConsent: null,
    application: null,
    ...overrides,
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/**
 * A member back from the verifier: the auditions open to them (`teen`), and the check `CHECK_ID`
 * of `auditionId` in `state`.
 */
function backFromVerifier(check: { auditionId: string; state: string; completedAt: string | null }) {
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
    [LIST]: () => wrapperResponse({ entity: { auditions: [audition({ id: 'teen' })] } }),
    [checkKey(CHECK_ID)]: () =>
      wrapperResponse({ entity: { id: CHECK_ID, startedAt: '2026-11-20T12:00:00', ...check } }),
  })
}

describe('AuditionScreen', () => {
  it('lists the auditions open to the member, those outside the age range apart, and starts a check', async () => {
    const load = vi.spyOn(browserPage, 'load').mockImplementation(() => undefined)
    const calls = mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [LIST]: () =>
        wrapperResponse({
          entity: {
            auditions: [
              audition({ id: 'teen' }),
              audition({
                id: 'adult',
                title: '大人プリ 広告モデル',
                minAge: 20,
                maxAge: 34,
                eligibility: 'TOO_YOUNG',
              }),
            ],
          },
        }),
      [startKey('teen')]: () =>
        wrapperResponse({
          entity: {
            check: {
              id: CHECK_ID,
              auditionId: 'teen',
              state: 'PENDING',
              startedAt: '2026-11-20T12:00:00',
              completedAt: null,
            },
            redirectUrl: 'http://localhost:3000/_sandbox/verify/session/vs_1',
          },
        }),
    })
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const card = await screen.findByRole('article', { name: '新機種イメージモデル オーディション' })
    expect(card.textContent).toContain('対象：13〜19歳')
    expect(card.textContent).toContain('応募締切：2027年5月20日 12:00まで')
    const other = screen.getByRole('article', { name: '大人プリ 広告モデル' })
    expect(other.textContent).toContain('20歳から応募できます。')
    expect(within(other).queryByRole('button')).toBeNull()
    expect(screen.getByText('年齢の条件に合わないオーディション（1件）')).toBeTruthy()

    fireEvent.click(within(card).getByRole('button', { name: '本人確認に進む' }))
    await vi.waitFor(() =>
      expect(load).toHaveBeenCalledWith('http://localhost:3000/_sandbox/verify/session/vs_1'),
    )
    expect(within(card).getByRole('button', { name: '本人確認のページに移動しています…' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(calls.filter((call) => call.key === startKey('teen'))).toHaveLength(1)
  })

  it('asks for the birthday in the profile, with a way back here', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('PREMIUM') }),
      [LIST]: () =>
        wrapperResponse({
          entity: { auditions: [audition({ id: 'teen', eligibility: 'BIRTHDAY_REQUIRED' })] },
        }),
    })
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const link = await screen.findByRole('link', { name: '生年月日を登録する' })
    expect(link.getAttribute('href')).toBe('/sp/setting/userinfo?from=%2Fsp%2Faudition')
    expect(screen.queryByRole('button', { name: '本人確認に進む' })).toBeNull()
  })

  it('shows the outcome the server read from the verifier on the way back', async () => {
    const calls = backFromVerifier({
      auditionId: 'teen',
      state: 'VERIFIED',
      completedAt: '2026-11-20T12:05:00',
    })
    renderWithProviders(<AuditionScreen />, { path: `/sp/audition?check=${CHECK_ID}` })
    const heading = await screen.findByRole('heading', { name: '本人確認ができました' })
    const result = heading.closest('section')!
    expect(result.getAttribute('role')).toBe('status')
    expect(result.textContent).toContain('「新機種イメージモデル オーディション」への応募を受け付けました')
    expect(calls.some((call) => call.key === checkKey(CHECK_ID))).toBe(true)
  })

  it.each([
    [
      'REJECTED',
      '本人確認ができませんでした',
      '「新機種イメージモデル オーディション」の本人確認ができませんでした',
    ],
    [
      'ABANDONED',
      '本人確認を中断しました',
      '「新機種イメージモデル オーディション」の本人確認は終わっていません',
    ],
    [
      'EXPIRED',
      '本人確認の時間が過ぎました',
      '「新機種イメージモデル オーディション」の本人確認は、30分以内に',
    ],
  ])('names the audition in a %s outcome as in a success', async (state, title, body) => {
    backFromVerifier({ auditionId: 'teen', state, completedAt: null })
    renderWithProviders(<AuditionScreen />, { path: `/sp/audition?check=${CHECK_ID}` })
    const heading = await screen.findByRole('heading', { name: title })
    expect(heading.closest('section')!.textContent).toContain(body)
  })

  it('calls an audition no longer listed "this audition" rather than leaving 「」', async () => {
    backFromVerifier({ auditionId: 'closed', state: 'VERIFIED', completedAt: '2026-11-20T12:05:00' })
    renderWithProviders(<AuditionScreen />, { path: `/sp/audition?check=${CHECK_ID}` })
    const heading = await screen.findByRole('heading', { name: '本人確認ができました' })
    const text = heading.closest('section')!.textContent
    expect(text).toContain('このオーディションへの応募を受け付けました')
    expect(text).not.toContain('「」')
  })

  it('says the verifier is down in Japanese, and offers to try again', async () => {
    mockApi({
      'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
      [LIST]: () => wrapperResponse({ entity: { auditions: [audition({ id: 'teen' })] } }),
      [startKey('teen')]: () =>
        wrapperResponse({ error: { code: 'IDENTITY_VERIFIER_UNAVAILABLE', message: 'down' } }, 503),
      [checkKey(CHECK_ID)]: () =>
        wrapperResponse({ error: { code: 'IDENTITY_VERIFIER_UNAVAILABLE', message: 'down' } }, 503),
    })
    renderWithProviders(<AuditionScreen />, { path: `/sp/audition?check=${CHECK_ID}` })
    const failure = await screen.findByText('本人確認の結果を確かめられませんでした')
    expect(failure.parentElement?.textContent).toContain('本人確認サービスにつながりませんでした')
    expect(within(failure.parentElement!).getByRole('button', { name: 'もう一度試す' })).toBeTruthy()

    const card = screen.getByRole('article', { name: '新機種イメージモデル オーディション' })
    fireEvent.click(within(card).getByRole('button', { name: '本人確認に進む' }))
    const alert = await within(card).findByRole('alert')
    expect(alert.textContent).toBe(
      '本人確認サービスにつながりませんでした。時間をおいて、もう一度お試しください。',
    )
    expect(within(card).getByRole('button', { name: '本人確認に進む' })).toHaveProperty('disabled', false)
  })
})
