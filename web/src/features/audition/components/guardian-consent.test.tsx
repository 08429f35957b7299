// @vitest-environment jsdom
import type { Audition, GuardianConsent } from '@puribox/contract/auditions'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ApiHandler, mockApi } from '../../../testing/mock-api'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { AuditionScreen } from './audition-screen'

const LIST = 'GET /sp/2/auditions/self'
const ASK = 'POST /sp/2/auditions/self/teen/guardian_consents'
const START = 'POST /sp/2/auditions/self/teen/checks'
const TITLE = '新機種イメージモデル オーディション'

/** A 17-year-old's card of the teenagers' audition, at `step`. */
function minorAudition(overrides: Partial<Audition> = {}): Audition {
  return {
    id: 'teen',
    title: TITLE,
    organizer: 'ミルキー',
    description: '春の新機種',
    minAge: 13,
    maxAge: 19,
    closesAt: '2027-05-20T12:00:00',
    eligibility: 'ELIGIBLE',
    check: null,
    guardianConsentRequired: true,
    step: 'GUARDIAN_CONSENT',
    guardianConsent: null,
    application: null,
    ...overrides,
  }
}

const pending: GuardianConsent = {
  state: 'PENDING',
  referenceNumber: 'GC261120-7K3M',
  guardianName: '山田 花子',
  relation: 'MOTHER',
  mailAddress: 'hanako@example.jp',
  requestedAt: '2026-11-20T12:00:00',
  expiresAt: '2026-11-23T12:00:00',
  answeredAt: null,
}

function serve(lists: Audition[][], more: Record<string, ApiHandler> = {}) {
  let shown = 0
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: accountStatus('MINI') }),
    [LIST]: () => {
      const auditions = lists[Math.min(shown, lists.length - 1)]!
      shown++
      return wrapperResponse({ entity: { auditions } })
    },
    ...more,
  })
}

const card = () => screen.findByRole('article', { name: TITLE })
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const fieldValue = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("a minor's application: the guardian's consent first", () => {
  it('asks for the guardian, not the identity check, and shows the request once it went', async () => {
    const calls = serve(
      [[minorAudition()], [minorAudition({ step: 'WAITING_FOR_GUARDIAN', guardianConsent: pending })]],
      { [ASK]: () => wrapperResponse({ entity: pending }) },
    )
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const teen = await card()
    expect(teen.textContent).toContain('応募の状況：保護者の同意が必要')
    expect(within(teen).queryByRole('button', { name: '本人確認に進む' })).toBeNull()
    expect(teen.textContent).toContain('保護者の方のお名前など、ここに入力した内容は書かれません')

    type(/保護者の方のお名前/, '　山田　花子　')
    fireEvent.change(screen.getByLabelText('あなたとの続柄'), { target: { value: 'MOTHER' } })
    type(/保護者の方のメールアドレス/, 'hanako@EXAMPLE.jp')
    fireEvent.click(within(teen).getByRole('button', { name: '保護者の方に同意のお願いを送る' }))

    const waiting = await within(teen).findByRole('region', { name: '保護者の方の同意を待っています' })
    expect(calls.find((call) => call.key === ASK)!.body).toEqual({
      guardianName: '山田 花子',
      relation: 'MOTHER',
      mailAddress: 'hanako@example.jp',
    })
    expect(teen.textContent).toContain('応募の状況：同意待ち')
    for (const shown of [
      'hanako@example.jp',
      '山田 花子',
      '母',
      'GC261120-7K3M',
      '2026年11月20日 12:00',
      '2026年11月23日 12:00',
    ]) {
      expect(waiting.textContent).toContain(shown)
    }
    expect(within(teen).queryByRole('button', { name: '本人確認に進む' })).toBeNull()
  })

  it('keeps the half-typed guardian form through a reload, and forgets it once sent', async () => {
    serve([[minorAudition()]], { [ASK]: () => wrapperResponse({ entity: pending }) })
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    await card()
    type(/保護者の方のお名前/, '山田 花子')
    fireEvent.change(screen.getByLabelText('あなたとの続柄'), { target: { value: 'FATHER' } })
    type(/保護者の方のメールアドレス/, 'taro@exa')
    cleanup()
    // A reload: a new app over this tab's storage (which renderWithProviders would empty).
    vi.spyOn(Storage.prototype, 'clear').mockImplementation(() => undefined)
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    vi.mocked(Storage.prototype.clear).mockRestore()
    await card()
    expect(fieldValue(/保護者の方のお名前/)).toBe('山田 花子')
    expect(fieldValue(/あなたとの続柄/)).toBe('FATHER')
    expect(fieldValue(/保護者の方のメールアドレス/)).toBe('taro@exa')

    type(/保護者の方のメールアドレス/, 'taro@example.jp')
    fireEvent.click(screen.getByRole('button', { name: '保護者の方に同意のお願いを送る' }))
    await vi.waitFor(() => expect(sessionStorage.length).toBe(0))
  })

  it('tells what is wrong in Japanese, before sending and from the server', async () => {
    const calls = serve([[minorAudition()]], {
      [ASK]: () =>
        wrapperResponse({ error: { code: 'AUDITION_GUARDIAN_MAIL_OWN', message: 'own address' } }, 400),
    })
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const teen = await card()
    fireEvent.click(within(teen).getByRole('button', { name: '保護者の方に同意のお願いを送る' }))
    // Each next to its field (and listed together above the form).
    await within(teen).findAllByText('保護者の方のお名前を入力してください。')
    for (const [label, message] of [
      [/保護者の方のお名前/, '保護者の方のお名前を入力してください。'],
      [/あなたとの続柄/, '続柄を選んでください。'],
      [/保護者の方のメールアドレス/, 'メールアドレスを正しく入力してください。'],
    ] as const) {
      const control = screen.getByLabelText(label)
      expect(control.getAttribute('aria-invalid')).toBe('true')
      const described = (control.getAttribute('aria-describedby') ?? '').split(' ')
      expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message)
    }
    expect(calls.some((call) => call.key === ASK)).toBe(false)

    type(/保護者の方のお名前/, '山田 花子')
    fireEvent.change(screen.getByLabelText('あなたとの続柄'), { target: { value: 'MOTHER' } })
    type(/保護者の方のメールアドレス/, 'me@example.jp')
    fireEvent.click(within(teen).getByRole('button', { name: '保護者の方に同意のお願いを送る' }))
    expect(
      await within(teen).findByText(
        'あなた自身のメールアドレスは使えません。保護者の方のメールアドレスを入力してください。',
      ),
    ).toBeTruthy()
  })

  it('sends the request again, or to another address, while waiting', async () => {
    const calls = serve([[minorAudition({ step: 'WAITING_FOR_GUARDIAN', guardianConsent: pending })]], {
      [ASK]: () => wrapperResponse({ entity: { ...pending, referenceNumber: 'GC261120-9XYZ' } }),
    })
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const teen = await card()
    fireEvent.click(within(teen).getByRole('button', { name: '同じ宛先にもう一度送る' }))
    expect(await within(teen).findByText(/もう一度送りました/)).toBeTruthy()
    expect(calls.find((call) => call.key === ASK)!.body).toEqual({
      guardianName: '山田 花子',
      relation: 'MOTHER',
      mailAddress: 'hanako@example.jp',
    })

    fireEvent.click(within(teen).getByRole('button', { name: '宛先を変えて送る' }))
    expect(fieldValue(/保護者の方のメールアドレス/)).toBe('hanako@example.jp')
    expect(fieldValue(/あなたとの続柄/)).toBe('MOTHER')
  })

  it.each([
    [
      { ...pending, state: 'DECLINED', answeredAt: '2026-11-21T09:30:00' },
      '保護者の方が同意しませんでした（2026年11月21日 09:30）',
    ],
    [{ ...pending, state: 'EXPIRED' }, '同意のお願いの有効期限（2026年11月23日 12:00）が過ぎました'],
  ] as const)('says what became of the last request (%#), and asks again', async (consent, said) => {
    serve([[minorAudition({ guardianConsent: consent as GuardianConsent })]])
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const teen = await card()
    expect(teen.textContent).toContain(said)
    expect(within(teen).getByRole('button', { name: '保護者の方に同意のお願いを送る' })).toBeTruthy()
  })

  it('after the guardian agreed: the agreement, what will be sent, and the identity check', async () => {
    const agreed = { ...pending, state: 'AGREED', answeredAt: '2026-11-20T13:00:00' } as const
    const calls = serve([[minorAudition({ step: 'IDENTITY_CHECK', guardianConsent: agreed })]], {
      [START]: () =>
        wrapperResponse({ error: { code: 'IDENTITY_VERIFIER_UNAVAILABLE', message: 'down' } }, 503),
    })
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const teen = await card()
    expect(teen.textContent).toContain('応募の状況：本人確認へ')
    expect(teen.textContent).toContain('保護者の方（母）が同意しました（2026年11月20日 13:00）')
    expect(teen.textContent).toContain('本人確認ができると、次の内容を主催者（ミルキー）に送ります')
    expect(teen.textContent).toContain('保護者の方の同意（続柄と日時）')
    fireEvent.click(within(teen).getByRole('button', { name: '本人確認に進む' }))
    await within(teen).findByRole('alert')
    expect(calls.filter((call) => call.key === START)).toHaveLength(1)
  })

  it('shows exactly what was sent to the organiser, with the dates', async () => {
    serve([
      [
        minorAudition({
          step: 'SENT',
          check: {
            id: 'c1',
            auditionId: 'teen',
            state: 'VERIFIED',
            startedAt: '2026-11-20T13:30:00',
            completedAt: '2026-11-20T14:00:00',
          },
          guardianConsent: { ...pending, state: 'AGREED', answeredAt: '2026-11-20T13:00:00' },
          application: {
            sentAt: '2026-11-20T14:00:05',
            sent: {
              referenceNumber: 'AU261120-4F7KQ2',
              birthday: '2009-05-01',
              age: 17,
              identityCheck: { result: 'VERIFIED', sessionId: 'vs_1', completedAt: '2026-11-20T14:00:00' },
              guardianConsent: { relation: 'MOTHER', consentedAt: '2026-11-20T13:00:00' },
            },
          },
        }),
      ],
    ])
    renderWithProviders(<AuditionScreen />, { path: '/sp/audition' })
    const teen = await card()
    expect(teen.textContent).toContain('応募の状況：送信済み')
    const sent = within(teen).getByRole('region', { name: '主催者に送った内容' })
    expect(sent.textContent).toContain('2026年11月20日 14:00に主催者へ送信しました。')
    const rows = within(sent)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent])
    expect(rows).toEqual([
      ['応募番号', 'AU261120-4F7KQ2'],
      ['生年月日', '2009年5月1日'],
      ['応募時の年齢', '17歳'],
      ['本人確認', '確認済み（2026年11月20日 14:00）'],
      ['保護者の同意', '同意あり・母（2026年11月20日 13:00）'],
    ])
    expect(sent.textContent).not.toContain('山田')
    expect(sent.textContent).not.toContain('hanako@example.jp')
    expect(within(teen).queryByRole('button')).toBeNull()
  })
})
